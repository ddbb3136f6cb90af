import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';

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
