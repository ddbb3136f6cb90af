import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type SessionState, sessionQuery, useSetUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import type { User } from '#common/api/auth.ts';
import type { SessionInfo } from '#common/api/session.ts';
import { VERSION_POLL_MS } from '#common/constants.ts';

/** Writes a fresh session object into the cache every component reads. */
function useSetSession() {
  const client = useQueryClient();
  return (session: SessionInfo) =>
    client.setQueryData<SessionState>(sessionQuery.queryKey, (old) => (old ? { ...old, session } : old));
}

export function useConfirmSplash() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: () => api<{ session: SessionInfo }>('GET', 'session/splash18'),
    onSuccess: ({ session }) => setSession(session),
  });
}

export const versionQuery = queryOptions({
  queryKey: ['version'] as const,
  queryFn: async ({ signal }) => (await api<string>('GET', 'version', undefined, { signal })).trim(),
  refetchInterval: VERSION_POLL_MS,
  staleTime: VERSION_POLL_MS,
  retry: false,
});

/** Stores the member's language choice on the account, so mails and the next visit use it. */
export function useSaveLocale() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (locale: 'en' | 'de') => api<{ user: User }>('PUT', 'user/update', { locale }),
    onSuccess: ({ user }) => setUser(user),
  });
}
