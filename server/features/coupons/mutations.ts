import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';

/**
 * Coupon steps, each one conditional update (the row is the lock): of two members trying one
 * free code at once, exactly one gets it; a used coupon is never used again.
 */

/** Makes a free coupon the member's (or confirms it is theirs already); false when it is not available. */
export async function claimCoupon(db: DbOrTx, couponId: number, userId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ userId, claimedAt: sql`coalesce(${coupons.claimedAt}, now())` })
    .where(
      and(
        eq(coupons.id, couponId),
        isNull(coupons.usedAt),
        gt(coupons.validUntil, now),
        or(isNull(coupons.userId), eq(coupons.userId, userId)),
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}

/**
 * Uses the coupon for `usedFor` (order:<id>, video:<id>, ...), claiming it in the same step if it
 * is still free; false when it is used, expired or someone else's.
 */
export async function useCoupon(
  db: DbOrTx,
  couponId: number,
  userId: number,
  usedFor: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ userId, claimedAt: sql`coalesce(${coupons.claimedAt}, now())`, usedAt: now, usedFor })
    .where(
      and(
        eq(coupons.id, couponId),
        isNull(coupons.usedAt),
        gt(coupons.validUntil, now),
        or(isNull(coupons.userId), eq(coupons.userId, userId)),
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}
