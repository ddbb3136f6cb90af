import { centsPerCoinText } from '#common/domain/payouts.ts';
import type { StatementRow } from '#server/features/payouts/data.ts';

/**
 * A month's statements as CSV for the bank run (RFC 4180: every field quoted, quotes doubled,
 * CRLF lines). A text field a spreadsheet would read as a formula (starting with = + - @, a tab or
 * a carriage return) is prefixed with an apostrophe, so a show name like `=HYPERLINK(...)` stays text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Cents as an exact decimal "1234.56" (no float). */
export const eurosText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const HEADER = [
  'statement',
  'period',
  'show',
  'earnings_account',
  'state',
  'coins',
  'cents_per_coin',
  'amount_eur',
  'paid_on',
  'payment_reference',
];

export function statementsCsv(rows: StatementRow[]): string {
  const lines = [HEADER.map(csvField).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.id,
        r.period,
        r.showName,
        r.earningsUserId,
        r.state,
        r.coins,
        centsPerCoinText(r.rate),
        eurosText(r.amountCents),
        r.paidOn,
        r.paymentReference,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
