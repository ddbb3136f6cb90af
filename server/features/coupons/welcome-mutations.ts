import { and, eq, isNull } from 'drizzle-orm';
import { WELCOME_GIFT_VALID_DAYS } from '#common/constants.ts';
import { type WelcomeGift, welcomeVoucherCodes } from '#common/domain/welcome-gift.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons, welcomeGifts } from '#server/db/schema/coupons.ts';
import { users } from '#server/db/schema/users.ts';
import { partsForSale, unshownWelcome } from './welcome-data.ts';

const DAY_MS = 86_400_000;

/** Keeps the gift a new account was promised at sign-up; an account keeps its first promise. */
export async function promiseWelcomeGift(db: DbOrTx, userId: number, gift: WelcomeGift, now = new Date()) {
  await db
    .insert(welcomeGifts)
    .values({ userId, videoId: gift.video, voucherPercent: gift.voucher, promisedAt: now })
    .onConflictDoNothing();
}

/**
 * Grants the promised gift, once: in one transaction, the conditional update that marks it
 * granted (the row is the lock, so of two activations at once one grants and the other finds it
 * done) and the vouchers in the member's coupon list: a VIDEO voucher for each part of the offered
 * video that is for sale, and a PERCENT voucher for a coin purchase. Their codes are unique per account and kind, a second key
 * against a replay. Answers what was granted now, or null (nothing promised, or granted before).
 */
export async function grantWelcomeGift(db: DbOrTx, userId: number, now = new Date()): Promise<WelcomeGift | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(welcomeGifts)
      .set({ grantedAt: now })
      .where(and(eq(welcomeGifts.userId, userId), isNull(welcomeGifts.grantedAt)))
      .returning();
    if (!row) return null;
    // A video removed (or no longer for sale) since the offer cannot be given; the bonus still can.
    const parts = row.videoId !== null ? await partsForSale(tx, row.videoId) : 0;
    const video = parts > 0 ? row.videoId : null;
    if (video !== row.videoId)
      await tx.update(welcomeGifts).set({ videoId: null }).where(eq(welcomeGifts.userId, userId));
    const codes = welcomeVoucherCodes(userId, parts);
    const owned = { userId, claimedAt: now, validUntil: new Date(now.getTime() + WELCOME_GIFT_VALID_DAYS * DAY_MS) };
    const vouchers = [
      ...codes.video.map((code) => ({ ...owned, code, type: 'VIDEO', value: 1, contentId: video })),
      ...(row.voucherPercent !== null
        ? [{ ...owned, code: codes.voucher, type: 'PERCENT', value: row.voucherPercent }]
        : []),
    ];
    if (vouchers.length > 0) await tx.insert(coupons).values(vouchers).onConflictDoNothing();
    return { video, voucher: row.voucherPercent };
  });
}

/**
 * The welcome a member's new session carries: a verified account's promised gift is granted
 * first (once, see above); then the granted gift the member has not closed the welcome of.
 */
export async function welcomeForSession(db: DbOrTx, userId: number, now = new Date()): Promise<WelcomeGift | null> {
  const [user] = await db.select({ verified: users.isVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.verified) return null;
  await grantWelcomeGift(db, userId, now);
  return unshownWelcome(db, userId);
}

/** The member closed the welcome: no later session shows it again. */
export async function markWelcomeShown(db: DbOrTx, userId: number, now = new Date()) {
  await db
    .update(welcomeGifts)
    .set({ shownAt: now })
    .where(and(eq(welcomeGifts.userId, userId), isNull(welcomeGifts.shownAt)));
}
