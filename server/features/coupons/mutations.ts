import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type Coupon, coinValue } from '#common/domain/coupons.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { couponKey } from '#server/features/coins/keys.ts';
import { announceBalance, type CoinDeps, credit } from '#server/features/coins/mutations.ts';
import { asCoupon, type CouponRow, signupCodeOf, usableCoupon } from './data.ts';

/**
 * Coupon steps, each one conditional update (the row is the lock): of two members trying one
 * free code at once, exactly one gets it; a used coupon is never used again.
 */

/** Unused, unexpired, and free or already the member's: the only coupons a step may change. */
const availableTo = (couponId: number, userId: number, now: Date) =>
  and(
    eq(coupons.id, couponId),
    isNull(coupons.usedAt),
    gt(coupons.validUntil, now),
    or(isNull(coupons.userId), eq(coupons.userId, userId)),
  );

/** Makes a free coupon the member's (or confirms it is theirs already); false when it is not available. */
export async function claimCoupon(db: DbOrTx, couponId: number, userId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ userId, claimedAt: sql`coalesce(${coupons.claimedAt}, now())` })
    .where(availableTo(couponId, userId, now))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/**
 * Uses the coupon for `usedFor` (order:<id>, video:<id>, ...), claiming it in the same step if it
 * is still free; false when it is used, expired or someone else's.
 */
export async function spendCoupon(
  db: DbOrTx,
  couponId: number,
  userId: number,
  usedFor: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ userId, claimedAt: sql`coalesce(${coupons.claimedAt}, now())`, usedAt: now, usedFor })
    .where(availableTo(couponId, userId, now))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/** COINS and EURO coupons are worth coins and are credited at once; the others wait in the list. */
export const creditsCoins = (c: Coupon) => c.type === 'COINS' || c.type === 'EURO';

/**
 * `credited`: coins the coupon brought (0 when claimed into the list); `balance` after them, else
 * null; `taken`: the coupon was free or unused before (false when a member's own claimed coupon
 * was only confirmed).
 */
export type Redeemed = { coupon: CouponRow; credited: number; balance: number | null; taken: boolean };

/**
 * Redeems a code for a member, all in one transaction: a COINS or EURO coupon is used and its
 * coin value credited (key `coupon:<id>`, so it can never pay twice); any other coupon is claimed
 * into the member's list (a coupon already theirs stays so). Null, with nothing written, when the
 * code is unknown, used, expired, someone else's, or worth nothing.
 */
export async function redeemCoupon(
  deps: CoinDeps,
  userId: number,
  code: string,
  usedFor = 'redeem',
  now = new Date(),
): Promise<Redeemed | null> {
  const result = await deps.db.transaction(async (tx): Promise<Redeemed | null> => {
    const row = await usableCoupon(tx, code, userId, now);
    const c = row && asCoupon(row);
    if (!row || !c) return null;
    if (!creditsCoins(c))
      return (await claimCoupon(tx, row.id, userId, now))
        ? { coupon: row, credited: 0, balance: null, taken: row.userId === null }
        : null;
    const amount = coinValue(c);
    if (amount <= 0) return null;
    if (!(await spendCoupon(tx, row.id, userId, usedFor, now))) return null;
    const credited = await credit(
      deps,
      { userId, amount, reason: 'coupon', reference: couponKey(row.id), idempotencyKey: couponKey(row.id) },
      { within: tx },
    );
    return { coupon: row, credited: amount, balance: credited.balance, taken: true };
  });
  if (result?.balance != null && result.credited > 0) announceBalance(deps, userId, result.balance);
  return result;
}

/**
 * The voucher given at sign-up, redeemed when the account is activated: claimed into the list,
 * or credited for COINS and EURO. A code that is not (or no longer) usable is skipped: null.
 */
export async function claimSignupVoucher(deps: CoinDeps, userId: number, now = new Date()): Promise<Redeemed | null> {
  const code = await signupCodeOf(deps.db, userId);
  if (!code) return null;
  return redeemCoupon(deps, userId, code, 'signup', now);
}
