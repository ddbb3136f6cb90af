import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { create } from 'zustand';
import { api } from '#app/http.ts';
import type { ChatStartAnswer, rufAnswer } from '#common/api/chat.ts';

type RufAnswer = z.infer<typeof rufAnswer>;

/**
 * The free session a referral code opened (spec part 2 "ruf": code, invalid, loading, session),
 * until the show's chat overlay takes it instead of starting one of its own: her free chat may
 * be off, and only the code lets this visitor in.
 */
export const useReferralStore = create<{ granted: { universalId: string; session: ChatStartAnswer } | null }>(() => ({
  granted: null,
}));

/** The session a code opened for this show, once: the overlay that takes it owns it from then on. */
export function takeReferralSession(universalId: string): ChatStartAnswer | null {
  const granted = useReferralStore.getState().granted;
  if (!granted || granted.universalId !== universalId) return null;
  useReferralStore.setState({ granted: null });
  return granted.session;
}

/** POST /ruf/stream {code}: an answer other than `result: 'ok'` is a failure like any refusal. */
export function useReferralStream() {
  return useMutation({
    mutationFn: async (code: string) => {
      const answer = await api<RufAnswer>('POST', 'ruf/stream', { code });
      if (answer?.result !== 'ok') throw new Error('referral code refused');
      return answer;
    },
    onSuccess: (answer) =>
      useReferralStore.setState({ granted: { universalId: answer.universalId, session: answer.session } }),
  });
}
