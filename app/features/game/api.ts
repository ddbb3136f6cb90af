import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { couponsQuery } from '#app/features/coupons/api.ts';
import { api } from '#app/http.ts';
import { GAME_IDEMPOTENCY_HEADER, type GameStatus, type SpinResponse } from '#common/api/game.ts';

/** The prize table, and for a member her spins left, next spin and latest results. */
export const gameQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['game', userId] as const,
    queryFn: ({ signal }) => api<GameStatus>('GET', 'game', undefined, { signal }),
    staleTime: 60_000,
  });

/**
 * One spin. The key stays the same until an answer arrives, so a retry after a lost answer gets
 * the spin the server made then (never a second one); a new spin gets a new key.
 */
export function useSpin() {
  const key = useRef<string>(crypto.randomUUID());
  return useMutation({
    mutationFn: () =>
      api<SpinResponse>('POST', 'game/spin', {}, { headers: { [GAME_IDEMPOTENCY_HEADER]: key.current } }),
    onSuccess: () => {
      key.current = crypto.randomUUID();
    },
  });
}

/**
 * Once the reels stand, the answer becomes the page's state (countdown, latest spins) and the
 * coupons are fetched again (the list and the billing badge); not before, so nothing tells the
 * result while the reels still roll.
 */
export function useSettleSpin(userId: number) {
  const client = useQueryClient();
  return useCallback(
    ({ member }: SpinResponse) => {
      client.setQueryData(gameQuery(userId).queryKey, (old) => (old ? { ...old, member } : old));
      void client.invalidateQueries({ queryKey: couponsQuery.queryKey });
    },
    [client, userId],
  );
}
