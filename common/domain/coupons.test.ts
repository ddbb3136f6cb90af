import { describe, expect, it } from 'vitest';
import {
  type Coupon,
  coinValue,
  daysRemaining,
  isPrize,
  isValid,
  moneyValue,
  percentage,
  showsDuration,
  valueString,
} from './coupons.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const coupon = (over: Partial<Coupon>): Coupon => ({
  type: 'COINS',
  value: 50,
  valid_until: '2026-12-01T12:00:00Z',
  code: 'WELCOME',
  ...over,
});

describe('coupon rules', () => {
  it('is valid only while valid_until is in the future', () => {
    expect(isValid(coupon({}), NOW)).toBe(true);
    expect(isValid(coupon({ valid_until: '2026-11-21T12:00:00Z' }), NOW)).toBe(false);
    expect(isValid(coupon({ valid_until: '2026-11-20T00:00:00Z' }), NOW)).toBe(false);
  });

  it('counts remaining days, a started day as a whole one, and 0 once expired', () => {
    expect(daysRemaining(coupon({}), NOW)).toBe(10);
    expect(daysRemaining(coupon({ valid_until: '2026-11-21T13:00:00Z' }), NOW)).toBe(1);
    expect(daysRemaining(coupon({ valid_until: '2026-11-01T00:00:00Z' }), NOW)).toBe(0);
  });

  it('shows the duration only with 14 days or fewer left', () => {
    expect(showsDuration(coupon({ valid_until: '2026-12-05T12:00:00Z' }), NOW)).toBe(true);
    expect(showsDuration(coupon({ valid_until: '2026-12-05T12:00:01Z' }), NOW)).toBe(false);
    expect(showsDuration(coupon({ valid_until: '2026-11-01T00:00:00Z' }), NOW)).toBe(false);
  });

  it('marks video and gallery coupons as prizes', () => {
    expect(isPrize(coupon({ type: 'VIDEO' }))).toBe(true);
    expect(isPrize(coupon({ type: 'GALLERY' }))).toBe(true);
    for (const type of ['COINS', 'EURO', 'PERCENT', 'FREE'] as const) expect(isPrize(coupon({ type }))).toBe(false);
  });

  it('converts through the exchange rate (default 0.1), rounding up', () => {
    expect(coinValue(coupon({ type: 'EURO', value: 5 }))).toBe(50);
    expect(coinValue(coupon({ type: 'EURO', value: 5.05 }))).toBe(51);
    expect(coinValue(coupon({ type: 'EURO', value: 3, exchangeRate: 0.07 }))).toBe(43);
    expect(moneyValue(coupon({ type: 'COINS', value: 3 }))).toBe(0.3);
    expect(moneyValue(coupon({ type: 'COINS', value: 7, exchangeRate: 0.333 }))).toBe(2.34);
    expect(coinValue(coupon({ type: 'PERCENT', value: 20 }))).toBe(0);
    expect(percentage(coupon({ type: 'PERCENT', value: 20 }))).toBe(20);
    expect(percentage(coupon({ type: 'COINS' }))).toBe(0);
  });

  it('writes the value as "N Coins", "N EUR" or "N%"', () => {
    expect(valueString(coupon({ type: 'COINS', value: 50 }))).toBe('50 Coins');
    expect(valueString(coupon({ type: 'EURO', value: 5 }))).toBe('5 EUR');
    expect(valueString(coupon({ type: 'PERCENT', value: 15 }))).toBe('15%');
    expect(valueString(coupon({ type: 'VIDEO', value: 1 }))).toBeNull();
  });
});
