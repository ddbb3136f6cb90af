import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { IssueStudioReferralInput, StudioReferralCode, StudioReferrals } from '#common/api/referrals.ts';
import { PERFORMER_META } from './api.ts';

/** Her codes with what each brought; read again when she comes back to the page. */
export const studioReferralsQuery = queryOptions({
  queryKey: ['studio', 'referrals'] as const,
  queryFn: ({ signal }) => api<StudioReferrals>('GET', 'studio/referrals', undefined, { signal }),
  meta: PERFORMER_META,
  staleTime: 60_000,
});

/** Issues a code (her text, or empty for a generated one); the list is read again afterwards. */
export function useIssueReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueStudioReferralInput) => api<StudioReferralCode>('POST', 'studio/referrals', body),
    onSettled: () => client.invalidateQueries({ queryKey: studioReferralsQuery.queryKey }),
    meta: PERFORMER_META,
  });
}

/** Retires one of her codes; its figures stay in the list. */
export function useRetireReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<StudioReferralCode>('POST', `studio/referrals/${encodeURIComponent(code)}/retire`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: studioReferralsQuery.queryKey }),
    meta: PERFORMER_META,
  });
}
