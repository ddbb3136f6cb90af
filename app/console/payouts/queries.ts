import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PayoutOverview, StatementPage, StatementsQuery } from '#common/api/admin-payouts.ts';
import { ApiError } from '../../api-error.ts';
import { consoleApi } from '../api.ts';
import type { PayoutTexts } from './texts.ts';

/** The months: read again when a change of payouts is announced (['console', 'payouts']). */
export const overviewQuery = queryOptions({
  queryKey: ['console', 'payouts', 'months'],
  queryFn: ({ signal }) => consoleApi<PayoutOverview>('GET', 'payouts', undefined, { signal }),
});

/** A page of a month's statements; the page shown stays while the next one loads. */
export const monthQuery = (period: string, q: StatementsQuery) =>
  queryOptions({
    queryKey: ['console', 'payouts', 'month', period, q],
    queryFn: ({ signal }) =>
      consoleApi<StatementPage>('GET', `payouts/${period}`, undefined, { signal, query: { ...q } }),
    placeholderData: keepPreviousData,
  });

/** The words for a refusal this screen knows better than the console's general ones. */
export function payoutRefusal(t: PayoutTexts, err: unknown, period: string): string | null {
  if (!(err instanceof ApiError)) return null;
  const fields = err.fieldErrors();
  if (fields.period?.endsWith('not_closed')) return t.notClosed(period);
  const reasons: Record<string, string> = {
    later_exists: t.laterExists,
    not_due: t.notDue,
    no_coins: t.noCoins,
  };
  return err.status === 409 ? (reasons[err.body?.message ?? ''] ?? null) : null;
}
