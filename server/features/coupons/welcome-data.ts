import { and, count, desc, eq, exists, gt, isNotNull, isNull } from 'drizzle-orm';
import type { WelcomeGift } from '#common/domain/welcome-gift.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { videoParts, videos } from '#server/db/schema/catalog.ts';
import { welcomeGifts } from '#server/db/schema/coupons.ts';

/**
 * The video the sign-up incentive offers: the best-rated (then most watched, then newest) video
 * with a part for sale, since a voucher for a video that is free anyway would be no gift. Null
 * when the catalog has none.
 */
export async function offeredVideo(db: DbOrTx): Promise<number | null> {
  const forSale = db
    .select({ one: videoParts.videoId })
    .from(videoParts)
    .where(and(eq(videoParts.videoId, videos.id), eq(videoParts.free, false), gt(videoParts.price, 0)));
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.status, 'published'), exists(forSale)))
    .orderBy(desc(videos.rating), desc(videos.views), desc(videos.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * How many parts of the video are for sale: the number of vouchers that make all of it free
 * (0 when the video was removed since the offer).
 */
export async function partsForSale(db: DbOrTx, videoId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(videoParts)
    .where(and(eq(videoParts.videoId, videoId), eq(videoParts.free, false), gt(videoParts.price, 0)));
  return row?.n ?? 0;
}

/** The gift granted to the member that the welcome dialog has not shown yet, or null. */
export async function unshownWelcome(db: DbOrTx, userId: number): Promise<WelcomeGift | null> {
  const [row] = await db
    .select({ video: welcomeGifts.videoId, voucher: welcomeGifts.voucherPercent })
    .from(welcomeGifts)
    .where(and(eq(welcomeGifts.userId, userId), isNotNull(welcomeGifts.grantedAt), isNull(welcomeGifts.shownAt)))
    .limit(1);
  return row && (row.video !== null || row.voucher !== null) ? row : null;
}

/** What the incentive offers a new visitor now, from the settings and the catalog. */
export async function currentIncentiveOffer(
  db: DbOrTx,
  settings: { video: boolean; voucherPercent: number | null },
): Promise<WelcomeGift | null> {
  const video = settings.video ? await offeredVideo(db) : null;
  return video === null && settings.voucherPercent === null ? null : { video, voucher: settings.voucherPercent };
}
