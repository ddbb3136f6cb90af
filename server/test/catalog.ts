import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  galleries,
  galleryImages,
  showCategories,
  showImages,
  shows,
  showTags,
  tags,
  videoParts,
  videos,
  videoTags,
} from '#server/db/schema/catalog.ts';
import { seededRating } from '#server/db/seed/catalog.ts';

/**
 * Catalogue rows for API tests, written straight to the database (no media files: tests that
 * serve files put them into the app's storage themselves). Every call makes unique ids and names.
 */
let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

type ShowRow = typeof shows.$inferInsert;
export type TestShow = typeof shows.$inferSelect;

export async function createShow(
  db: DbOrTx,
  over: Partial<ShowRow> & { categories?: number[]; tags?: string[]; images?: number } = {},
): Promise<TestShow> {
  const n = next();
  const { categories = [], tags: tagSlugs = [], images = 2, ...row } = over;
  const name = row.showName ?? `Performer${n}`;
  const [show] = await db
    .insert(shows)
    .values({
      universalId: String(900_000 + n + Math.floor(Math.random() * 1000) * 1000),
      slugName: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      showName: name,
      pricePerMinute: 30,
      age: 25,
      languages: ['de', 'en'],
      city: 'Berlin',
      country: 'DE',
      lat: 52.52,
      lon: 13.405,
      sloganEn: `Slogan of ${name}`,
      sloganDe: `Spruch von ${name}`,
      descriptionEn: `About ${name}`,
      descriptionDe: `Über ${name}`,
      ...row,
    })
    .returning();
  if (!show) throw new Error('show insert returned nothing');
  for (const categoryId of categories) await db.insert(showCategories).values({ showId: show.id, categoryId });
  for (const slug of tagSlugs) await db.insert(showTags).values({ showId: show.id, tagId: await tagId(db, slug) });
  let main: number | null = null;
  for (let i = 0; i < images; i++) {
    const [image] = await db.insert(showImages).values({ showId: show.id, position: i }).returning();
    main ??= image?.id ?? null;
  }
  if (main !== null) await db.update(shows).set({ mainImageId: main }).where(eq(shows.id, show.id));
  return { ...show, mainImageId: main };
}

/** The tag's id, created when missing. */
export async function tagId(db: DbOrTx, slug: string): Promise<number> {
  const [found] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug));
  if (found) return found.id;
  const [made] = await db.insert(tags).values({ slug, nameEn: slug, nameDe: slug }).returning({ id: tags.id });
  if (!made) throw new Error('tag insert returned nothing');
  return made.id;
}

/**
 * A rating given to a test item is the one it arrived with, as the seed stores it: the base of
 * members' votes. A rating without a count is one vote (zero votes could hold no rating).
 */
function arrivedWith(row: { rating?: number; ratingCount?: number; ratingBaseVotes?: number }) {
  if (row.ratingBaseVotes !== undefined || (row.rating === undefined && row.ratingCount === undefined)) return {};
  const rating = row.rating ?? 0;
  return seededRating({ rating, ratingCount: row.ratingCount ?? (rating > 0 ? 1 : 0) });
}

type VideoRow = typeof videos.$inferInsert;
export type TestVideo = typeof videos.$inferSelect & { parts: (typeof videoParts.$inferSelect)[] };

/** A video with `parts` (default two: the first free, the second 20 coins), clips at videos/<ccid>/<part>.webm. */
export async function createVideo(
  db: DbOrTx,
  showId: number,
  over: Partial<VideoRow> & { parts?: { price: number; free?: boolean; duration?: number }[]; tags?: string[] } = {},
): Promise<TestVideo> {
  const n = next();
  const { parts = [{ price: 0, free: true }, { price: 20 }], tags: tagSlugs = [], ...row } = over;
  const duration = parts.reduce((sum, p) => sum + (p.duration ?? 30), 0);
  const [video] = await db
    .insert(videos)
    .values({
      ccid: 500_000 + n + Math.floor(Math.random() * 1000) * 1000,
      showId,
      titleEn: `Video ${n}`,
      titleDe: `Video ${n}`,
      duration,
      ...row,
      ...arrivedWith(row),
    })
    .returning();
  if (!video) throw new Error('video insert returned nothing');
  const rows = parts.map((p, i) => ({
    videoId: video.id,
    part: i + 1,
    duration: p.duration ?? 30,
    price: p.price,
    free: p.free ?? false,
    storageKey: `videos/${video.ccid}/${i + 1}.webm`,
  }));
  const inserted = await db.insert(videoParts).values(rows).returning();
  for (const slug of tagSlugs) await db.insert(videoTags).values({ videoId: video.id, tagId: await tagId(db, slug) });
  return { ...video, parts: inserted };
}

type GalleryRow = typeof galleries.$inferInsert;
export type TestGallery = typeof galleries.$inferSelect & { images: (typeof galleryImages.$inferSelect)[] };

/** A gallery of 25 coins with `images` pictures (default 3). */
export async function createGallery(
  db: DbOrTx,
  showId: number,
  over: Partial<GalleryRow> & { images?: number } = {},
): Promise<TestGallery> {
  const n = next();
  const { images = 3, ...row } = over;
  const [gallery] = await db
    .insert(galleries)
    .values({ showId, titleEn: `Gallery ${n}`, titleDe: `Galerie ${n}`, price: 25, ...row, ...arrivedWith(row) })
    .returning();
  if (!gallery) throw new Error('gallery insert returned nothing');
  const pictures = await db
    .insert(galleryImages)
    .values(Array.from({ length: images }, (_, i) => ({ galleryId: gallery.id, position: i, width: 640, height: 480 })))
    .returning();
  return { ...gallery, images: pictures };
}
