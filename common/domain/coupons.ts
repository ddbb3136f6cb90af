import { COUPON_DEFAULT_EXCHANGE_RATE, COUPON_DURATION_SHOWN_DAYS } from '../constants.ts';

/** The coupon of spec part 1 section 3. */
export const COUPON_TYPES = ['COINS', 'EURO', 'PERCENT', 'FREE', 'VIDEO', 'GALLERY'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export type Coupon = {
  type: CouponType;
  value: number;
  /** ISO date-time until which the coupon can be used. */
  valid_until: string;
  /** Money per coin (0.1: one coin costs 10 cents). */
  exchangeRate?: number | null;
  currency?: string | null;
  code: string;
};

const DAY_MS = 86_400_000;
const rate = (c: Coupon) => (c.exchangeRate && c.exchangeRate > 0 ? c.exchangeRate : COUPON_DEFAULT_EXCHANGE_RATE);
/** Rounds up without float noise (0.1 * 3 is 0.30000000000000004, which must stay 0.3). */
const ceilTo = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.ceil(Number((value * f).toFixed(6))) / f;
};

export const isValid = (c: Coupon, now = Date.now()) => Date.parse(c.valid_until) > now;

/** Whole days left, counting a started day; 0 once expired. */
export const daysRemaining = (c: Coupon, now = Date.now()) =>
  Math.max(0, Math.ceil((Date.parse(c.valid_until) - now) / DAY_MS));

/** The remaining duration is shown only when it is short (14 days or fewer). */
export const showsDuration = (c: Coupon, now = Date.now()) =>
  isValid(c, now) && daysRemaining(c, now) <= COUPON_DURATION_SHOWN_DAYS;

/** A prize coupon unlocks a video or a gallery instead of giving coins or money. */
export const isPrize = (c: Coupon) => c.type === 'VIDEO' || c.type === 'GALLERY';

/** What the coupon is worth in coins (money converted through the exchange rate, rounded up). */
export function coinValue(c: Coupon): number {
  if (c.type === 'COINS') return Math.ceil(c.value);
  if (c.type === 'EURO') return Math.ceil(Number((c.value / rate(c)).toFixed(6)));
  return 0;
}

/** What the coupon is worth in money (coins converted through the exchange rate, rounded up to cents). */
export function moneyValue(c: Coupon): number {
  if (c.type === 'EURO') return ceilTo(c.value, 2);
  if (c.type === 'COINS') return ceilTo(c.value * rate(c), 2);
  return 0;
}

/** The discount of a PERCENT coupon, else 0. */
export const percentage = (c: Coupon) => (c.type === 'PERCENT' ? c.value : 0);

/** The value as the spec writes it: "N Coins", "N EUR", "N%"; null for coupons without one. */
export function valueString(c: Coupon): string | null {
  if (c.type === 'COINS') return `${coinValue(c)} Coins`;
  if (c.type === 'EURO') return `${moneyValue(c)} ${c.currency || 'EUR'}`;
  if (c.type === 'PERCENT') return `${c.value}%`;
  return null;
}
