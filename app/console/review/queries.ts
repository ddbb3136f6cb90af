import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReviewItem, ReviewKind, ReviewQueue } from '#common/api/admin-review.ts';
import { consoleApi } from '../api.ts';

/** The review queue's reads: under ['console', 'review'], so the socket's 'review' reads them again. */

export const reviewQueueQuery = (page: { kind: ReviewKind | undefined; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['console', 'review', 'queue', page],
    queryFn: ({ signal }) =>
      consoleApi<ReviewQueue>('GET', 'review', undefined, {
        signal,
        query: { kind: page.kind, page: page.page, pageSize: page.pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const reviewItemQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'review', 'item', id],
    queryFn: ({ signal }) => consoleApi<ReviewItem>('GET', `review/${id}`, undefined, { signal }),
  });

/** The previews, served to operators who may review only. */
export const posterUrl = (id: number) => `/api/admin/review/${id}/poster`;
export const clipUrl = (id: number, part: number) => `/api/admin/review/${id}/clip/${part}`;
export const pictureUrl = (id: number, imageId: number, size: 'thumb' | 'full') =>
  `/api/admin/review/${id}/picture/${imageId}/${size}`;

/** A time every operator reads alike: UTC, to the minute. */
export const utcMinute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
