import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { COUPON_TYPES, type Coupon, type CouponType } from '#common/domain/coupons.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { users } from '#server/db/schema/users.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** Codes are matched without regard to case and surrounding spaces. */
export const sameCode = (code: string) => sql`upper(${coupons.code}) = upper(${code.trim()})`;

/**
 * The coupon a member (or, with userId null, anyone about to register) may still use under this
 * code: not used, not expired, and either free or already theirs.
 */
export async function usableCoupon(
  db: DbOrTx,
  code: string,
  userId: number | null,
  now = new Date(),
): Promise<CouponRow | null> {
  const owner = userId === null ? isNull(coupons.userId) : or(isNull(coupons.userId), eq(coupons.userId, userId));
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(sameCode(code), isNull(coupons.usedAt), gt(coupons.validUntil, now), owner))
    .limit(1);
  return row ?? null;
}

/** The member's coupons still to use: claimed, not used, not expired; the soonest to expire first. */
export async function activeCoupons(db: DbOrTx, userId: number, now = new Date()): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.userId, userId), isNull(coupons.usedAt), gt(coupons.validUntil, now)))
    .orderBy(asc(coupons.validUntil), asc(coupons.id));
}

/** The voucher code the member gave at sign-up, or null. */
export async function signupCodeOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ code: users.signupCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.code ?? null;
}

/** The coupon of the domain rules, from its row; null for a type this release does not know. */
export function asCoupon(row: CouponRow): Coupon | null {
  const type = COUPON_TYPES.find((t): t is CouponType => t === row.type);
  if (!type) return null;
  return {
    type,
    value: row.value,
    valid_until: row.validUntil.toISOString(),
    exchangeRate: row.exchangeRate,
    currency: row.currency,
    code: row.code,
  };
}
