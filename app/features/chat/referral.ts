import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/http.ts';
import type { rufAnswer } from '#common/api/chat.ts';
import { chatActions } from './store.ts';

type RufAnswer = z.infer<typeof rufAnswer>;

/**
 * POST /ruf/stream {code} (spec part 2 "ruf": code, invalid, loading, session): an answer other
 * than `result: 'ok'` is a failure like any refusal. The free session it opened becomes the
 * running one, so the show page's overlay shows it (her free chat may be off: only the code let
 * this visitor in, and a start of its own would be refused).
 */
export function useReferralStream() {
  return useMutation({
    mutationFn: async (code: string) => {
      const answer = await api<RufAnswer>('POST', 'ruf/stream', { code });
      if (answer?.result !== 'ok') throw new Error('referral code refused');
      return answer;
    },
    onSuccess: (answer) => {
      chatActions.request(answer.universalId, 'free');
      chatActions.started(answer.session);
    },
  });
}
