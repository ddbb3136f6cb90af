import { and, asc, count, eq, inArray, min } from 'drizzle-orm';
import type { GalleryDetail, GalleryTile } from '#common/api/media.ts';
import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, galleryImages, shows } from '#server/db/schema/catalog.ts';
import { ratings } from '#server/db/schema/member-catalog.ts';
import { boughtGalleries, voucherCount } from '#server/features/purchases/data.ts';
import { showTilesByIds } from '#server/features/shows/data.ts';
import { isUnlocked, presentGalleryDetail, presentGalleryTile } from './present.ts';
import { type GalleryUrls, galleryUrls } from './urls.ts';

/** What the tiles and the detail read of a gallery: its own columns and its show's names. */
export const galleryColumns = {
  id: galleries.id,
  showId: galleries.showId,
  titleEn: galleries.titleEn,
  titleDe: galleries.titleDe,
  price: galleries.price,
  free: galleries.free,
  rating: galleries.rating,
  ratingCount: galleries.ratingCount,
  createdAt: galleries.createdAt,
  universalId: shows.universalId,
  showName: shows.showName,
  slugName: shows.slugName,
};
export type GalleryRow = {
  id: number;
  showId: number;
  titleEn: string;
  titleDe: string;
  price: number;
  free: boolean;
  rating: number;
  ratingCount: number;
  createdAt: Date;
  universalId: string;
  showName: string;
  slugName: string;
};
export type GalleryImageRow = typeof galleryImages.$inferSelect;

/** The purchase and rating key of a gallery. */
export const galleryItem = (galleryId: number) => `gallery:${galleryId}`;

const selectGalleries = (db: DbOrTx) =>
  db.select(galleryColumns).from(galleries).innerJoin(shows, eq(shows.id, galleries.showId));

/** The catalogue's rule: only a published gallery is ever listed, shown, sold or rated. */
export const galleryPublished = eq(galleries.status, 'published');

/** Galleries by id, in the order of `ids`; unknown ids are left out. */
export async function galleryRowsByIds(db: DbOrTx, ids: readonly number[]): Promise<GalleryRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectGalleries(db).where(and(inArray(galleries.id, [...ids]), galleryPublished));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The gallery, when it belongs to the show with this universal id. */
export async function galleryOfShow(db: DbOrTx, universalId: string, galleryId: number): Promise<GalleryRow | null> {
  const [row] = await selectGalleries(db)
    .where(and(eq(galleries.id, galleryId), eq(shows.universalId, universalId), galleryPublished))
    .limit(1);
  return row ?? null;
}

/** The free gallery of the show with this universal id. */
export async function freeGalleryOfShow(db: DbOrTx, universalId: string): Promise<GalleryRow | null> {
  const [row] = await selectGalleries(db)
    .where(and(eq(shows.universalId, universalId), eq(galleries.free, true), galleryPublished))
    .orderBy(asc(galleries.id))
    .limit(1);
  return row ?? null;
}

/** The pictures of a gallery in their order. */
export async function imagesOf(db: DbOrTx, galleryId: number): Promise<GalleryImageRow[]> {
  return db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.galleryId, galleryId))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
}

/** How many pictures each gallery has and its cover (the first picture). */
export async function imageStats(
  db: DbOrTx,
  galleryIds: readonly number[],
): Promise<Map<number, { imageCount: number; coverImageId: number | null }>> {
  const out = new Map<number, { imageCount: number; coverImageId: number | null }>();
  if (galleryIds.length === 0) return out;
  const [counts, firsts] = await Promise.all([
    db
      .select({ galleryId: galleryImages.galleryId, n: count() })
      .from(galleryImages)
      .where(inArray(galleryImages.galleryId, [...galleryIds]))
      .groupBy(galleryImages.galleryId),
    db
      .selectDistinctOn([galleryImages.galleryId], { galleryId: galleryImages.galleryId, id: galleryImages.id })
      .from(galleryImages)
      .where(inArray(galleryImages.galleryId, [...galleryIds]))
      .orderBy(asc(galleryImages.galleryId), asc(galleryImages.position), asc(galleryImages.id)),
  ]);
  const first = new Map(firsts.map((f) => [f.galleryId, f.id]));
  for (const c of counts) out.set(c.galleryId, { imageCount: c.n, coverImageId: first.get(c.galleryId) ?? null });
  return out;
}

/**
 * Gallery tiles by id, in the order of `ids`, as `userId` (null: a visitor) sees them: the cover
 * is blurred unless the gallery is free or that member bought it, and then a URL signed with
 * `signingKey` (config.media.signingKey) for that member. Unknown ids are left out.
 */
export async function galleryTilesByIds(
  db: DbOrTx,
  ids: readonly number[],
  locale: Locale,
  userId: number | null,
  signingKey: Buffer,
): Promise<GalleryTile[]> {
  const urls = galleryUrls(signingKey, userId);
  const rows = await galleryRowsByIds(db, ids);
  const found = rows.map((r) => r.id);
  const [stats, bought] = await Promise.all([imageStats(db, found), boughtGalleries(db, userId, found)]);
  return rows.map((row) =>
    presentGalleryTile(row, locale, {
      imageCount: stats.get(row.id)?.imageCount ?? 0,
      coverImageId: stats.get(row.id)?.coverImageId ?? null,
      unlocked: isUnlocked(row, bought.has(row.id)),
      urls,
    }),
  );
}

/** The member's own rating of the gallery (0 when none). */
export async function myGalleryRating(db: DbOrTx, userId: number | null, galleryId: number): Promise<number> {
  if (userId === null) return 0;
  const [row] = await db
    .select({ rating: min(ratings.rating) })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.item, galleryItem(galleryId))));
  return row?.rating ?? 0;
}

/**
 * The gallery as `userId` (null: a visitor) sees it; `urls` signs the URLs of plain thumbs and
 * full pictures and is only called when the gallery is unlocked for them.
 */
export async function galleryDetailView(
  db: DbOrTx,
  row: GalleryRow,
  userId: number | null,
  locale: Locale,
  urls: GalleryUrls,
  phoneChatLine: boolean,
): Promise<GalleryDetail> {
  const [images, bought, myRating, [show], vouchers] = await Promise.all([
    imagesOf(db, row.id),
    boughtGalleries(db, userId, [row.id]),
    myGalleryRating(db, userId, row.id),
    showTilesByIds(db, [row.showId], locale, phoneChatLine),
    voucherCount(db, userId, 'gallery', row.id),
  ]);
  if (!show) throw new Error(`show ${row.showId} of gallery ${row.id} is missing`);
  return presentGalleryDetail(row, locale, {
    images,
    unlocked: isUnlocked(row, bought.has(row.id)),
    myRating,
    show,
    vouchers,
    urls,
  });
}
