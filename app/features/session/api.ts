import { type QueryClient, queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { User } from '#common/api/auth.ts';
import type { SessionInfo } from '#common/api/session.ts';
import type { PublicConfig } from '#common/api/system.ts';

/**
 * `pending`: the stand-in a server-rendered page starts with. The server renders every public page
 * as a visitor sees it (one cached HTML for all), so the real session is asked for once the page
 * has hydrated; until then nothing member-specific and no overlay (splash, consent) is shown.
 */
export type SessionState = { session: SessionInfo; user: User | null; pending?: true };

/** The session a server-rendered page is drawn with: a visitor's, not yet known. */
export const PENDING_SESSION: SessionState = {
  session: {
    webid: 0,
    website_id: 0,
    session_id: '',
    domain: '',
    visitor_id: null,
    splash18_confirmed: false,
    agechecked: false,
    redirect_splash: null,
    voicecall: false,
    phonecall_payment_type_id: null,
    phonecall_product_id: null,
    phonecall_payment_name: null,
    sms_coins_disabled: false,
    sms_coins_available: false,
    temp_nickname: null,
    welcome_dialog: null,
    incentive_tsp: null,
    _date: '',
  },
  user: null,
  pending: true,
};

export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: ({ signal }) => api<SessionState>('GET', 'session/init', undefined, { signal }),
  staleTime: 60_000,
});

/**
 * Reads the session and user afresh into the cache. `search` is a route's query (`?webid=7&ref=x`),
 * sent along (spec: session/init "with the route query after a logout"), so a tracking or partner
 * parameter of the page reaches the server with the new visitor session.
 */
export function refreshSession(client: QueryClient, search = ''): Promise<SessionState> {
  const query = Object.fromEntries(new URLSearchParams(search));
  return client.fetchQuery({
    ...sessionQuery,
    queryFn: ({ signal }) => api<SessionState>('GET', 'session/init', undefined, { signal, query }),
    staleTime: 0,
  });
}

export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => api<PublicConfig>('GET', 'config', undefined, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Session and user; the root loader has loaded them before any page renders. */
export const useSessionState = () => useSuspenseQuery(sessionQuery).data;
export const useUser = () => useSessionState().user;
export const usePublicConfig = () => useSuspenseQuery(configQuery).data;

/** Writes a fresh user (or null after logout) into the cache every component reads. */
export function useSetUser() {
  const client = useQueryClient();
  return (user: User | null) => client.setQueryData(sessionQuery.queryKey, (old) => (old ? { ...old, user } : old));
}
