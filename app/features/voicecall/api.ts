import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '#app/features/session/api.ts';
import { ApiError, api } from '#app/http.ts';
import type { CheckPhonecallResponse, InitPhonecallResponse } from '#common/api/billing.ts';
import { VOICECALL_POLL_ACTIVE_MS, VOICECALL_POLL_AWAITED_MS } from '#common/constants.ts';
import { VOICECALL_KEY } from './query-key.ts';

/** GET billing/check_phonecall: the latest call of this session and whether voice-call mode is on. */
export const voicecallQuery = queryOptions({
  queryKey: VOICECALL_KEY,
  queryFn: ({ signal }) => api<CheckPhonecallResponse>('GET', 'billing/check_phonecall', undefined, { signal }),
});

/**
 * The call as a page that shows it follows it: polled as the spec says (below), and read again at
 * once on `user:phonecall` (realtime-socket.ts), also when the shell is not watching the session.
 */
export const followedVoicecallQuery = queryOptions({
  ...voicecallQuery,
  refetchInterval: (q) => pollInterval(q.state.data),
  // The call page in the pop-up, or the telephone, has the member's attention while the call runs.
  refetchIntervalInBackground: true,
});

/** Spec: polled every 2.5 s while a start is awaited, every 10 s while active, not at all otherwise. */
export function pollInterval(data: CheckPhonecallResponse | undefined): number | false {
  if (!data) return false;
  if (data.call?.state === 'awaited') return VOICECALL_POLL_AWAITED_MS;
  if (data.call?.state === 'active' || data.voicecall) return VOICECALL_POLL_ACTIVE_MS;
  return false;
}

export type StartOutcome = { kind: 'started'; start: InitPhonecallResponse } | { kind: 'age_check_required' };

/**
 * POST billing/init_phonecall. A session without the age check is an answer here (the panel sends
 * the member to the age check), not a global 403 that would send them home.
 */
export function useStartCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { paymenttypeid: number; productid: number }): Promise<StartOutcome> => {
      try {
        return { kind: 'started', start: await api<InitPhonecallResponse>('POST', 'billing/init_phonecall', body) };
      } catch (err) {
        if (err instanceof ApiError && err.status === 403 && err.body?.error === 'age_check_required') {
          return { kind: 'age_check_required' };
        }
        throw err;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind !== 'started') return;
      client.setQueryData(VOICECALL_KEY, (old: CheckPhonecallResponse | undefined) => ({
        voicecall: old?.voicecall ?? false,
        call: outcome.start.call,
      }));
      // The session now names its voice-call package, which lets the shell watch the call.
      void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
