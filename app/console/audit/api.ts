import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_PAGE_SIZES,
  type AuditOperators,
  type AuditPageAnswer,
} from '#common/api/admin-audit.ts';
import { consoleApi } from '../api.ts';

/** The filter as the address holds it (each as typed: the server checks them), and the page shown. */
export type AuditView = {
  operator: string;
  action: string;
  type: string;
  subject: string;
  page: number;
  pageSize: number;
  sort: 'asc' | 'desc';
};
export type AuditFilterFields = Pick<AuditView, 'operator' | 'action' | 'type' | 'subject'>;
export const FILTER_FIELDS = ['operator', 'action', 'type', 'subject'] as const;

/** The view of an address: /admin/audit?type=operator&subject=5&page=2&size=100&sort=asc */
export function viewOf(params: URLSearchParams): AuditView {
  const page = params.get('page') ?? '';
  const size = Number(params.get('size'));
  return {
    operator: params.get('operator') ?? '',
    action: params.get('action') ?? '',
    type: params.get('type') ?? '',
    subject: params.get('subject') ?? '',
    page: /^[0-9]{1,5}$/.test(page) ? Number(page) : 0,
    pageSize: (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : AUDIT_PAGE_SIZE,
    sort: params.get('sort') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address of a view: only what differs from the first page, newest first, 50 a page. */
export function paramsOf(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) if (view[field]) params.set(field, view[field]);
  if (view.page) params.set('page', String(view.page));
  if (view.pageSize !== AUDIT_PAGE_SIZE) params.set('size', String(view.pageSize));
  if (view.sort === 'asc') params.set('sort', 'asc');
  return params;
}

export const auditQuery = (view: AuditView) =>
  queryOptions({
    queryKey: ['console', 'audit', view],
    queryFn: ({ signal }) =>
      consoleApi<AuditPageAnswer>('GET', 'audit', undefined, {
        signal,
        query: {
          operator: view.operator,
          action: view.action,
          type: view.type,
          subject: view.subject,
          page: view.page,
          pageSize: view.pageSize,
          sort: view.sort,
        },
      }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const auditOperatorsQuery = queryOptions({
  queryKey: ['console', 'audit', 'operators'],
  queryFn: ({ signal }) => consoleApi<AuditOperators>('GET', 'audit/operators', undefined, { signal }),
  staleTime: 60_000,
});
