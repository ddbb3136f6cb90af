import { z } from 'zod';
import { EMAIL_MAX } from '../constants.ts';
import { COUPON_TYPES } from '../domain/coupons.ts';
import { user } from './auth.ts';
import { expects, REQUIRED, singleLine } from './fields.ts';

/**
 * The coupons contract (spec part 1 "Coupon", part 2 coupons and the registration voucher). The
 * client derives days remaining, the prize flag and the value strings with common/domain/coupons.ts.
 */

/** The longest code anybody can type; longer ones cannot exist. */
export const COUPON_CODE_MAX = 64;

export const couponCodeField = singleLine(expects('text'))
  .trim()
  .min(1, REQUIRED)
  .max(COUPON_CODE_MAX, 'errors.validations.too_long');

/** A coupon as the member sees it (spec part 1 section 3). */
export const coupon = z.object({
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  /** ISO date-time until which the coupon can be used. */
  valid_until: z.string(),
  exchangeRate: z.number(),
  currency: z.string(),
  code: z.string(),
  webid: z.number().int(),
});
export type CouponAnswer = z.infer<typeof coupon>;

/** GET /coupons: the member's claimed, unused, unexpired coupons, the soonest to expire first. */
export const couponsResponse = z.object({ data: z.array(coupon) });
export type CouponsResponse = z.infer<typeof couponsResponse>;

export const redeemBody = z.object({ code: couponCodeField });
export type RedeemBody = z.infer<typeof redeemBody>;

/**
 * POST /coupons/redeem: the coupon, the coins it credited (COINS and EURO; 0 for coupons that
 * were claimed into the list) and the member with the new balance.
 */
export const redeemResponse = z.object({ coupon, credited: z.number().int(), user });
export type RedeemResponse = z.infer<typeof redeemResponse>;

/** POST /register/coupon: the voucher field of the sign-up form, with the address typed so far. */
export const registerCouponBody = z.object({
  email: singleLine().trim().max(EMAIL_MAX, 'errors.validations.too_long').optional(),
  code: couponCodeField,
});
export type RegisterCouponBody = z.infer<typeof registerCouponBody>;

/** Whether the code is a free coupon a new member could still get. */
export const registerCouponResponse = z.object({ valid: z.boolean() });
export type RegisterCouponResponse = z.infer<typeof registerCouponResponse>;
