import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ReviewKind } from '#common/api/admin-review.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, galleryImages, shows, videoParts, videos } from '#server/db/schema/catalog.ts';
import { performers } from '#server/db/schema/performers.ts';
import { type ContentEdit, contentReviews } from '#server/db/schema/uploads.ts';

/**
 * The moderators' review queue: open reviews whose media are processed (no job of the item
 * still queued, running or failed), the oldest first. A new item waits as `pending`; an edit of
 * a published one waits beside the published version.
 */
const processed = sql`not exists (select 1 from media_jobs j where j.state <> 'done'
  and (j.video_id = ${contentReviews.videoId} or j.gallery_id = ${contentReviews.galleryId}))`;
const openAndReady = and(eq(contentReviews.state, 'open'), processed);

/** How many items wait for a moderator (for the console's start page). */
export async function openReviewCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contentReviews).where(openAndReady);
  return row?.n ?? 0;
}

export type ReviewItem = {
  id: number;
  createdAt: Date;
  edit: ContentEdit | null;
  performerEmail: string;
  showName: string;
  universalId: string;
  video: (typeof videos.$inferSelect & { parts: (typeof videoParts.$inferSelect)[] }) | null;
  gallery: (typeof galleries.$inferSelect & { imageIds: number[] }) | null;
};

const reviewColumns = {
  id: contentReviews.id,
  createdAt: contentReviews.createdAt,
  edit: contentReviews.edit,
  videoId: contentReviews.videoId,
  galleryId: contentReviews.galleryId,
  performerEmail: performers.email,
  showName: shows.showName,
  universalId: shows.universalId,
};

async function complete(db: DbOrTx, row: Awaited<ReturnType<typeof openRows>>[number]): Promise<ReviewItem> {
  const [video] = row.videoId ? await db.select().from(videos).where(eq(videos.id, row.videoId)) : [];
  const [gallery] = row.galleryId ? await db.select().from(galleries).where(eq(galleries.id, row.galleryId)) : [];
  const parts = video
    ? await db.select().from(videoParts).where(eq(videoParts.videoId, video.id)).orderBy(asc(videoParts.part))
    : [];
  const images = gallery
    ? await db
        .select({ id: galleryImages.id })
        .from(galleryImages)
        .where(eq(galleryImages.galleryId, gallery.id))
        .orderBy(asc(galleryImages.position), asc(galleryImages.id))
    : [];
  return {
    id: row.id,
    createdAt: row.createdAt,
    edit: row.edit,
    performerEmail: row.performerEmail,
    showName: row.showName,
    universalId: row.universalId,
    video: video ? { ...video, parts } : null,
    gallery: gallery ? { ...gallery, imageIds: images.map((i) => i.id) } : null,
  };
}

const openRows = (db: DbOrTx, where = openAndReady, limit = 50) =>
  db
    .select(reviewColumns)
    .from(contentReviews)
    .innerJoin(performers, eq(performers.id, contentReviews.performerId))
    .innerJoin(shows, eq(shows.id, performers.showId))
    .where(where)
    .orderBy(asc(contentReviews.createdAt), asc(contentReviews.id))
    .limit(limit);

/** Which open reviews are of a kind: new or changed, video or gallery. */
const KIND: Record<ReviewKind, SQL | undefined> = {
  new_video: and(isNotNull(contentReviews.videoId), isNull(contentReviews.edit)),
  new_gallery: and(isNotNull(contentReviews.galleryId), isNull(contentReviews.edit)),
  video_edit: and(isNotNull(contentReviews.videoId), isNotNull(contentReviews.edit)),
  gallery_edit: and(isNotNull(contentReviews.galleryId), isNotNull(contentReviews.edit)),
};

export const kindOf = (item: Pick<ReviewItem, 'video' | 'edit'>): ReviewKind =>
  item.video ? (item.edit ? 'video_edit' : 'new_video') : item.edit ? 'gallery_edit' : 'new_gallery';

/** A page of the queue, the oldest first, of one kind or all; and how many wait in all of it. */
export async function reviewQueuePage(
  db: DbOrTx,
  page: { kind?: ReviewKind | undefined; limit: number; offset: number },
): Promise<{ items: ReviewItem[]; total: number }> {
  const where = and(openAndReady, page.kind ? KIND[page.kind] : undefined);
  const [rows, [count]] = await Promise.all([
    openRows(db, where, page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contentReviews).where(where),
  ]);
  return { items: await Promise.all(rows.map((r) => complete(db, r))), total: count?.n ?? 0 };
}

/** One review still waiting (and ready), or null. */
export async function openReview(db: DbOrTx, id: number): Promise<ReviewItem | null> {
  const [row] = await openRows(db, and(openAndReady, eq(contentReviews.id, id)), 1);
  return row ? complete(db, row) : null;
}
