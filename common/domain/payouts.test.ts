import { describe, expect, it } from 'vitest';
import {
  amountCents,
  centsPerCoinText,
  isPaymentDate,
  isPaymentReference,
  isPeriod,
  lastClosedPeriod,
  nextPeriod,
  PAYOUT_SETTLE_MS,
  parseCentsPerCoin,
  periodBounds,
  periodClosed,
  periodOf,
  previousPeriod,
  recentPeriods,
  statementFigures,
} from './payouts.ts';

describe('payout periods (Berlin calendar months)', () => {
  it('starts a winter month at 23:00 UTC and a summer month at 22:00 UTC the day before', () => {
    expect(periodBounds('2026-01')).toEqual({
      start: new Date('2025-12-31T23:00:00Z'),
      end: new Date('2026-01-31T23:00:00Z'),
    });
    expect(periodBounds('2026-07')).toEqual({
      start: new Date('2026-06-30T22:00:00Z'),
      end: new Date('2026-07-31T22:00:00Z'),
    });
  });

  it('gives the months with a daylight saving switch their true length', () => {
    // March 2026: clocks go forward on the 29th, so the month is one hour short.
    const march = periodBounds('2026-03');
    expect(march.start).toEqual(new Date('2026-02-28T23:00:00Z'));
    expect(march.end).toEqual(new Date('2026-03-31T22:00:00Z'));
    expect(march.end.getTime() - march.start.getTime()).toBe((31 * 24 - 1) * 3_600_000);
    // October 2026: back on the 25th, one hour long.
    const october = periodBounds('2026-10');
    expect(october.start).toEqual(new Date('2026-09-30T22:00:00Z'));
    expect(october.end).toEqual(new Date('2026-10-31T23:00:00Z'));
    expect(october.end.getTime() - october.start.getTime()).toBe((31 * 24 + 1) * 3_600_000);
  });

  it('puts an instant in the Berlin month it falls in, to the millisecond', () => {
    expect(periodOf(new Date('2026-03-31T21:59:59.999Z'))).toBe('2026-03');
    expect(periodOf(new Date('2026-03-31T22:00:00.000Z'))).toBe('2026-04');
    expect(periodOf(new Date('2026-10-31T22:59:59.999Z'))).toBe('2026-10');
    expect(periodOf(new Date('2026-10-31T23:00:00.000Z'))).toBe('2026-11');
    expect(periodOf(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01');
  });

  it('steps over the year', () => {
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(recentPeriods('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('closes a period an hour after it ends', () => {
    const { end } = periodBounds('2026-03');
    expect(periodClosed('2026-03', new Date(end.getTime() + PAYOUT_SETTLE_MS - 1))).toBe(false);
    expect(periodClosed('2026-03', new Date(end.getTime() + PAYOUT_SETTLE_MS))).toBe(true);
    expect(lastClosedPeriod(new Date(end.getTime() + PAYOUT_SETTLE_MS - 1))).toBe('2026-02');
    expect(lastClosedPeriod(new Date(end.getTime() + PAYOUT_SETTLE_MS))).toBe('2026-03');
  });

  it('knows a period when it sees one', () => {
    expect(isPeriod('2026-03')).toBe(true);
    for (const bad of ['2026-3', '2026-13', '2026-00', '1999-12', '2026-03-01', '', ' 2026-03', 202603]) {
      expect(isPeriod(bad)).toBe(false);
    }
  });
});

describe('the payout rate and amounts', () => {
  it('reads the rate in hundredths of a cent, and writes it back', () => {
    expect(parseCentsPerCoin('5')).toBe(500);
    expect(parseCentsPerCoin('7.5')).toBe(750);
    expect(parseCentsPerCoin('0.01')).toBe(1);
    expect(parseCentsPerCoin('12.25')).toBe(1225);
    for (const bad of ['0', '0.00', '-1', '1.234', 'abc', '', '1e3', '10000'])
      expect(parseCentsPerCoin(bad)).toBeNull();
    expect(centsPerCoinText(750)).toBe('7.5');
    expect(centsPerCoinText(1225)).toBe('12.25');
    expect(centsPerCoinText(500)).toBe('5');
    expect(centsPerCoinText(5)).toBe('0.05');
  });

  it('multiplies in integers, rounding down, without float drift', () => {
    expect(amountCents(3, 1010)).toBe(30); // 3 × 10.1 = 30.3 cents
    expect(amountCents(10, 1010)).toBe(101);
    expect(amountCents(2_147_483_647, 999_999)).toBe(21_474_814_995_163);
    // 0.1 + 0.2 style: 3 coins at 0.7 cents is 2.1 cents, never 2.0999…
    expect(amountCents(3, 70)).toBe(2);
    expect(amountCents(0, 500)).toBe(0);
    expect(() => amountCents(1.5, 500)).toThrow();
    expect(() => amountCents(1, 0)).toThrow();
  });
});

describe('a statement’s figures', () => {
  it('adds the kinds and the carried coins, and is due at the minimum', () => {
    const f = statementFigures({
      byKind: { chat: 800, tip: 150, message: 40, picture: 10 },
      carriedIn: 0,
      rate: 500,
      minimumCents: 5000,
    });
    expect(f).toEqual({
      byKind: { chat: 800, tip: 150, message: 40, picture: 10, other: 0 },
      earned: 1000,
      carriedIn: 0,
      coins: 1000,
      amountCents: 5000,
      state: 'due',
    });
  });

  it('carries a statement below the minimum over, and counts it in the next', () => {
    const first = statementFigures({ byKind: { chat: 999 }, carriedIn: 0, rate: 500, minimumCents: 5000 });
    expect(first).toMatchObject({ coins: 999, amountCents: 4995, state: 'carried' });
    const second = statementFigures({ byKind: { tip: 1 }, carriedIn: first.coins, rate: 500, minimumCents: 5000 });
    expect(second).toMatchObject({ earned: 1, carriedIn: 999, coins: 1000, amountCents: 5000, state: 'due' });
  });

  it('never makes a statement of nothing due, even with no minimum', () => {
    expect(statementFigures({ byKind: {}, carriedIn: 0, rate: 500, minimumCents: 0 }).state).toBe('carried');
    expect(statementFigures({ byKind: { chat: 1 }, carriedIn: 0, rate: 500, minimumCents: 0 }).state).toBe('due');
  });
});

describe('marking paid: reference and date', () => {
  it('takes a bank reference of printable characters, up to 140', () => {
    expect(isPaymentReference('SEPA 2026-04 / Lena Sun')).toBe(true);
    expect(isPaymentReference('x'.repeat(140))).toBe(true);
    expect(isPaymentReference('x'.repeat(141))).toBe(false);
    expect(isPaymentReference('')).toBe(false);
    expect(isPaymentReference('=HYPERLINK("x")')).toBe(false);
    expect(isPaymentReference('<script>')).toBe(false);
  });

  it('takes a real day after the period, up to today', () => {
    expect(isPaymentDate('2026-04-01', '2026-03', '2026-04-10')).toBe(true);
    expect(isPaymentDate('2026-04-10', '2026-03', '2026-04-10')).toBe(true);
    expect(isPaymentDate('2026-04-11', '2026-03', '2026-04-10')).toBe(false);
    expect(isPaymentDate('2026-03-31', '2026-03', '2026-04-10')).toBe(false);
    expect(isPaymentDate('2026-04-31', '2026-03', '2026-05-10')).toBe(false);
    expect(isPaymentDate('10.04.2026', '2026-03', '2026-05-10')).toBe(false);
  });
});
