import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { ContentList } from '#common/api/uploads.ts';
import { PERFORMER_META } from './api.ts';

/** Her videos and galleries with status and processing; read again while something is processed. */
export const studioContentQuery = queryOptions({
  queryKey: ['studio', 'content'] as const,
  queryFn: ({ signal }) => api<ContentList>('GET', 'studio/content', undefined, { signal }),
  meta: PERFORMER_META,
  refetchInterval: (query) =>
    query.state.data?.data.some((d) => d.processing === 'queued' || d.processing === 'running') ? 2_000 : 30_000,
});
