import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshSession, sessionQuery } from './api.ts';

/**
 * The `fetchUser` message (spec part 1, calls: session/init "on a 'fetchUser' message while logged
 * out"): a window of this site that signed in (a login or payment pop-up, another tab) tells the
 * others, which read their session again and so pick the login up. It travels two ways: posted to
 * the opener (a pop-up's `window.opener`, same origin only) and on a BroadcastChannel every tab of
 * this origin hears.
 */
export const FETCH_USER = 'fetchUser';
const CHANNEL = 'livecam-session';

/** A message is `fetchUser` as a plain string or as `{ type: 'fetchUser' }`; nothing else counts. */
export const isFetchUser = (data: unknown) =>
  data === FETCH_USER ||
  (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === FETCH_USER);

/** Tells the site's other windows and tabs that this one signed in. */
export function announceSignedIn() {
  if (typeof window === 'undefined') return;
  try {
    if (window.opener && window.opener !== window) {
      (window.opener as Window).postMessage(FETCH_USER, window.location.origin);
    }
  } catch {
    // An opener of another origin cannot be written to: it is not one of ours.
  }
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(FETCH_USER);
  channel.close();
}

/** Reads the session again when this tab has no member; a signed-in tab has nothing to pick up. */
function onFetchUser(client: QueryClient) {
  const state = client.getQueryData(sessionQuery.queryKey);
  if (state?.user) return;
  refreshSession(client, window.location.search).catch(() => undefined);
}

/** Listens for `fetchUser` from this origin's windows and tabs while the shell is on screen. */
export function useFetchUserMessages() {
  const client = useQueryClient();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isFetchUser(event.data)) onFetchUser(client);
    };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event) => {
      if (isFetchUser(event.data)) onFetchUser(client);
    });
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [client]);
}
