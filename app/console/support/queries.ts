import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SupportList, SupportThread } from '#common/api/admin-support.ts';
import { consoleApi } from '../api.ts';

/** The support desk's reads: under ['console', 'support'], so the socket's 'support' reads them again. */

export const supportListQuery = (page: { unreadOnly: boolean; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['console', 'support', 'list', page],
    queryFn: ({ signal }) =>
      consoleApi<SupportList>('GET', 'support', undefined, {
        signal,
        query: { unread: page.unreadOnly ? 'true' : undefined, page: page.page, pageSize: page.pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const supportThreadQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'support', 'thread', id],
    queryFn: ({ signal }) => consoleApi<SupportThread>('GET', `support/${id}`, undefined, { signal }),
  });

/** A time every operator reads alike: UTC, to the minute. */
export const utcMinute = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
