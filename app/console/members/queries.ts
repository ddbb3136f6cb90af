import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  MemberDetail,
  MemberLedgerAnswer,
  MemberOrdersAnswer,
  MemberPurchasesAnswer,
  MemberSearchAnswer,
  MemberSort,
} from '#common/api/admin-members.ts';
import { consoleApi } from '../api.ts';

/**
 * The member screens' reads. Every key starts with ['console', 'members'], so a change announced
 * on the operators' socket under that topic (a colleague blocked her, a refund came back) and
 * every action of these screens read them again.
 */

export type SearchParams = { q: string; page: number; pageSize: number; sort?: MemberSort; order: 'asc' | 'desc' };
export type ListPage = { page: number; pageSize: number };
export type MemberList = 'ledger' | 'orders' | 'purchases';

export const MEMBERS_KEY = ['console', 'members'] as const;

export const searchQuery = (p: SearchParams) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, 'search', p],
    queryFn: ({ signal }) =>
      consoleApi<MemberSearchAnswer>('GET', 'members', undefined, {
        signal,
        query: { q: p.q, page: p.page, pageSize: p.pageSize, sort: p.sort, order: p.sort ? p.order : undefined },
      }),
    enabled: p.q !== '',
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, 'member', id],
    queryFn: ({ signal }) => consoleApi<MemberDetail>('GET', `members/${id}`, undefined, { signal }),
  });

type ListAnswer = { ledger: MemberLedgerAnswer; orders: MemberOrdersAnswer; purchases: MemberPurchasesAnswer };

export const listQuery = <L extends MemberList>(id: number, list: L, page: ListPage) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, 'member', id, list, page],
    queryFn: ({ signal }) =>
      consoleApi<ListAnswer[L]>('GET', `members/${id}/${list}`, undefined, {
        signal,
        query: { page: page.page, pageSize: page.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
