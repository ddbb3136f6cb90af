import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sessionQuery, useSessionState } from '#app/features/session/api.ts';

/** Opens the socket for a member and answers how to close it. */
export type OpenRealtime = (queryClient: QueryClient) => Promise<() => void>;
/** Runs a start when the browser is idle; answers how to cancel it. */
export type WhenIdle = (start: () => void) => () => void;

// The socket code is its own chunk: nothing of it is in the index route's JS.
const openLazily: OpenRealtime = (queryClient) =>
  import('./realtime-socket.ts').then((m) => m.openRealtime(queryClient, sessionQuery.queryKey));

/** After the first paint, when the browser has nothing else to do (at most 3 s later). */
const afterIdle: WhenIdle = (start) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(start, 1500);
  return () => clearTimeout(id);
};

/** The catalogue's pages, where visitors see live online states too: index, shows, show pages, search. */
export const isCataloguePath = (pathname: string) =>
  pathname === '/' || /^\/(shows|chat|search|~shows|~search)(\/|$)/.test(pathname);

/**
 * The real-time socket (spec, part 1 "Sign-in"): open while a member is logged in, closed on
 * logout or when another member logs in. Visitors get one while they are on a catalogue page,
 * opened when the browser is idle, for the shows' live online states.
 */
export function useRealtime(open: OpenRealtime = openLazily, whenIdle: WhenIdle = afterIdle) {
  const queryClient = useQueryClient();
  const { user, pending } = useSessionState();
  const userId = user?.id ?? null;
  const { pathname } = useLocation();
  // A server-rendered page waits for the visitor's session: a member's socket is opened as hers at once.
  const who = pending ? null : userId !== null ? `member:${userId}` : isCataloguePath(pathname) ? 'visitor' : null;

  useEffect(() => {
    if (who === null) return;
    let close: (() => void) | null = null;
    let ended = false;
    const start = () => {
      open(queryClient)
        .then((opened) => {
          // Logged out (or unmounted) while the code was loading.
          if (ended) opened();
          else close = opened;
        })
        // No socket when its code cannot load (offline, new deploy): the pages work without it.
        .catch(() => undefined);
    };
    let cancel = () => {};
    if (who === 'visitor') cancel = whenIdle(start);
    else start();
    return () => {
      ended = true;
      cancel();
      close?.();
    };
  }, [who, open, queryClient, whenIdle]);
}
