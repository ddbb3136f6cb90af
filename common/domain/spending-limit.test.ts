import { describe, expect, it } from 'vitest';
import { ORDER_STATES } from '../api/billing.ts';
import {
  countsAgainstLimit,
  fitsLimit,
  LIMIT_WINDOW_MS,
  type LimitOrder,
  SUCCESS_HINT_MS,
  spentWithinLimit,
} from './spending-limit.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const order = (extra: Partial<LimitOrder>): LimitOrder => ({
  state: 'pending',
  amountCents: 10_000,
  createdAt: ago(60_000),
  paidAt: null,
  successHintAt: null,
  ...extra,
});

describe('what counts against the 24-hour limit', () => {
  it('counts a paid order for 24 hours from its payment', () => {
    expect(countsAgainstLimit(order({ state: 'paid', paidAt: ago(1000) }), NOW)).toBe(true);
    expect(countsAgainstLimit(order({ state: 'paid', paidAt: ago(LIMIT_WINDOW_MS - 1) }), NOW)).toBe(true);
    expect(countsAgainstLimit(order({ state: 'paid', paidAt: ago(LIMIT_WINDOW_MS) }), NOW)).toBe(false);
    // Made two days ago, paid an hour ago: the money was taken within the window.
    expect(
      countsAgainstLimit(order({ state: 'paid', createdAt: ago(2 * LIMIT_WINDOW_MS), paidAt: ago(3600_000) }), NOW),
    ).toBe(true);
  });

  it('counts nothing of an abandoned order, however recent', () => {
    expect(countsAgainstLimit(order({ createdAt: NOW }), NOW)).toBe(false);
    expect(countsAgainstLimit(order({ state: 'created', createdAt: NOW }), NOW)).toBe(false);
  });

  it('counts an unpaid order whose return page said success, for a few minutes', () => {
    expect(countsAgainstLimit(order({ successHintAt: ago(1000) }), NOW)).toBe(true);
    expect(countsAgainstLimit(order({ successHintAt: ago(SUCCESS_HINT_MS - 1) }), NOW)).toBe(true);
    expect(countsAgainstLimit(order({ successHintAt: ago(SUCCESS_HINT_MS) }), NOW)).toBe(false);
  });

  it.each(ORDER_STATES.filter((s) => !['paid', 'created', 'pending'].includes(s)))(
    'counts nothing of a %s order, hint or not',
    (state) => {
      expect(countsAgainstLimit(order({ state, paidAt: ago(1000), successHintAt: ago(1000) }), NOW)).toBe(false);
    },
  );

  it('sums what counts and nothing else', () => {
    const orders = [
      order({ state: 'paid', paidAt: ago(1000), amountCents: 2500 }),
      order({ state: 'paid', paidAt: ago(LIMIT_WINDOW_MS + 1), amountCents: 5000 }),
      order({ successHintAt: ago(1000), amountCents: 1000 }),
      order({ amountCents: 10_000 }),
      order({ state: 'refunded', paidAt: ago(1000), amountCents: 10_000 }),
    ];
    expect(spentWithinLimit(orders, NOW)).toBe(3500);
    expect(spentWithinLimit([], NOW)).toBe(0);
  });

  it('a hint only ever adds to what is counted', () => {
    for (const state of ORDER_STATES) {
      const plain = order({ state, paidAt: state === 'paid' ? ago(1000) : null });
      const hinted = { ...plain, successHintAt: ago(1000) };
      expect(spentWithinLimit([hinted], NOW)).toBeGreaterThanOrEqual(spentWithinLimit([plain], NOW));
    }
  });
});

describe('fitting under the limit', () => {
  it('allows up to the limit exactly, and anything without a limit', () => {
    expect(fitsLimit(50_000, 40_000, 10_000)).toBe(true);
    expect(fitsLimit(50_000, 40_001, 10_000)).toBe(false);
    expect(fitsLimit(0, 1_000_000, 10_000)).toBe(true);
  });
});
