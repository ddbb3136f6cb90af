import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';

/** What a voucher may pay for: VIDEO or GALLERY coupons of that kind, and FREE ones for either. */
export type VoucherKind = 'video' | 'gallery';
const voucherTypes = (kind: VoucherKind) => (kind === 'video' ? ['VIDEO', 'FREE'] : ['GALLERY', 'FREE']);

/**
 * The member's coupons that can pay for this content: theirs, unused, unexpired, of the kind, and
 * for any content (content id null) or this one.
 */
const usableVoucher = (userId: number, kind: VoucherKind, contentId: number, now: Date) =>
  and(
    eq(coupons.userId, userId),
    isNull(coupons.usedAt),
    gt(coupons.validUntil, now),
    inArray(coupons.type, voucherTypes(kind)),
    or(isNull(coupons.contentId), eq(coupons.contentId, contentId)),
  );

/** How many vouchers the member could spend on this video or gallery. */
export async function voucherCount(
  db: DbOrTx,
  userId: number | null,
  kind: VoucherKind,
  contentId: number,
  now = new Date(),
): Promise<number> {
  if (userId === null) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(coupons)
    .where(usableVoucher(userId, kind, contentId, now));
  return row?.n ?? 0;
}

/** The voucher a purchase spends: the usable one that expires first (null when there is none). */
export async function soonestVoucher(
  db: DbOrTx,
  userId: number,
  kind: VoucherKind,
  contentId: number,
  now = new Date(),
): Promise<number | null> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(usableVoucher(userId, kind, contentId, now))
    .orderBy(asc(coupons.validUntil), asc(coupons.id))
    .limit(1);
  return row?.id ?? null;
}

/** The parts of a video the member bought. */
export async function boughtParts(db: DbOrTx, userId: number | null, videoId: number): Promise<Set<number>> {
  if (userId === null) return new Set();
  const rows = await db
    .select({ part: purchases.part })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.videoId, videoId), isNotNull(purchases.part)));
  return new Set(rows.flatMap((r) => (r.part === null ? [] : [r.part])));
}

/** Which of the galleries the member bought. */
export async function boughtGalleries(
  db: DbOrTx,
  userId: number | null,
  galleryIds: readonly number[],
): Promise<Set<number>> {
  if (userId === null || galleryIds.length === 0) return new Set();
  const rows = await db
    .select({ galleryId: purchases.galleryId })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.galleryId, [...galleryIds])));
  return new Set(rows.flatMap((r) => (r.galleryId === null ? [] : [r.galleryId])));
}

/** Whether the member holds the purchase of this item. */
export async function owns(db: DbOrTx, userId: number, item: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.item, item)))
    .limit(1);
  return row !== undefined;
}
