import type { CouponAnswer } from '#common/api/coupons.ts';
import { COUPON_DEFAULT_EXCHANGE_RATE } from '#common/constants.ts';
import { asCoupon, type CouponRow } from './data.ts';

/** A coupon as the member sees it (spec part 1 section 3); null for a type this release does not know. */
export function presentCoupon(row: CouponRow, webid: number): CouponAnswer | null {
  const c = asCoupon(row);
  if (!c) return null;
  return {
    type: c.type,
    value: c.value,
    valid_until: c.valid_until,
    exchangeRate: c.exchangeRate || COUPON_DEFAULT_EXCHANGE_RATE,
    currency: c.currency || 'EUR',
    code: c.code,
    webid,
  };
}

/** The list answer: every coupon of a known type. */
export const presentCoupons = (rows: CouponRow[], webid: number) => ({
  data: rows.map((r) => presentCoupon(r, webid)).filter((c): c is CouponAnswer => c !== null),
});
