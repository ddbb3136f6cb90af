import type { ConsoleStatement, PayoutMonth, StatementSort, StatementsQuery } from '#common/api/admin-payouts.ts';
import { centsPerCoinText } from '#common/domain/payouts.ts';
import type { PeriodSummary, StatementRow } from '#server/features/payouts/data.ts';

/** A statement as the console shows it: its figures, its fate, the bank's reference once paid. */
export const presentStatement = (r: StatementRow): ConsoleStatement => ({
  id: r.id,
  period: r.period,
  showName: r.showName,
  earningsAccount: r.earningsUserId,
  byKind: { chat: r.coinsChat, tip: r.coinsTip, message: r.coinsMessage, picture: r.coinsPicture, other: r.coinsOther },
  earned: r.earned,
  carriedIn: r.carriedIn,
  coins: r.coins,
  centsPerCoin: centsPerCoinText(r.rate),
  amountCents: r.amountCents,
  state: r.state,
  carriedInto: r.carriedInto,
  paidOn: r.paidOn,
  paymentReference: r.paymentReference,
  createdAt: r.createdAt.toISOString(),
});

export const presentMonth = (period: string, s: PeriodSummary | null, canGenerate: boolean): PayoutMonth => ({
  period,
  statements: s?.statements ?? 0,
  due: s?.due ?? 0,
  dueCents: s?.dueCents ?? 0,
  paid: s?.paid ?? 0,
  paidCents: s?.paidCents ?? 0,
  carried: s?.carried ?? 0,
  canGenerate,
});

const STATE_ORDER = { due: 0, paid: 1, carried: 2 } as const;

const compare: Record<StatementSort, (a: StatementRow, b: StatementRow) => number> = {
  showName: (a, b) => a.showName.localeCompare(b.showName),
  coins: (a, b) => a.coins - b.coins,
  amountCents: (a, b) => a.amountCents - b.amountCents,
  state: (a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state],
  // Unpaid ones (no date) after the paid ones, whichever way.
  paidOn: (a, b) => (a.paidOn ?? '9999').localeCompare(b.paidOn ?? '9999'),
};

/**
 * One page of a month's statements in the order asked for, ties by show name and id. A month has
 * a statement per performer who earned in it, a few thousand at most: sorted here, not by SQL.
 */
export function pageOf(rows: StatementRow[], q: StatementsQuery) {
  const sign = q.order === 'desc' ? -1 : 1;
  const sorted = [...rows].sort(
    (a, b) => sign * compare[q.sort](a, b) || a.showName.localeCompare(b.showName) || a.id - b.id,
  );
  const start = q.page * q.pageSize;
  return sorted.slice(start, start + q.pageSize).map(presentStatement);
}
