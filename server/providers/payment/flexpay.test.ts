import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flexpaySignature, formatAmount, parseAmount, readFlexpayPostback, startorderUrl } from './flexpay.ts';

// The example of the FlexPay client libraries' tests: these parameters signed with this key give this signature.
const DOC_KEY = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const DOC_PARAMS = {
  saleID: '433456',
  priceAmount: '0.00',
  referenceID: 'reference1234',
  priceCurrency: 'USD',
  custom1: 'My',
  description: 'My Dščřčřřěřě&?=blah123',
  subscriptionType: 'RECURRING',
  period: 'P1M',
  name: 'My name',
  trialAmount: '0.01',
  trialPeriod: 'P3D',
  successURL: 'http://backURL.test',
  declineURL: 'http://declineURL.test',
  cancelDiscountPercentage: '30',
  shopID: '68849',
};
const DOC_SIGNATURE = 'ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2';

const SHOP = { shopId: '115790', signatureKey: 'KzkfbQBeTEAPjFXFuPfuAzUfZZzSqz' };

/** A postback as Verotel sends it: every parameter but the signature, signed. */
function signed(params: Record<string, string>, key = SHOP.signatureKey) {
  const pairs = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`);
  const signature = createHash('sha256')
    .update([key, ...pairs].join(':'))
    .digest('hex');
  return { ...params, signature };
}

const purchase = {
  CCBrand: 'VISA',
  paymentMethod: 'CC',
  priceAmount: '25.00',
  priceCurrency: 'EUR',
  referenceID: '42',
  saleID: '456789',
  shopID: SHOP.shopId,
  transactionID: '1001000',
  truncatedPAN: 'XXXXXXXXXXXX4242',
  type: 'purchase',
};

describe('FlexPay signature', () => {
  it('matches the documented example', () => {
    expect(flexpaySignature(DOC_KEY, DOC_PARAMS)).toBe(DOC_SIGNATURE);
  });

  it('signs the startorder URL of a one-time purchase', () => {
    const url = new URL(
      startorderUrl(
        { ...SHOP, url: 'https://secure.verotel.com/startorder', publicUrl: 'https://livecam.example' },
        { id: 42, amountCents: 2500, currency: 'EUR', coins: 250, bonusCoins: 25 },
      ),
    );
    expect(url.origin + url.pathname).toBe('https://secure.verotel.com/startorder');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      version: '3.4',
      shopID: SHOP.shopId,
      type: 'purchase',
      priceAmount: '25.00',
      priceCurrency: 'EUR',
      paymentMethod: 'CC',
      referenceID: '42',
      backURL: 'https://livecam.example/billing/back?billingid=42&result=success',
      declineURL: 'https://livecam.example/billing/back?billingid=42&result=error',
    });
    const { signature, ...rest } = params;
    expect(signature).toBe(flexpaySignature(SHOP.signatureKey, rest));
    // Card only, and signed: a link changed to another method (SEPA direct debit) is refused by Verotel.
    expect(flexpaySignature(SHOP.signatureKey, { ...rest, paymentMethod: 'DDEU' })).not.toBe(signature);
  });

  it('formats and parses amounts', () => {
    expect(formatAmount(2500)).toBe('25.00');
    expect(formatAmount(199)).toBe('1.99');
    expect(parseAmount('25.00')).toBe(2500);
    expect(parseAmount('25.5')).toBe(2550);
    expect(parseAmount('25')).toBe(2500);
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
  });
});

describe('FlexPay postbacks', () => {
  it('reads a signed purchase as a successful payment, keeping only the last 4 digits', () => {
    const r = readFlexpayPostback(SHOP, signed(purchase));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toEqual([
      expect.objectContaining({
        eventId: '1001000',
        kind: 'payment.succeeded',
        orderId: 42,
        txnId: '456789',
        amountCents: 2500,
        currency: 'EUR',
      }),
    ]);
    expect(JSON.stringify(r.events[0]?.payload)).not.toContain('XXXX');
    expect(r.events[0]?.payload.card_last4).toBe('4242');
  });

  it('reads credits and chargebacks as reversals of the sale', () => {
    const base = {
      priceAmount: '25.00',
      priceCurrency: 'EUR',
      referenceID: '42',
      saleID: '456789',
      shopID: SHOP.shopId,
    };
    const credit = readFlexpayPostback(
      SHOP,
      signed({ ...base, event: 'credit', type: 'purchase', transactionID: '2' }),
    );
    const chargeback = readFlexpayPostback(
      SHOP,
      signed({ ...base, event: 'chargeback', type: 'purchase', transactionID: '3', parentID: '1001000' }),
    );
    expect(credit.ok && credit.events[0]?.kind).toBe('payment.refunded');
    expect(chargeback.ok && chargeback.events[0]?.kind).toBe('payment.chargeback');
    expect(chargeback.ok && chargeback.events[0]?.txnId).toBe('456789');
  });

  it('acknowledges events of products this shop does not sell without events', () => {
    const r = readFlexpayPostback(
      SHOP,
      signed({ event: 'rebill', saleID: '1', shopID: SHOP.shopId, type: 'subscription' }),
    );
    expect(r).toEqual({ ok: true, events: [] });
  });

  it('refuses a wrong key, an altered parameter, a missing signature and another shop', () => {
    expect(readFlexpayPostback(SHOP, signed(purchase, 'wrong-key'))).toMatchObject({ ok: false, status: 401 });
    expect(readFlexpayPostback(SHOP, { ...signed(purchase), priceAmount: '250.00' })).toMatchObject({
      ok: false,
      status: 401,
    });
    const { signature: _, ...unsigned } = signed(purchase);
    expect(readFlexpayPostback(SHOP, unsigned)).toMatchObject({ ok: false, status: 401 });
    expect(readFlexpayPostback(SHOP, signed({ ...purchase, shopID: '1' }))).toMatchObject({ ok: false, status: 400 });
    expect(readFlexpayPostback(SHOP, { ...signed(purchase), saleID: ['1', '2'] })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('refuses a signed postback without an amount', () => {
    const { priceAmount: _, ...rest } = purchase;
    expect(readFlexpayPostback(SHOP, signed(rest))).toMatchObject({ ok: false, status: 400 });
  });
});
