import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type OrderState } from '../api/billing.ts';
import {
  canMove,
  couponBonusCoins,
  isExpired,
  isFinal,
  isPaymentEventKind,
  ORDER_EXPIRY_MS,
  PAYMENT_EVENT_KINDS,
  resultOf,
  sourceOf,
  targetOf,
  transitionFor,
} from './orders.ts';

const ALLOWED: Array<[OrderState, OrderState]> = [
  ['created', 'pending'],
  ['created', 'failed'],
  ['pending', 'paid'],
  ['pending', 'failed'],
  ['pending', 'cancelled'],
  ['created', 'expired'],
  ['pending', 'expired'],
  ['paid', 'refunded'],
  ['paid', 'charged_back'],
];

describe('order state machine', () => {
  const pairs = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s is allowed only when listed', (from, to) => {
    const listed = ALLOWED.some(([a, b]) => a === from && b === to);
    expect(canMove(from, to)).toBe(listed);
  });

  it('has final states with no way out but the reversals of a payment', () => {
    for (const s of ['failed', 'cancelled', 'refunded', 'charged_back', 'expired'] as const) {
      expect(ORDER_STATES.filter((to) => canMove(s, to))).toEqual([]);
      expect(isFinal(s)).toBe(true);
    }
    expect(isFinal('paid')).toBe(true);
    expect(isFinal('created')).toBe(false);
    expect(isFinal('pending')).toBe(false);
  });

  it('lets only orders never paid expire, once their time is up', () => {
    expect(ORDER_STATES.filter((from) => canMove(from, 'expired'))).toEqual(['created', 'pending']);
    const made = new Date('2026-11-21T12:00:00Z');
    expect(isExpired(made, new Date(made.getTime() + ORDER_EXPIRY_MS - 1))).toBe(false);
    expect(isExpired(made, new Date(made.getTime() + ORDER_EXPIRY_MS))).toBe(true);
    // No provider event leads there: expiry is our decision, never the provider's.
    for (const kind of PAYMENT_EVENT_KINDS) expect(targetOf(kind)).not.toBe('expired');
  });
});

describe('provider events', () => {
  const expected: Record<string, [OrderState, OrderState]> = {
    'payment.succeeded': ['pending', 'paid'],
    'payment.failed': ['pending', 'failed'],
    'payment.cancelled': ['pending', 'cancelled'],
    'payment.refunded': ['paid', 'refunded'],
    'payment.chargeback': ['paid', 'charged_back'],
  };

  it.each(PAYMENT_EVENT_KINDS)('%s moves exactly one state', (kind) => {
    const [from, to] = expected[kind] ?? [];
    expect(sourceOf(kind)).toBe(from);
    expect(targetOf(kind)).toBe(to);
    for (const state of ORDER_STATES) {
      expect(transitionFor(state, kind)).toEqual(state === from ? { from, to } : null);
    }
  });

  it('refuses events out of order', () => {
    expect(transitionFor('pending', 'payment.refunded')).toBeNull();
    expect(transitionFor('cancelled', 'payment.succeeded')).toBeNull();
    expect(transitionFor('paid', 'payment.succeeded')).toBeNull();
    expect(transitionFor('failed', 'payment.succeeded')).toBeNull();
    expect(transitionFor('refunded', 'payment.chargeback')).toBeNull();
    expect(transitionFor('created', 'payment.succeeded')).toBeNull();
  });

  it('knows its event names', () => {
    expect(isPaymentEventKind('payment.succeeded')).toBe(true);
    expect(isPaymentEventKind('payment.unknown')).toBe(false);
    expect(isPaymentEventKind(42)).toBe(false);
  });
});

describe('results and coupon bonus', () => {
  it('maps final states to the payment window result', () => {
    expect(resultOf('paid')).toBe('billing.success');
    expect(resultOf('cancelled')).toBe('billing.cancel');
    expect(resultOf('failed')).toBe('billing.error');
    expect(resultOf('expired')).toBe('billing.error');
    expect(resultOf('pending')).toBeNull();
    expect(resultOf('created')).toBeNull();
  });

  it('gives a percent of the package coins, rounded down', () => {
    expect(couponBonusCoins(250, 10)).toBe(25);
    expect(couponBonusCoins(250, 15)).toBe(37);
    expect(couponBonusCoins(100, 12.5)).toBe(12);
    expect(couponBonusCoins(100, 0)).toBe(0);
    expect(couponBonusCoins(0, 50)).toBe(0);
    expect(couponBonusCoins(1000, 33.33)).toBe(333);
  });
});
