import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, ratings } from '#server/db/schema/catalog.ts';
import type { CoinDeps } from '#server/features/coins/mutations.ts';
import { type PurchaseResult, purchase, type Rated, rate } from '#server/features/purchases/mutations.ts';
import { galleryItem } from './data.ts';

/** Buys a gallery with coins or, with `useVoucher`, a GALLERY or FREE voucher. */
export function buyGallery(
  deps: CoinDeps,
  input: { userId: number; galleryId: number; price: number; useVoucher: boolean },
): Promise<PurchaseResult> {
  return purchase(deps, {
    userId: input.userId,
    item: galleryItem(input.galleryId),
    price: input.price,
    galleryId: input.galleryId,
    voucher: input.useVoucher ? { kind: 'gallery', contentId: input.galleryId } : null,
  });
}

/** Stores the member's rating of a gallery and recomputes its average. Null when the gallery is gone. */
export function rateGallery(
  db: DbOrTx,
  input: { userId: number; galleryId: number; rating: number },
): Promise<Rated | null> {
  const item = galleryItem(input.galleryId);
  return rate(db, {
    userId: input.userId,
    item,
    rating: input.rating,
    lock: async (tx) =>
      (await tx.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, input.galleryId)).for('update'))
        .length > 0,
    recompute: async (tx) => {
      const [row] = await tx
        .update(galleries)
        .set({
          rating: sql`coalesce((select round(avg(${ratings.rating}))::int from ${ratings} where ${ratings.item} = ${item}), 0)`,
          ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.item} = ${item})`,
        })
        .where(eq(galleries.id, input.galleryId))
        .returning({ rating: galleries.rating, ratingCount: galleries.ratingCount });
      return row ?? { rating: 0, ratingCount: 0 };
    },
  });
}
