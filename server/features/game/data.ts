import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { gameSpins } from '#server/db/schema/game.ts';

/** How many of her latest spins the page shows. */
export const RESULTS_SHOWN = 7;

/** A spin with the coupon its prize was granted as (null for a loss, or a coupon gone since). */
export type SpinRow = typeof gameSpins.$inferSelect & { couponCode: string | null; couponValidUntil: Date | null };

const withCoupon = (db: DbOrTx) =>
  db
    .select({
      id: gameSpins.id,
      userId: gameSpins.userId,
      day: gameSpins.day,
      clientKey: gameSpins.clientKey,
      prize: gameSpins.prize,
      reels: gameSpins.reels,
      couponId: gameSpins.couponId,
      createdAt: gameSpins.createdAt,
      couponCode: coupons.code,
      couponValidUntil: coupons.validUntil,
    })
    .from(gameSpins)
    .leftJoin(coupons, eq(coupons.id, gameSpins.couponId));

/** The member's spin sent with this key, or null: a retry answers it again. */
export async function spinByKey(db: DbOrTx, userId: number, key: string): Promise<SpinRow | null> {
  const [row] = await withCoupon(db)
    .where(and(eq(gameSpins.userId, userId), eq(gameSpins.clientKey, key)))
    .limit(1);
  return row ?? null;
}

/** Her latest spins, the newest day first. */
export function latestSpins(db: DbOrTx, userId: number, limit = RESULTS_SHOWN): Promise<SpinRow[]> {
  return withCoupon(db).where(eq(gameSpins.userId, userId)).orderBy(desc(gameSpins.day)).limit(limit);
}
