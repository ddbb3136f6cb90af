import { and, count, desc, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, galleryImages, shows } from '#server/db/schema/catalog.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';

/** What the archive lists of a purchase: the content, the part of a video, and when it was bought. */
export type BoughtVideo = { videoId: number; part: number; boughtAt: Date };
export type BoughtGallery = { galleryId: number; boughtAt: Date };

const videosOf = (userId: number) =>
  and(eq(purchases.userId, userId), isNotNull(purchases.videoId), isNotNull(purchases.part));
const galleriesOf = (userId: number) => and(eq(purchases.userId, userId), isNotNull(purchases.galleryId));

/** The member's bought video parts, the latest purchase first. */
export async function boughtVideos(db: DbOrTx, userId: number, offset: number, limit: number): Promise<BoughtVideo[]> {
  const rows = await db
    .select({ videoId: purchases.videoId, part: purchases.part, boughtAt: purchases.createdAt })
    .from(purchases)
    .where(videosOf(userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .offset(offset)
    .limit(limit);
  return rows.flatMap((r) =>
    r.videoId === null || r.part === null ? [] : [{ videoId: r.videoId, part: r.part, boughtAt: r.boughtAt }],
  );
}

/** The member's bought galleries, the latest purchase first. */
export async function boughtGalleryList(
  db: DbOrTx,
  userId: number,
  offset: number,
  limit: number,
): Promise<BoughtGallery[]> {
  const rows = await db
    .select({ galleryId: purchases.galleryId, boughtAt: purchases.createdAt })
    .from(purchases)
    .where(galleriesOf(userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .offset(offset)
    .limit(limit);
  return rows.flatMap((r) => (r.galleryId === null ? [] : [{ galleryId: r.galleryId, boughtAt: r.boughtAt }]));
}

export async function countBoughtVideos(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(purchases).where(videosOf(userId));
  return row?.n ?? 0;
}

export async function countBoughtGalleries(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(purchases).where(galleriesOf(userId));
  return row?.n ?? 0;
}

/** Pictures unlocked from messages: purchases of `picture:<imageId>` (they name no gallery). */
const picturesOf = (userId: number) => and(eq(purchases.userId, userId), like(purchases.item, 'picture:%'));
const pictureImageId = sql`substring(${purchases.item} from 9)::int`;

/** The member's unlocked pictures (of pictures still there), the latest first, with their show. */
export async function boughtPictures(db: DbOrTx, userId: number, offset: number, limit: number) {
  return db
    .select({
      imageId: galleryImages.id,
      galleryId: galleryImages.galleryId,
      width: galleryImages.width,
      height: galleryImages.height,
      universalId: shows.universalId,
      showName: shows.showName,
      boughtAt: purchases.createdAt,
    })
    .from(purchases)
    .innerJoin(galleryImages, eq(galleryImages.id, pictureImageId))
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(shows, eq(shows.id, galleries.showId))
    .where(and(picturesOf(userId), eq(galleries.status, 'published')))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .offset(offset)
    .limit(limit);
}

export async function countBoughtPictures(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchases)
    .innerJoin(galleryImages, eq(galleryImages.id, pictureImageId))
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .where(and(picturesOf(userId), eq(galleries.status, 'published')));
  return row?.n ?? 0;
}
