import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { categories, galleries, shows, videos } from '#server/db/schema/catalog.ts';
import { galleryPublished } from '#server/features/galleries/data.ts';
import { ALL_SHOWS_CATEGORY, type Catalogue, listed } from '#server/features/shows/data.ts';
import { videoPublished } from '#server/features/videos/data.ts';

/**
 * What the sitemaps list, read with the catalogue's own rules: a show the catalogue lists (not
 * withheld by a notice decision, decision 032; a partner's only with its partner, decision 061),
 * and of its videos and galleries only the published ones (decision 031).
 * Each kind is read in id order, a page at a time, so a page is one query on the primary key.
 */
export type SitemapKind = 'shows' | 'videos' | 'galleries';

export type ShowEntry = { universalId: string; slugName: string; lastmod: Date };
export type VideoEntry = { id: number; lastmod: Date };
export type GalleryEntry = { id: number; universalId: string; lastmod: Date };
export type CategoryEntry = { id: number; slug: string; nameEn: string; descriptionEn: string };

/** How many entries each kind has now (what the sitemap index pages by). */
export async function sitemapCounts(db: DbOrTx, catalogue: Catalogue): Promise<Record<SitemapKind, number>> {
  const [showRows, videoRows, galleryRows] = await Promise.all([
    db.select({ n: count() }).from(shows).where(listed(catalogue)),
    db
      .select({ n: count() })
      .from(videos)
      .innerJoin(shows, eq(shows.id, videos.showId))
      .where(and(videoPublished, listed(catalogue))),
    db
      .select({ n: count() })
      .from(galleries)
      .innerJoin(shows, eq(shows.id, galleries.showId))
      .where(and(galleryPublished, listed(catalogue))),
  ]);
  return {
    shows: Number(showRows[0]?.n ?? 0),
    videos: Number(videoRows[0]?.n ?? 0),
    galleries: Number(galleryRows[0]?.n ?? 0),
  };
}

/**
 * A page of listed shows. The page shows her videos and galleries, so it changed when the newest
 * published one arrived: lastmod is the latest of the show's creation and theirs (subqueries on
 * the `videos_show` and `galleries_show` indexes). Presence is not a change of the page's content.
 */
export function showEntries(db: DbOrTx, catalogue: Catalogue, offset: number, limit: number): Promise<ShowEntry[]> {
  return db
    .select({
      universalId: shows.universalId,
      slugName: shows.slugName,
      lastmod: sql<Date>`greatest(
        ${shows.createdAt},
        (select max(v.created_at) from videos v where v.show_id = ${shows.id} and v.status = 'published'),
        (select max(g.created_at) from galleries g where g.show_id = ${shows.id} and g.status = 'published')
      )`.mapWith(shows.createdAt),
    })
    .from(shows)
    .where(listed(catalogue))
    .orderBy(asc(shows.id))
    .offset(offset)
    .limit(limit);
}

/** A page of published videos of listed shows. */
export function videoEntries(db: DbOrTx, catalogue: Catalogue, offset: number, limit: number): Promise<VideoEntry[]> {
  return db
    .select({ id: videos.id, lastmod: videos.createdAt })
    .from(videos)
    .innerJoin(shows, eq(shows.id, videos.showId))
    .where(and(videoPublished, listed(catalogue)))
    .orderBy(asc(videos.id))
    .offset(offset)
    .limit(limit);
}

/** A page of published galleries of listed shows (their page is addressed by the show's universal id). */
export function galleryEntries(
  db: DbOrTx,
  catalogue: Catalogue,
  offset: number,
  limit: number,
): Promise<GalleryEntry[]> {
  return db
    .select({ id: galleries.id, universalId: shows.universalId, lastmod: galleries.createdAt })
    .from(galleries)
    .innerJoin(shows, eq(shows.id, galleries.showId))
    .where(and(galleryPublished, listed(catalogue)))
    .orderBy(asc(galleries.id))
    .offset(offset)
    .limit(limit);
}

/**
 * Every category with a page of its own, in the bar's order: not the hidden "all shows" one, whose
 * list is the index's. Paths carry the English names; the language comes from the query.
 */
export function categoryEntries(db: DbOrTx): Promise<CategoryEntry[]> {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      nameEn: categories.nameEn,
      descriptionEn: categories.descriptionEn,
    })
    .from(categories)
    .where(ne(categories.id, ALL_SHOWS_CATEGORY))
    .orderBy(asc(categories.position), asc(categories.id));
}
