import { queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { User } from '#common/api/auth.ts';
import type { SessionInfo } from '#common/api/session.ts';
import type { PublicConfig } from '#common/api/system.ts';

export type SessionState = { session: SessionInfo; user: User | null };

export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: ({ signal }) => api<SessionState>('GET', 'session/init', undefined, { signal }),
  staleTime: 60_000,
});

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
