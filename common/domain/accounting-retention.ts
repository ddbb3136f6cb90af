import { wallClock } from './favorite-time.ts';
import { periodBounds } from './payouts.ts';

/**
 * How long an erased member's accounting records are kept (decision 069): orders, payment events,
 * the coin ledger and its vouchers stay under the anonymous id for ten years after the end of the
 * calendar year of the account's last entry (HGB §257 (4) and (5), AO §147 (3) and (4)), the year
 * counted in Berlin time, where the books are kept.
 */
export const ACCOUNTING_RETENTION_YEARS = 10;
export const ACCOUNTING_TIME_ZONE = 'Europe/Berlin';

/** The Berlin calendar year of an instant. */
export function accountingYear(at: Date): number {
  return Number(wallClock(ACCOUNTING_TIME_ZONE, at).date.slice(0, 4));
}

/** Midnight in Berlin on 1 January of `year`. */
export function accountingYearStart(year: number): Date {
  return periodBounds(`${String(year).padStart(4, '0')}-01`).start;
}

/**
 * The first instant at which records whose last entry was at `lastEntry` may be deleted: the
 * retention period starts when that calendar year ends and runs ten whole years, so an entry of
 * any day of 2026 may go from 1 January 2037, 00:00 Berlin time.
 */
export function accountingRecordsDeletableFrom(lastEntry: Date): Date {
  return accountingYearStart(accountingYear(lastEntry) + ACCOUNTING_RETENTION_YEARS + 1);
}

/** Whether records whose last entry was at `lastEntry` may be deleted at `now`. */
export const accountingRecordsDue = (lastEntry: Date, now: Date): boolean =>
  now.getTime() >= accountingRecordsDeletableFrom(lastEntry).getTime();

/**
 * The same rule seen from `now`, for a query: every account whose last entry is before this
 * instant is due (its year is at least eleven years before the current one).
 */
export function lastEntryDueBefore(now: Date): Date {
  return accountingYearStart(accountingYear(now) - ACCOUNTING_RETENTION_YEARS);
}
