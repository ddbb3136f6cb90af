import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { ComplaintBody, StudioStatement } from '#common/api/notices.ts';
import { PERFORMER_META } from './api.ts';

/** Her statements of reasons (EU DSA Art. 17), newest first, each with her complaint if she filed one. */
export const studioStatementsQuery = queryOptions({
  queryKey: ['studio', 'statements'] as const,
  queryFn: ({ signal }) => api<{ data: StudioStatement[] }>('GET', 'studio/statements', undefined, { signal }),
  meta: PERFORMER_META,
});

/** Her complaint about the decision behind a statement (Art. 20); the list is read again after it. */
export function useStudioComplaint(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintBody) => api<StudioStatement>('POST', `studio/statements/${id}/complaint`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: studioStatementsQuery.queryKey }),
    meta: PERFORMER_META,
  });
}
