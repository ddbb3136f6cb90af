import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { VideoSort } from '#common/api/media.ts';
import type { SHOW_FILTERS } from '#common/api/search.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  categories,
  galleries,
  showCategories,
  shows,
  showTags,
  tags,
  videoParts,
  videos,
  videoTags,
} from '#server/db/schema/catalog.ts';
import { ALL_SHOWS_CATEGORY, type Catalogue, listed } from '#server/features/shows/data.ts';
import { NEW_FOR_MS } from '#server/features/shows/present.ts';
import { type Condition, type Scope, type SearchText, type Target, textMatch } from './text-match.ts';

/**
 * The searches: each finds one page of ranked ids and the number of all matches; the tile
 * loaders of shows, videos and galleries turn the ids into tiles.
 */

export type PageWindow = { page: number; limit: number };
export type IdPage<T = number> = { hits: T[]; total: number };
export type ShowFilter = (typeof SHOW_FILTERS)[number];
/** Relevance orders a text search unless a sort was asked for. */
export type ListSort = VideoSort | 'relevance';

const EARTH_RADIUS_KM = 6371;

export const showTarget: Target = {
  table: shows,
  id: shows.id,
  vector: sql`${shows.search}`,
  name: sql`lower(${shows.showName})`,
  nameConfigs: ['simple'],
  partialNames: true,
};
export const videoTarget: Target = {
  table: videos,
  id: videos.id,
  vector: sql`${videos.search}`,
  name: sql`lower(${videos.titleEn})`,
  nameConfigs: ['german', 'english'],
  partialNames: false,
};
export const galleryTarget: Target = {
  table: galleries,
  id: galleries.id,
  vector: sql`${galleries.search}`,
  name: sql`lower(${galleries.titleEn})`,
  nameConfigs: ['german', 'english'],
  partialNames: false,
};

const offsetOf = (w: PageWindow) => (w.page - 1) * w.limit;

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

/** Shows that carry every one of the tag slugs (a subquery of show ids). */
function showsWithAllTags(slugs: readonly string[]): SQL {
  const unique = [...new Set(slugs)];
  return sql`(select ${showTags.showId} from ${showTags} inner join ${tags} on ${tags.id} = ${showTags.tagId}
    where ${inArray(tags.slug, unique)} group by ${showTags.showId} having count(*) = ${unique.length})`;
}

function videosWithAllTags(slugs: readonly string[]): SQL {
  const unique = [...new Set(slugs)];
  return sql`(select ${videoTags.videoId} from ${videoTags} inner join ${tags} on ${tags.id} = ${videoTags.tagId}
    where ${inArray(tags.slug, unique)} group by ${videoTags.videoId} having count(*) = ${unique.length})`;
}

/** Shows of a category (a subquery of show ids); category 1 is "all shows" and filters nothing. */
const showsInCategory = (categoryId: number) =>
  sql`(select ${showCategories.showId} from ${showCategories} where ${showCategories.categoryId} = ${categoryId})`;

/** Great-circle distance in km from a point (haversine), null for shows without a position. */
function distanceKm(lat: number, lon: number): SQL<number | null> {
  const dLat = sql`radians(${shows.lat} - ${lat}::float8) / 2`;
  const dLon = sql`radians(${shows.lon} - ${lon}::float8) / 2`;
  const a = sql`power(sin(${dLat}), 2) + cos(radians(${lat}::float8)) * cos(radians(${shows.lat})) * power(sin(${dLon}), 2)`;
  return sql<number | null>`(case when ${shows.lat} is null or ${shows.lon} is null then null
    else 2 * ${EARTH_RADIUS_KM} * asin(sqrt(least(1, ${a}))) end)`;
}

export type ShowSearch = PageWindow & {
  /** The shows the catalogue offers: no search finds another. */
  catalogue: Catalogue;
  text: SearchText | null;
  scope: Scope;
  geo?: { lat: number; lon: number } | undefined;
  tags?: readonly string[] | undefined;
  categoryId?: number | undefined;
  filter?: ShowFilter | undefined;
  now?: Date;
};
export type ShowHit = { id: number; distance: number | null };

/**
 * Shows matching a search. Order: nearest first with a position; else online first, then by
 * relevance (text) or the list's own order (position, id). A text matches names (and texts) in
 * full text, or, when that finds nothing, names by trigram similarity (typos).
 */
export async function searchShowIds(db: DbOrTx, q: ShowSearch): Promise<IdPage<ShowHit>> {
  // A show the catalogue does not list (withheld by a notice decision, a partner's without its
  // partner) is found by no search.
  const filters: SQL[] = [listed(q.catalogue)];
  if (q.tags?.length) filters.push(sql`${shows.id} in ${showsWithAllTags(q.tags)}`);
  if (q.categoryId !== undefined && q.categoryId !== ALL_SHOWS_CATEGORY) {
    filters.push(sql`${shows.id} in ${showsInCategory(q.categoryId)}`);
  }
  if (q.filter === 'online') filters.push(eq(shows.online, true));
  if (q.filter === 'free') filters.push(eq(shows.free, true));
  if (q.filter === 'new') {
    const since = new Date((q.now ?? new Date()).getTime() - NEW_FOR_MS);
    filters.push(sql`${shows.createdAt} > ${since.toISOString()}::timestamptz`);
  }
  const distance = q.geo ? distanceKm(q.geo.lat, q.geo.lon) : sql<null>`null::float8`;
  const run = async (match: Condition | null): Promise<IdPage<ShowHit>> => {
    const order: SQL[] = q.geo
      ? [sql`${distance} asc nulls last`]
      : [sql`${shows.online} desc`, match ? sql`${match.rank} desc` : sql`${shows.position} desc`];
    const condition = and(...filters, match?.where);
    const [rows, [counted]] = await Promise.all([
      db
        .select({ id: shows.id, distance })
        .from(shows)
        .where(condition)
        .orderBy(...order, sql`${shows.id} asc`)
        .limit(q.limit)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(shows).where(condition),
    ]);
    return {
      hits: rows.map((r) => ({
        id: r.id,
        distance: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
      })),
      total: counted?.n ?? 0,
    };
  };
  if (!q.text) return run(null);
  const match = textMatch(showTarget, q.text, q.scope);
  const found = await run(match.fulltext);
  return found.total > 0 ? found : run(match.similar);
}

