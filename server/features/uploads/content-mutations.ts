import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SubmitGalleryBody, SubmitVideoBody } from '#common/api/uploads.ts';
import { splitParts } from '#common/domain/uploads.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { galleries, tags, videoParts, videos, videoTags } from '#server/db/schema/catalog.ts';
import { type ContentEdit, contentReviews, mediaJobs, uploads } from '#server/db/schema/uploads.ts';
import { AppError, invalidField, notFound } from '#server/errors.ts';

type Parsed<T> = T extends { tags?: infer _ } ? Required<T> : T;
export type VideoSubmission = Parsed<SubmitVideoBody> & {
  descriptionEn: string;
  descriptionDe: string;
  tags: string[];
};

/** The tag ids of the slugs: only tags the catalogue has (422 on an unknown one). */
async function tagIdsOf(db: DbOrTx, slugs: readonly string[]): Promise<number[]> {
  const unique = [...new Set(slugs)];
  if (unique.length === 0) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.slug, unique));
  if (rows.length !== unique.length) throw invalidField('tags', 'errors.validations.invalid');
  return rows.map((r) => r.id);
}

/** Her received upload of that kind, locked for the transaction; 404 for none of hers, 409 when not ready. */
async function readyUpload(tx: DbOrTx, performerId: number, id: string, kind: 'video' | 'picture') {
  const [row] = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.performerId, performerId), eq(uploads.kind, kind)))
    .for('update');
  if (!row) throw notFound();
  if (row.state !== 'ready') throw new AppError('conflict', { message: 'upload_not_ready' });
  return row;
}

/**
 * A received video becomes a pending video of her show: its texts, tags and parts (cut where
 * she chose, each with its price), a processing job and an open review, in one transaction.
 */
export async function submitVideo(db: Db, performerId: number, showId: number, input: VideoSubmission) {
  // The next ccid is taken from the table: two submissions at once may pick the same one, and
  // the second tries again with the next.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertVideo(db, performerId, showId, input);
    } catch (err) {
      if (attempt >= 3 || !isCcidClash(err)) throw err;
    }
  }
}

const isCcidClash = (err: unknown): boolean => {
  const e = err as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505' && (e.constraint === undefined || e.constraint === 'videos_ccid_unique')) return true;
  return e.cause !== undefined && e.cause !== err && isCcidClash(e.cause);
};

async function insertVideo(db: Db, performerId: number, showId: number, input: VideoSubmission) {
  return db.transaction(async (tx) => {
    const upload = await readyUpload(tx, performerId, input.uploadId, 'video');
    const plan = splitParts(
      upload.duration ?? 0,
      input.parts.map((p) => p.start),
    );
    if (!plan) throw invalidField('parts', 'errors.validations.invalid');
    const tagIds = await tagIdsOf(tx, input.tags);
    const [video] = await tx
      .insert(videos)
      .values({
        ccid: sql`(select coalesce(max(${videos.ccid}), 0) + 1 from ${videos})`,
        showId,
        titleEn: input.titleEn,
        titleDe: input.titleDe,
        descriptionEn: input.descriptionEn,
        descriptionDe: input.descriptionDe,
        duration: Math.max(1, Math.round(upload.duration ?? 0)),
        status: 'pending',
      })
      .returning({ id: videos.id, ccid: videos.ccid });
    if (!video) throw new Error('video insert returned nothing');
    await tx.insert(videoParts).values(
      plan.map((p, i) => ({
        videoId: video.id,
        part: i + 1,
        duration: Math.max(1, Math.round(p.length)),
        price: input.parts[i]?.price ?? 0,
        free: (input.parts[i]?.price ?? 0) === 0,
      })),
    );
    if (tagIds.length) await tx.insert(videoTags).values(tagIds.map((tagId) => ({ videoId: video.id, tagId })));
    await tx.update(uploads).set({ state: 'used' }).where(eq(uploads.id, upload.id));
    await tx.insert(mediaJobs).values({
      performerId,
      uploadId: upload.id,
      videoId: video.id,
      parts: input.parts.map((p) => ({ start: p.start, price: p.price })),
    });
    await tx.insert(contentReviews).values({ performerId, videoId: video.id });
    return video;
  });
}

