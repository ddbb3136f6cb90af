import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ApplicationQueue,
  ApplicationQueueQuery,
  PerformerApplication,
  PerformerRecord,
} from '#common/api/admin-performers.ts';
import { consoleApi } from '../api.ts';

/** The performer screens' reads: under ['console', 'performers'], so a decision anywhere refreshes them. */

export const queueQuery = (query: ApplicationQueueQuery) =>
  queryOptions({
    queryKey: ['console', 'performers', 'queue', query],
    queryFn: ({ signal }) =>
      consoleApi<ApplicationQueue>('GET', 'performers', undefined, {
        signal,
        query: { page: query.page, pageSize: query.pageSize, sort: query.sort, order: query.order, state: query.state },
      }),
    placeholderData: keepPreviousData,
  });

export const applicationQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'performers', 'application', id],
    queryFn: ({ signal }) => consoleApi<PerformerApplication>('GET', `performers/${id}`, undefined, { signal }),
  });

export const recordsQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'performers', 'records', id],
    queryFn: ({ signal }) => consoleApi<PerformerRecord>('GET', `performers/${id}/records`, undefined, { signal }),
  });

/** Where her picture is read (the console's own session cookie goes with it; never cached). */
export const documentUrl = (id: number, kind: string) => `/api/admin/performers/${id}/documents/${kind}`;
