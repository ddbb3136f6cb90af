import { eq, type SQL, sql } from 'drizzle-orm';
import { aggregateRating, type RatingAggregate, type Votes } from '#common/domain/rating.ts';
import type { DbOrTx, Tx } from '#server/db/client.ts';
import { purchases, ratings } from '#server/db/schema/member-catalog.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { purchaseKey } from '#server/features/coins/keys.ts';
import { announceBalance, type CoinDeps, debit } from '#server/features/coins/mutations.ts';
import { spendCoupon } from '#server/features/coupons/mutations.ts';
import { soonestVoucher, type VoucherKind } from './data.ts';

/**
 * Buying a video part or a gallery: the purchase row and its payment commit together or not at
 * all. The row is unique per member and item, so of any number of concurrent clicks one buys and
 * the others find it bought; the coins move under the key purchase:<userId>:<item>, so even a
 * replay can never charge twice.
 */

export type PurchaseInput = {
  userId: number;
  /** video:<videoId>:<part> or gallery:<galleryId> */
  item: string;
  /** Coins the item costs (positive). */
  price: number;
  videoId?: number;
  part?: number;
  galleryId?: number;
  /** Pay with the member's soonest-expiring voucher of this kind for this content instead of coins. */
  voucher: { kind: VoucherKind; contentId: number } | null;
};

export type PurchaseResult =
  | { ok: true; purchaseId: number; coins: number; couponId: number | null; balance: number }
  | { ok: false; reason: 'already_bought' | 'no_coins' | 'no_voucher' };

/** Rolls the purchase back and tells the caller why. */
class Refused extends Error {
  constructor(readonly reason: 'no_coins' | 'no_voucher') {
    super(reason);
  }
}

/** How many vouchers a purchase tries when others take them at the same moment. */
const VOUCHER_TRIES = 3;

/** Spends a usable voucher on the item; the coupon id, or null when the member has none left. */
async function payByVoucher(tx: Tx, input: PurchaseInput, kind: VoucherKind, contentId: number) {
  for (let i = 0; i < VOUCHER_TRIES; i++) {
    const couponId = await soonestVoucher(tx, input.userId, kind, contentId);
    if (couponId === null) return null;
    if (await spendCoupon(tx, couponId, input.userId, input.item)) return couponId;
  }
  return null;
}

export async function purchase(deps: CoinDeps, input: PurchaseInput): Promise<PurchaseResult> {
  if (!Number.isSafeInteger(input.price) || input.price <= 0) throw new Error(`${input.item} has no price`);
  let result: PurchaseResult;
  try {
    result = await deps.db.transaction(async (tx): Promise<PurchaseResult> => {
      const [row] = await tx
        .insert(purchases)
        .values({
          userId: input.userId,
          item: input.item,
          videoId: input.videoId ?? null,
          part: input.part ?? null,
          galleryId: input.galleryId ?? null,
        })
        .onConflictDoNothing({ target: [purchases.userId, purchases.item] })
        .returning({ id: purchases.id });
      if (!row) return { ok: false, reason: 'already_bought' };
      if (input.voucher) {
        const couponId = await payByVoucher(tx, input, input.voucher.kind, input.voucher.contentId);
        if (couponId === null) throw new Refused('no_voucher');
        await tx.update(purchases).set({ couponId }).where(eq(purchases.id, row.id));
        return { ok: true, purchaseId: row.id, coins: 0, couponId, balance: await balanceOf(tx, input.userId) };
      }
      const debited = await debit(
        deps,
        {
          userId: input.userId,
          amount: input.price,
          reason: 'spend',
          reference: input.item,
          idempotencyKey: purchaseKey(input.userId, input.item),
        },
        { within: tx },
      );
      if (!debited.ok) throw new Refused('no_coins');
      await tx.update(purchases).set({ coins: input.price }).where(eq(purchases.id, row.id));
      return { ok: true, purchaseId: row.id, coins: input.price, couponId: null, balance: debited.balance };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    throw err;
  }
  if (result.ok && result.coins > 0) announceBalance(deps, input.userId, result.balance);
  return result;
}

export type Rated = { rating: number; ratingCount: number; myRating: number };

/**
 * Stores the member's rating of an item and updates the aggregate of what it belongs to (a video
 * or a gallery) in one transaction. `lock` locks that row first and answers its base votes, so
 * concurrent ratings queue and every aggregate counts every rating; `memberVotes` counts the
 * members' ratings (this one included) and `store` writes the aggregate of both.
 */
export async function rate(
  db: DbOrTx,
  input: {
    userId: number;
    item: string;
    rating: number;
    lock: (tx: Tx) => Promise<Votes | null>;
    memberVotes: (tx: Tx) => Promise<Votes>;
    store: (tx: Tx, aggregate: RatingAggregate) => Promise<void>;
  },
): Promise<Rated | null> {
  return db.transaction(async (tx) => {
    const base = await input.lock(tx);
    if (!base) return null;
    await tx
      .insert(ratings)
      .values({ userId: input.userId, item: input.item, rating: input.rating })
      .onConflictDoUpdate({
        target: [ratings.userId, ratings.item],
        set: { rating: input.rating, updatedAt: sql`now()` },
      });
    const aggregate = aggregateRating(base, await input.memberVotes(tx));
    await input.store(tx, aggregate);
    return { ...aggregate, myRating: input.rating };
  });
}

/** Count and sum of the members' ratings matching `where` (ratings.item of one video or gallery). */
export async function memberVotesWhere(tx: Tx, where: SQL): Promise<Votes> {
  const [row] = await tx
    .select({ votes: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${ratings.rating}), 0)::int` })
    .from(ratings)
    .where(where);
  return row ?? { votes: 0, sum: 0 };
}
