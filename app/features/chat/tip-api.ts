import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSetCoins } from '#app/features/videos/coins.ts';
import { ApiError, api } from '#app/http.ts';
import type { chatTipAnswer } from '#common/api/chat.ts';

type TipAnswer = z.infer<typeof chatTipAnswer>;

/** Why a tip did not go through, as the selector tells it. */
export type TipFailure = 'no_coins' | 'not_open' | 'failed';

export function tipFailure(error: unknown): TipFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 402) return 'no_coins';
  // The session ended (or is not this member's) while the menu was open.
  if (error.status === 409 || error.status === 404) return 'not_open';
  return 'failed';
}

/**
 * POST /chatsession/tip/{sessionId} {amount, key}: one key per opening of the selector, so a
 * second click (or a retry after a lost answer) is the same tip on the server. The answer's
 * balance replaces the member's.
 */
export function useSendTip(sessionId: string) {
  const setCoins = useSetCoins();
  return useMutation({
    mutationFn: (tip: { amount: number; key: string }) =>
      api<TipAnswer>('POST', `chatsession/tip/${encodeURIComponent(sessionId)}`, tip),
    onSuccess: (answer) => setCoins(answer.coins),
  });
}
