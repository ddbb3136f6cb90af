import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { videoParts, videos } from '#server/db/schema/catalog.ts';
import { ratings } from '#server/db/schema/member-catalog.ts';
import type { CoinDeps } from '#server/features/coins/mutations.ts';
import {
  memberVotesWhere,
  type PurchaseResult,
  purchase,
  type Rated,
  rate,
} from '#server/features/purchases/mutations.ts';
import { videoItem } from './data.ts';

/** Buys one part of a video with coins or, with `useVoucher`, a VIDEO or FREE voucher. */
export function buyVideoPart(
  deps: CoinDeps,
  input: { userId: number; videoId: number; part: number; price: number; useVoucher: boolean },
): Promise<PurchaseResult> {
  return purchase(deps, {
    userId: input.userId,
    item: videoItem(input.videoId, input.part),
    price: input.price,
    videoId: input.videoId,
    part: input.part,
    voucher: input.useVoucher ? { kind: 'video', contentId: input.videoId } : null,
  });
}

/**
 * Stores the member's rating of a part; every rating of any of the video's parts is one vote on
 * the video, added to the votes it arrived with. Null when the video is gone.
 */
export function rateVideoPart(
  db: DbOrTx,
  input: { userId: number; videoId: number; part: number; rating: number },
): Promise<Rated | null> {
  // The rating keys of the video's parts, matched exactly so that the index on item serves them.
  const ofVideo = sql`${ratings.item} in (select 'video:' || ${videoParts.videoId} || ':' || ${videoParts.part} from ${videoParts} where ${videoParts.videoId} = ${input.videoId})`;
  const thisVideo = eq(videos.id, input.videoId);
  return rate(db, {
    userId: input.userId,
    item: videoItem(input.videoId, input.part),
    rating: input.rating,
    lock: async (tx) => {
      const [row] = await tx
        .select({ votes: videos.ratingBaseVotes, sum: videos.ratingBaseSum })
        .from(videos)
        .where(thisVideo)
        .for('update');
      return row ?? null;
    },
    memberVotes: (tx) => memberVotesWhere(tx, ofVideo),
    store: async (tx, aggregate) => {
      await tx.update(videos).set(aggregate).where(thisVideo);
    },
  });
}

/** Counts one play of the video. */
export async function countView(db: DbOrTx, videoId: number): Promise<void> {
  await db
    .update(videos)
    .set({ views: sql`${videos.views} + 1` })
    .where(eq(videos.id, videoId));
}
