import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '#app/http.ts';
import type { NotifierComplaintBody, NotifierComplaintView } from '#common/api/notices.ts';

const complaintKey = (id: string, token: string) => ['notices', id, 'complaint', token] as const;

/** GET /api/notices/:id/complaint?token=…: the decision the mail's link names. */
export const useNotifierComplaint = (id: string, token: string) =>
  useQuery({
    queryKey: complaintKey(id, token),
    queryFn: ({ signal }) =>
      api<NotifierComplaintView>('GET', `notices/${encodeURIComponent(id)}/complaint`, undefined, {
        signal,
        query: { token },
      }),
    // A refused link (404, 410, 422) stays refused; asking again would only repeat the answer.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/notices/:id/complaint: files her complaint; the answer (state `filed`) replaces the view. */
export function useFileNotifierComplaint(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifierComplaintBody) =>
      api<NotifierComplaintView>('POST', `notices/${encodeURIComponent(id)}/complaint`, body),
    onSuccess: (view) => client.setQueryData(complaintKey(id, token), view),
  });
}

/** The words for a refusal of the page or of the send: which text of `content.notice_complaint`. */
export function refusalKey(err: unknown): 'invalid' | 'closed' | 'exists' | 'throttled' | 'offline' | 'failed' {
  if (!(err instanceof ApiError)) return 'offline';
  if (err.status === 404 || err.status === 422) return 'invalid';
  if (err.status === 410) return 'closed';
  if (err.status === 429) return 'throttled';
  if (err.status === 409) return err.body?.message === 'complaint_exists' ? 'exists' : 'closed';
  return 'failed';
}