/** Received pictures become a pending gallery of her show, one processing job per picture, in her order. */
export async function submitGallery(db: Db, performerId: number, showId: number, input: Required<SubmitGalleryBody>) {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.uploadIds)];
    for (const id of ids) await readyUpload(tx, performerId, id, 'picture');
    const [gallery] = await tx
      .insert(galleries)
      .values({ showId, titleEn: input.titleEn, titleDe: input.titleDe, price: input.price, status: 'pending' })
      .returning({ id: galleries.id });
    if (!gallery) throw new Error('gallery insert returned nothing');
    await tx.update(uploads).set({ state: 'used' }).where(inArray(uploads.id, ids));
    await tx
      .insert(mediaJobs)
      .values(ids.map((uploadId, position) => ({ performerId, uploadId, galleryId: gallery.id, position })));
    await tx.insert(contentReviews).values({ performerId, galleryId: gallery.id });
    return gallery;
  });
}

/**
 * A change of her video's or gallery's texts and prices: a pending item takes it at once (it is
 * reviewed as a whole anyway); a published one keeps showing its old version while the change
 * waits in the review queue (a newer change replaces a waiting one). Answers false when the
 * item is not hers.
 */
export async function editContent(
  db: Db,
  performerId: number,
  showId: number,
  target: { videoId: number } | { galleryId: number },
  edit: ContentEdit,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const isVideo = 'videoId' in target;
    const [row] = isVideo
      ? await tx
          .select({ status: videos.status })
          .from(videos)
          .where(and(eq(videos.id, target.videoId), eq(videos.showId, showId)))
          .for('update')
      : await tx
          .select({ status: galleries.status })
          .from(galleries)
          .where(and(eq(galleries.id, target.galleryId), eq(galleries.showId, showId)))
          .for('update');
    if (!row || row.status === 'removed') return false;
    await tagIdsOf(tx, edit.tags ?? []);
    const where = isVideo ? eq(contentReviews.videoId, target.videoId) : eq(contentReviews.galleryId, target.galleryId);
    if (row.status === 'published') {
      await tx
        .delete(contentReviews)
        .where(and(where, eq(contentReviews.state, 'open'), sql`${contentReviews.edit} is not null`));
      await tx.insert(contentReviews).values({ performerId, ...target, edit });
      return true;
    }
    await applyEdit(tx, target, edit);
    if (row.status === 'rejected') {
      // Changed after a rejection: back to pending, and into the queue again.
      if (isVideo) await tx.update(videos).set({ status: 'pending' }).where(eq(videos.id, target.videoId));
      else await tx.update(galleries).set({ status: 'pending' }).where(eq(galleries.id, target.galleryId));
      await tx.insert(contentReviews).values({ performerId, ...target });
    }
    return true;
  });
}

/** Writes an edit into the item (at approval, or at once while it is not published). */
export async function applyEdit(tx: DbOrTx, target: { videoId: number } | { galleryId: number }, edit: ContentEdit) {
  if ('videoId' in target) {
    await tx
      .update(videos)
      .set({
        titleEn: edit.titleEn,
        titleDe: edit.titleDe,
        descriptionEn: edit.descriptionEn ?? '',
        descriptionDe: edit.descriptionDe ?? '',
      })
      .where(eq(videos.id, target.videoId));
    for (const [i, price] of (edit.partPrices ?? []).entries()) {
      await tx
        .update(videoParts)
        .set({ price, free: price === 0 })
        .where(and(eq(videoParts.videoId, target.videoId), eq(videoParts.part, i + 1)));
    }
    if (edit.tags) {
      const ids = await tagIdsOf(tx, edit.tags);
      await tx.delete(videoTags).where(eq(videoTags.videoId, target.videoId));
      if (ids.length) await tx.insert(videoTags).values(ids.map((tagId) => ({ videoId: target.videoId, tagId })));
    }
    return;
  }
  await tx
    .update(galleries)
    .set({ titleEn: edit.titleEn, titleDe: edit.titleDe, ...(edit.price !== undefined ? { price: edit.price } : {}) })
    .where(eq(galleries.id, target.galleryId));
}
