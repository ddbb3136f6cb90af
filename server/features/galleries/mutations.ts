import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries } from '#server/db/schema/catalog.ts';
import { ratings } from '#server/db/schema/member-catalog.ts';
import type { CoinDeps } from '#server/features/coins/mutations.ts';
import {
  memberVotesWhere,
  type PurchaseResult,
  purchase,
  type Rated,
  rate,
} from '#server/features/purchases/mutations.ts';
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

/**
 * Stores the member's rating of a gallery as one vote added to the votes it arrived with. Null
 * when the gallery is gone.
 */
export function rateGallery(
  db: DbOrTx,
  input: { userId: number; galleryId: number; rating: number },
): Promise<Rated | null> {
  const item = galleryItem(input.galleryId);
  const thisGallery = eq(galleries.id, input.galleryId);
  return rate(db, {
    userId: input.userId,
    item,
    rating: input.rating,
    lock: async (tx) => {
      const [row] = await tx
        .select({ votes: galleries.ratingBaseVotes, sum: galleries.ratingBaseSum })
        .from(galleries)
        .where(thisGallery)
        .for('update');
      return row ?? null;
    },
    memberVotes: (tx) => memberVotesWhere(tx, eq(ratings.item, item)),
    store: async (tx, aggregate) => {
      await tx.update(galleries).set(aggregate).where(thisGallery);
    },
  });
}
