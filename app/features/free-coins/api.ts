import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQuery, useSetUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import type { FreeCoinsStatus, FreeCoinsVerified, PendingCode } from '#common/api/free-coins.ts';

/** The offer, and for a member whether they got it or a code is on its way. */
export const freeCoinsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['free-coins', userId] as const,
    queryFn: ({ signal }) => api<FreeCoinsStatus>('GET', 'free_coins', undefined, { signal }),
    staleTime: 30_000,
  });

/** Texts a code to the number; the answer is the pending code (where it went, until when). */
export function useSendCode(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api<PendingCode>('POST', 'free_coins/send', { phone }),
    onSuccess: (pending) =>
      client.setQueryData(freeCoinsQuery(userId).queryKey, (old) => (old ? { ...old, pending } : old)),
  });
}

/**
 * Redeems the code: the user with the new balance goes into the session cache, and the session
 * is fetched again so its sms_coins_available (and the menu item) follow.
 */
export function useVerifyCode(userId: number) {
  const client = useQueryClient();
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (code: string) => api<FreeCoinsVerified>('POST', 'free_coins/verify', { code }),
    onSuccess: ({ user }) => {
      setUser(user);
      client.setQueryData(freeCoinsQuery(userId).queryKey, (old) =>
        old ? { ...old, received: true, pending: null } : old,
      );
      void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
