import { describe, expect, it } from 'vitest';
import { couponCoins, formatMoney, readPreselection, selectPaymentType, selectProduct } from './selection.ts';
import { billingAnswer, cardType, phoneType, product } from './testing.ts';

const types = billingAnswer().paymentTypes;

describe('payment type selection', () => {
  it('is the first type by default', () => {
    expect(selectPaymentType(types, { id: null })?.id).toBe(1);
  });
  it('follows the id, else the name, else falls back to the first', () => {
    expect(selectPaymentType(types, { id: 2 })?.id).toBe(2);
    expect(selectPaymentType(types, { id: null, name: 'voicecall' })?.id).toBe(2);
    expect(selectPaymentType(types, { id: 99, name: 'voicecall' })?.id).toBe(2);
    expect(selectPaymentType(types, { id: 99, name: 'nope' })?.id).toBe(1);
    expect(selectPaymentType(types, { id: 1, name: 'voicecall' })?.id).toBe(1);
  });
  it('is null without types', () => {
    expect(selectPaymentType([], { id: 1 })).toBeNull();
  });
});

describe('product selection', () => {
  it('is the selected one, else the default one, else the first', () => {
    expect(selectProduct(cardType(), 3, null)?.id).toBe(3);
    expect(selectProduct(cardType(), null, null)?.id).toBe(2);
    expect(selectProduct(cardType(), 5, null)?.id).toBe(2);
    const noDefault = cardType({ products: [product({ id: 7 }), product({ id: 8 })] });
    expect(selectProduct(noDefault, null, null)?.id).toBe(7);
    expect(selectProduct(cardType({ products: [] }), null, null)).toBeNull();
  });
  it('skips packages above the remaining spend limit', () => {
    const limit = { limit_cents: 30000, remaining_cents: 2000, currency: 'EUR' };
    expect(selectProduct(cardType(), 3, limit)?.id).toBe(1);
    expect(selectProduct(cardType(), null, limit)?.id).toBe(1);
    expect(selectProduct(cardType(), null, { ...limit, remaining_cents: 500 })).toBeNull();
    // voice-call minutes are not bought up front
    expect(selectProduct(phoneType(), null, { ...limit, remaining_cents: 0 })?.id).toBe(5);
  });
});

describe('address preselection', () => {
  it('reads positive integer ids and the type name', () => {
    expect(readPreselection(new URLSearchParams('paymenttypeid=2&productid=5&paymenttypename=voicecall'))).toEqual({
      paymenttypeid: 2,
      productid: 5,
      paymenttypename: 'voicecall',
    });
  });
  it('ignores malformed values', () => {
    for (const bad of ['-1', '0', '1.5', 'abc', '99999999999', ' 2', '']) {
      expect(readPreselection(new URLSearchParams({ paymenttypeid: bad, productid: bad }))).toEqual({
        paymenttypeid: null,
        productid: null,
        paymenttypename: null,
      });
    }
  });
});

describe('money and coupon coins', () => {
  it('formats cents in the interface language', () => {
    expect(formatMoney(2500, 'EUR', 'en')).toBe('€25.00');
    expect(formatMoney(199, 'EUR', 'de')).toBe('1,99\u00a0€');
    expect(formatMoney(100, 'XX', 'en')).toBe('1.00 XX');
  });
  it('adds the PERCENT coupon to the coins, rounded down', () => {
    const campaign = { code: 'PLUS10', type: 'PERCENT', value: 10, valid_until: '2026-12-31' };
    expect(couponCoins(product({ id: 1, coins: 255 }), campaign)).toBe(25);
    expect(couponCoins(product({ id: 1, coins: 255 }), null)).toBe(0);
    expect(couponCoins(product({ id: 1, coins: 255 }), { ...campaign, type: 'COINS' })).toBe(0);
  });
});
