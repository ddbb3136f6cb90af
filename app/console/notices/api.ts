import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ComplaintList,
  ComplaintListQuery,
  NoticeDetail,
  NoticeList,
  NoticeListQuery,
} from '#common/api/admin-notices.ts';
import { consoleApi } from '../api.ts';

/** The notices screens' reads: every key starts with ['console', 'notices'], so the socket refreshes them. */

export const noticeListQuery = (q: NoticeListQuery) =>
  queryOptions({
    queryKey: ['console', 'notices', 'list', q],
    queryFn: ({ signal }) => consoleApi<NoticeList>('GET', 'notices', undefined, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const complaintListQuery = (q: ComplaintListQuery) =>
  queryOptions({
    queryKey: ['console', 'notices', 'complaints', q],
    queryFn: ({ signal }) => consoleApi<ComplaintList>('GET', 'notices/complaints', undefined, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'notices', 'notice', id],
    queryFn: ({ signal }) => consoleApi<NoticeDetail>('GET', `notices/${id}`, undefined, { signal }),
  });

/** A time every operator reads alike: UTC, to the minute. */
export const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
