import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { VideoDetail, VideoTile } from '#common/api/media.ts';
import type { Tag } from '#common/api/shows.ts';
import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { shows, tags, videoParts, videos, videoTags } from '#server/db/schema/catalog.ts';
import { ratings } from '#server/db/schema/member-catalog.ts';
import { boughtParts, voucherCount } from '#server/features/purchases/data.ts';
import { showTilesByIds } from '#server/features/shows/data.ts';
import { presentVideoDetail, presentVideoTile } from './present.ts';

/** What the tiles and the detail read of a video: its own columns and its show's names. */
export const videoColumns = {
  id: videos.id,
  ccid: videos.ccid,
  showId: videos.showId,
  titleEn: videos.titleEn,
  titleDe: videos.titleDe,
  descriptionEn: videos.descriptionEn,
  descriptionDe: videos.descriptionDe,
  duration: videos.duration,
  rating: videos.rating,
  ratingCount: videos.ratingCount,
  views: videos.views,
  createdAt: videos.createdAt,
  universalId: shows.universalId,
  showName: shows.showName,
  slugName: shows.slugName,
};
export type VideoRow = {
  id: number;
  ccid: number;
  showId: number;
  titleEn: string;
  titleDe: string;
  descriptionEn: string;
  descriptionDe: string;
  duration: number;
  rating: number;
  ratingCount: number;
  views: number;
  createdAt: Date;
  universalId: string;
  showName: string;
  slugName: string;
};
export type VideoPartRow = typeof videoParts.$inferSelect;

const selectVideos = (db: DbOrTx) => db.select(videoColumns).from(videos).innerJoin(shows, eq(shows.id, videos.showId));

/** The catalogue's rule: only a published video is ever listed, shown, sold, played or rated. */
export const videoPublished = eq(videos.status, 'published');

/** Videos by id, in the order of `ids`; unknown ids are left out. */
export async function videoRowsByIds(db: DbOrTx, ids: readonly number[]): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectVideos(db).where(and(inArray(videos.id, [...ids]), videoPublished));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function videoById(db: DbOrTx, id: number): Promise<VideoRow | null> {
  // Only published videos have a page (a removed one answers as unknown: decision 032).
  const [row] = await selectVideos(db)
    .where(and(eq(videos.id, id), videoPublished))
    .limit(1);
  return row ?? null;
}

export async function videoByCcid(db: DbOrTx, ccid: number): Promise<VideoRow | null> {
  const [row] = await selectVideos(db)
    .where(and(eq(videos.ccid, ccid), videoPublished))
    .limit(1);
  return row ?? null;
}

/** The parts of the videos, each list in part order. */
export async function partsOf(db: DbOrTx, videoIds: readonly number[]): Promise<Map<number, VideoPartRow[]>> {
  const out = new Map<number, VideoPartRow[]>();
  if (videoIds.length === 0) return out;
  const rows = await db
    .select()
    .from(videoParts)
    .where(inArray(videoParts.videoId, [...videoIds]))
    .orderBy(asc(videoParts.videoId), asc(videoParts.part));
  for (const row of rows) out.set(row.videoId, [...(out.get(row.videoId) ?? []), row]);
  return out;
}

export async function videoPart(db: DbOrTx, videoId: number, part: number): Promise<VideoPartRow | null> {
  const [row] = await db
    .select()
    .from(videoParts)
    .where(and(eq(videoParts.videoId, videoId), eq(videoParts.part, part)))
    .limit(1);
  return row ?? null;
}

/** The tags of the videos, each list ordered by slug. */
export async function tagsOf(db: DbOrTx, videoIds: readonly number[]) {
  const out = new Map<number, (typeof tags.$inferSelect)[]>();
  if (videoIds.length === 0) return out;
  const rows = await db
    .select({ videoId: videoTags.videoId, tag: tags })
    .from(videoTags)
    .innerJoin(tags, eq(tags.id, videoTags.tagId))
    .where(inArray(videoTags.videoId, [...videoIds]))
    .orderBy(asc(tags.slug));
  for (const row of rows) out.set(row.videoId, [...(out.get(row.videoId) ?? []), row.tag]);
  return out;
}

/** A video's tags as the detail lists them, names in the request's language. */
export async function videoTagList(db: DbOrTx, videoId: number, locale: Locale): Promise<Tag[]> {
  const list = (await tagsOf(db, [videoId])).get(videoId) ?? [];
  return list.map((t) => ({ id: t.id, slug: t.slug, name: locale === 'de' ? t.nameDe : t.nameEn }));
}

/**
 * Video tiles by id, in the order of `ids` (search results, the archive, a show's videos);
 * unknown ids are left out.
 */
export async function videoTilesByIds(db: DbOrTx, ids: readonly number[], locale: Locale): Promise<VideoTile[]> {
  const rows = await videoRowsByIds(db, ids);
  const found = rows.map((r) => r.id);
  const [parts, tagLists] = await Promise.all([partsOf(db, found), tagsOf(db, found)]);
  return rows.map((row) =>
    presentVideoTile(row, locale, {
      parts: parts.get(row.id) ?? [],
      tags: (tagLists.get(row.id) ?? []).map((t) => t.slug),
    }),
  );
}

/** The purchase and rating key of a video part. */
export const videoItem = (videoId: number, part: number) => `video:${videoId}:${part}`;

/** The member's own rating of each part of the video. */
export async function partRatingsOf(db: DbOrTx, userId: number, videoId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ item: ratings.item, rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), sql`${ratings.item} like ${`video:${videoId}:%`}`));
  return new Map(rows.map((r) => [Number(r.item.split(':')[2]), r.rating]));
}

/**
 * The detail of a video as `userId` (null: a visitor) sees it: which parts they may play, their
 * own ratings and the vouchers they could spend on it.
 */
export async function videoDetailView(
  db: DbOrTx,
  row: VideoRow,
  userId: number | null,
  locale: Locale,
  phoneChatLine: boolean,
): Promise<VideoDetail> {
  const [parts, tagList, [show], unlocked, partRatings, vouchers] = await Promise.all([
    partsOf(db, [row.id]).then((m) => m.get(row.id) ?? []),
    videoTagList(db, row.id, locale),
    showTilesByIds(db, [row.showId], locale, phoneChatLine),
    boughtParts(db, userId, row.id),
    userId === null ? new Map<number, number>() : partRatingsOf(db, userId, row.id),
    voucherCount(db, userId, 'video', row.id),
  ]);
  if (!show) throw new Error(`show ${row.showId} of video ${row.id} is missing`);
  return presentVideoDetail(row, locale, { parts, tags: tagList, show, unlocked, ratings: partRatings, vouchers });
}
