import { createHash } from 'node:crypto';
import type { PaymentEventKind } from '#common/domain/orders.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import type { PaymentEvent, PaymentProvider, PostbackVerdict } from './types.ts';

/**
 * Verotel FlexPay (an adult-friendly PSP): the member pays on Verotel's hosted page, opened by a
 * signed startorder URL; Verotel reports by a GET postback with signed parameters, answered "OK".
 * The signature is the lowercase hex SHA-256 of "<signatureKey>:<name>=<value>:..." over the
 * parameters sorted by name (the signature itself left out; shopID always in).
 */

export const FLEXPAY_VERSION = '3.4';

/** The startorder parameters the signature covers (FlexPay documentation, version 3.x). */
const SIGNED = new Set([
  'version',
  'shopID',
  'priceAmount',
  'priceCurrency',
  'paymentMethod',
  'description',
  'referenceID',
  'saleID',
  'custom1',
  'custom2',
  'custom3',
  'subscriptionType',
  'period',
  'name',
  'trialAmount',
  'trialPeriod',
  'cancelDiscountPercentage',
  'type',
  'backURL',
  'successURL',
  'declineURL',
  'precedingSaleID',
  'upgradeOption',
]);

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The FlexPay signature of a set of parameters (already filtered by the caller). */
export function flexpaySignature(signatureKey: string, params: Record<string, string>): string {
  const pairs = Object.keys(params)
    .sort(byName)
    .map((k) => `${k}=${params[k]}`);
  return createHash('sha256')
    .update([signatureKey, ...pairs].join(':'), 'utf8')
    .digest('hex');
}

/** "25.00" for 2500 cents. */
export const formatAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Cents from a FlexPay amount ("25", "25.5", "25.00"); null when it is not one. */
export function parseAmount(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export type FlexpaySettings = { shopId: string; signatureKey: string; url: string; publicUrl: string };

/**
 * The signed startorder URL of a one-time purchase, by card only (`paymentMethod=CC`, signed, so the
 * page offers no other method): Verotel refunds a card sale whose postback is not answered `OK`,
 * which is what lets an order without a postback expire without holding money (decision 008).
 */
export function startorderUrl(
  s: FlexpaySettings,
  order: { id: number; amountCents: number; currency: string; coins: number; bonusCoins: number },
) {
  const back = (result: string) => `${s.publicUrl}/billing/back?billingid=${order.id}&result=${result}`;
  const params: Record<string, string> = {
    version: FLEXPAY_VERSION,
    shopID: s.shopId,
    type: 'purchase',
    priceAmount: formatAmount(order.amountCents),
    priceCurrency: order.currency,
    paymentMethod: 'CC',
    description: `${order.coins + order.bonusCoins} Coins (BS${order.id})`,
    referenceID: String(order.id),
    backURL: back('success'),
    declineURL: back('error'),
  };
  const signed = Object.fromEntries(Object.entries(params).filter(([k]) => SIGNED.has(k)));
  const query = new URLSearchParams(Object.entries(params).sort(([a], [b]) => byName(a, b)));
  query.set('signature', flexpaySignature(s.signatureKey, signed));
  return `${s.url}?${query.toString()}`;
}

/** Which of our events a FlexPay postback is: a purchase, a credit (refund) or a chargeback. */
function kindOf(params: Record<string, string>): PaymentEventKind | null {
  const event = params.event;
  if (event === undefined && params.type === 'purchase') return 'payment.succeeded';
  if (event === 'credit') return 'payment.refunded';
  if (event === 'chargeback') return 'payment.chargeback';
  return null;
}

/** Checks and reads a postback's parameters (the query of its GET). */
export function readFlexpayPostback(
  s: Pick<FlexpaySettings, 'shopId' | 'signatureKey'>,
  query: Record<string, unknown>,
): PostbackVerdict {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (typeof v !== 'string' || k.length > 64 || v.length > 1024)
      return { ok: false, status: 400, reason: 'malformed' };
    params[k] = v;
  }
  const { signature, ...signed } = params;
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature))
    return { ok: false, status: 401, reason: 'signature_malformed' };
  if (!signed.shopID) signed.shopID = s.shopId;
  if (!safeEqual(signature.toLowerCase(), flexpaySignature(s.signatureKey, signed))) {
    return { ok: false, status: 401, reason: 'signature_mismatch' };
  }
  if (signed.shopID !== s.shopId) return { ok: false, status: 400, reason: 'wrong_shop' };
  const kind = kindOf(signed);
  // Subscription events and others this shop does not sell are acknowledged and left alone.
  if (!kind) return { ok: true, events: [] };
  const amountCents = parseAmount(signed.priceAmount);
  const saleId = signed.saleID;
  if (amountCents === null || !signed.priceCurrency || !saleId) return { ok: false, status: 400, reason: 'malformed' };
  const ref = signed.referenceID;
  const orderId = ref && /^\d{1,15}$/.test(ref) ? Number(ref) : null;
  const { truncatedPAN, ...kept } = signed;
  const last4 = truncatedPAN?.slice(-4);
  const event: PaymentEvent = {
    eventId: signed.transactionID || `${saleId}:${signed.event ?? signed.type}`,
    kind,
    orderId,
    txnId: saleId,
    amountCents,
    currency: signed.priceCurrency,
    failureCode: null,
    payload: { ...kept, ...(last4 && /^\d{4}$/.test(last4) ? { card_last4: last4 } : {}) },
  };
  return { ok: true, events: [event] };
}

export function flexpayProvider(s: FlexpaySettings): PaymentProvider {
  return {
    name: 'flexpay',
    async createPayment(order) {
      return { link: startorderUrl(s, order) };
    },
    verifyPostback: (request) => readFlexpayPostback(s, request.query),
    // Verotel documents how to sign a sale status request but not the fields of its answer, so
    // nothing is read from it: decision 008. A card sale Verotel could not report is refunded by
    // Verotel itself, so an order without a postback holds no money and simply expires.
    status: async () => ({ kind: 'unsupported' }),
    acknowledgement: { contentType: 'text/plain; charset=utf-8', body: 'OK' },
  };
}
