import { wallClock, zoneOffset } from './favorite-time.ts';

/**
 * Performer payouts (decision 034): a statement per performer and calendar month in Berlin time,
 * built from the earning rows of her show's earnings account whose ledger entry time falls in the
 * month. Coins become euro cents at a fixed rate; below the minimum payout the statement is carried
 * over and its coins count in her next one. All money is integers: coins, and the rate in hundredths
 * of a cent per coin, so no float ever touches an amount.
 */

/** The payout calendar: a month starts at midnight in Berlin, on the 1st. */
export const PAYOUT_TIME_ZONE = 'Europe/Berlin';

/**
 * How long after a month ends its statements may be made: a ledger row is stamped when its
 * transaction starts, so one stamped 23:59:59 may commit a moment later. An hour covers any
 * transaction of ours many times over.
 */
export const PAYOUT_SETTLE_MS = 60 * 60 * 1000;

/** The kinds of earning a statement shows, read from the ledger row's key (see server/features/payouts). */
export const EARNING_KINDS = ['chat', 'tip', 'message', 'picture', 'other'] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];
export type CoinsByKind = Record<EarningKind, number>;

/** A period is a month "YYYY-MM". */
const PERIOD = /^(2\d{3})-(0[1-9]|1[0-2])$/;

export const isPeriod = (raw: unknown): raw is string => typeof raw === 'string' && PERIOD.test(raw);

const pad = (n: number) => String(n).padStart(2, '0');

function parts(period: string): [number, number] {
  const m = PERIOD.exec(period);
  if (!m) throw new Error(`not a payout period: ${period}`);
  return [Number(m[1]), Number(m[2])];
}

/** The Berlin month of an instant. */
export function periodOf(at: Date): string {
  return wallClock(PAYOUT_TIME_ZONE, at).date.slice(0, 7);
}

/** The month after / before. */
export function nextPeriod(period: string): string {
  const [y, m] = parts(period);
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
}
export function previousPeriod(period: string): string {
  const [y, m] = parts(period);
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}

/**
 * Midnight in Berlin on the 1st of the month. Midnight is never inside a daylight saving switch
 * (those are at 2 and 3 o'clock), so one offset correction is exact.
 */
function monthStart(year: number, month: number): Date {
  const midnightUtc = Date.UTC(year, month - 1, 1);
  const offset = (at: number) => zoneOffset(PAYOUT_TIME_ZONE, new Date(at)) * 60_000;
  const guess = midnightUtc - offset(midnightUtc);
  return new Date(midnightUtc - offset(guess));
}

/** The period's instants: from `start` (inclusive) to `end` (exclusive). */
export function periodBounds(period: string): { start: Date; end: Date } {
  const [y, m] = parts(period);
  const [ny, nm] = parts(nextPeriod(period));
  return { start: monthStart(y, m), end: monthStart(ny, nm) };
}

/** Whether the period's statements may be made at `now`: it has ended, and settled. */
export function periodClosed(period: string, now: Date): boolean {
  return now.getTime() >= periodBounds(period).end.getTime() + PAYOUT_SETTLE_MS;
}

/** The latest period whose statements may be made at `now`. */
export function lastClosedPeriod(now: Date): string {
  return previousPeriod(periodOf(new Date(now.getTime() - PAYOUT_SETTLE_MS)));
}

/** Closed periods, newest first, from `latest` back `count` months. */
export function recentPeriods(latest: string, count: number): string[] {
  const out = [latest];
  while (out.length < count) out.push(previousPeriod(out[out.length - 1] as string));
  return out;
}

/** The setting PAYOUT_CENTS_PER_COIN ("5", "7.5", "12.25"): hundredths of a cent per coin, or null. */
export function parseCentsPerCoin(raw: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!m) return null;
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return value > 0 ? value : null;
}

/** A rate in hundredths of a cent, written back as cents ("7.5"). */
export function centsPerCoinText(rate: number): string {
  const whole = Math.floor(rate / 100);
  const rest = rate % 100;
  return rest === 0 ? String(whole) : `${whole}.${pad(rest).replace(/0$/, '')}`;
}

/** Coins times the rate, in whole cents, rounded down (exact in integers: coins < 2^31, rate < 10^6). */
export function amountCents(coins: number, rate: number): number {
  if (!Number.isSafeInteger(coins) || coins < 0) throw new Error(`coins must be a whole number, got ${coins}`);
  if (!Number.isSafeInteger(rate) || rate <= 0) throw new Error(`rate must be a positive whole number, got ${rate}`);
  return Number((BigInt(coins) * BigInt(rate)) / 100n);
}

export type StatementState = 'due' | 'carried' | 'paid';

export type StatementFigures = {
  byKind: CoinsByKind;
  /** Coins earned in the period. */
  earned: number;
  /** Coins of earlier statements below the minimum. */
  carriedIn: number;
  /** What the statement pays: earned + carried in. */
  coins: number;
  amountCents: number;
  /** `due` to be paid, or `carried` into the next statement (below the minimum). */
  state: Exclude<StatementState, 'paid'>;
};

/** A statement's figures from the coins of its period, the carried coins, the rate and the minimum payout. */
export function statementFigures(input: {
  byKind: Partial<CoinsByKind>;
  carriedIn: number;
  rate: number;
  minimumCents: number;
}): StatementFigures {
  const byKind = Object.fromEntries(EARNING_KINDS.map((k) => [k, input.byKind[k] ?? 0])) as CoinsByKind;
  const earned = EARNING_KINDS.reduce((sum, k) => sum + byKind[k], 0);
  const coins = earned + input.carriedIn;
  const amount = amountCents(coins, input.rate);
  const state = amount > 0 && amount >= input.minimumCents ? 'due' : 'carried';
  return { byKind, earned, carriedIn: input.carriedIn, coins, amountCents: amount, state };
}

/** A payment reference as the bank takes it: 1-140 printable characters (SEPA remittance length). */
export const PAYMENT_REFERENCE_MAX = 140;
export const isPaymentReference = (raw: string) =>
  raw.length > 0 && raw.length <= PAYMENT_REFERENCE_MAX && /^[\p{L}\p{N} /\-?:().,'+#&_]+$/u.test(raw);

/** A payment date "YYYY-MM-DD": a real day, not before the period ended, not after `today`. */
export function isPaymentDate(raw: string, period: string, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== raw) return false;
  return raw >= `${nextPeriod(period)}-01` && raw <= today;
}

/** The Berlin calendar day of an instant, "YYYY-MM-DD". */
export const payoutDay = (at: Date) => wallClock(PAYOUT_TIME_ZONE, at).date;