/** Coins for all parts of a video together (0 when all are free), as the tile shows it. */
const videoPrice = sql`(select coalesce(sum(${videoParts.price}) filter (where not ${videoParts.free}), 0)
  from ${videoParts} where ${videoParts.videoId} = ${videos.id})`;

export type VideoSearch = PageWindow & {
  /** Only the media of shows the catalogue lists: a partner's without its partner lead nowhere. */
  catalogue: Catalogue;
  text: SearchText | null;
  scope: Scope;
  showId?: number | undefined;
  tags?: readonly string[] | undefined;
  categoryId?: number | undefined;
  sort: ListSort;
};

/** One page of ids of a table and the count of all rows the conditions match. */
async function idPage(
  db: DbOrTx,
  target: Pick<Target, 'table' | 'id'>,
  where: SQL[],
  order: SQL[],
  w: PageWindow,
): Promise<IdPage> {
  const condition = and(...where);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: sql<number>`${target.id}` })
      .from(target.table)
      .where(condition)
      .orderBy(...order, sql`${target.id} desc`)
      .limit(w.limit)
      .offset(offsetOf(w)),
    db.select({ n: count() }).from(target.table).where(condition),
  ]);
  return { hits: rows.map((r) => Number(r.id)), total: counted?.n ?? 0 };
}

/**
 * A text search on titles: the full-text match, or, when it finds nothing (a typo), the trigram
 * similarity of the title; without a text the filters alone.
 */
async function titleSearch(
  db: DbOrTx,
  target: Target,
  q: PageWindow & { text: SearchText | null; scope: Scope },
  filters: SQL[],
  order: (rank: SQL | null) => SQL[],
): Promise<IdPage> {
  if (!q.text) return idPage(db, target, filters, order(null), q);
  const match = textMatch(target, q.text, q.scope);
  const found = await idPage(db, target, [...filters, match.fulltext.where], order(match.fulltext.rank), q);
  if (found.total > 0) return found;
  return idPage(db, target, [...filters, match.similar.where], order(match.similar.rank), q);
}

/** The ids of the shows the catalogue lists, as a subquery. */
const listedShowIds = (catalogue: Catalogue) => sql`(select ${shows.id} from ${shows} where ${listed(catalogue)})`;

/** Videos matching a search: newest, best rated, longest or cheapest first, or by relevance. */
export async function searchVideoIds(db: DbOrTx, q: VideoSearch): Promise<IdPage> {
  const filters: SQL[] = [eq(videos.status, 'published'), sql`${videos.showId} in ${listedShowIds(q.catalogue)}`];
  if (q.showId !== undefined) filters.push(eq(videos.showId, q.showId));
  if (q.tags?.length) filters.push(sql`${videos.id} in ${videosWithAllTags(q.tags)}`);
  if (q.categoryId !== undefined && q.categoryId !== ALL_SHOWS_CATEGORY) {
    filters.push(sql`${videos.showId} in ${showsInCategory(q.categoryId)}`);
  }
  const order = (rank: SQL | null): SQL[] => {
    if (q.sort === 'rating') return [sql`${videos.rating} desc`, sql`${videos.ratingCount} desc`];
    if (q.sort === 'duration') return [sql`${videos.duration} desc`];
    if (q.sort === 'price') return [sql`${videoPrice} asc`];
    if (q.sort === 'relevance' && rank) return [sql`${rank} desc`];
    return [sql`${videos.createdAt} desc`];
  };
  return titleSearch(db, videoTarget, q, filters, order);
}

export type GallerySort = 'new' | 'rating' | 'price' | 'relevance';
export type GallerySearch = PageWindow & {
  catalogue: Catalogue;
  text: SearchText | null;
  scope: Scope;
  showId?: number | undefined;
  /** Galleries have no tags of their own: these are their show's. */
  tags?: readonly string[] | undefined;
  sort: GallerySort;
};

/** Galleries matching a search: newest, best rated or cheapest first, or by relevance. */
export async function searchGalleryIds(db: DbOrTx, q: GallerySearch): Promise<IdPage> {
  const filters: SQL[] = [eq(galleries.status, 'published'), sql`${galleries.showId} in ${listedShowIds(q.catalogue)}`];
  if (q.showId !== undefined) filters.push(eq(galleries.showId, q.showId));
  if (q.tags?.length) filters.push(sql`${galleries.showId} in ${showsWithAllTags(q.tags)}`);
  const order = (rank: SQL | null): SQL[] => {
    if (q.sort === 'rating') return [sql`${galleries.rating} desc`, sql`${galleries.ratingCount} desc`];
    if (q.sort === 'price') return [sql`(case when ${galleries.free} then 0 else ${galleries.price} end) asc`];
    if (q.sort === 'relevance' && rank) return [sql`${rank} desc`];
    return [sql`${galleries.createdAt} desc`];
  };
  return titleSearch(db, galleryTarget, q, filters, order);
}
