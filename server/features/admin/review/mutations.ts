import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { galleries, videos } from '#server/db/schema/catalog.ts';
import { contentReviews } from '#server/db/schema/uploads.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { applyEdit } from '#server/features/uploads/content-mutations.ts';

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * Decides an open review in one transaction with its audit entry: approval publishes a new item
 * or writes an edit into the published one; a rejection keeps the reason for the performer (a
 * new item becomes `rejected`, a published one stays as it was). Answers false when the review
 * was decided already (a second submit, another moderator) and changes nothing then.
 */
export async function decideReview(db: Db, reviewId: number, operatorId: number, decision: Decision): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(contentReviews)
      .where(and(eq(contentReviews.id, reviewId), eq(contentReviews.state, 'open')))
      .for('update');
    if (!review) return false;
    const target = review.videoId ? { videoId: review.videoId } : { galleryId: review.galleryId ?? 0 };
    const subjectType = review.videoId ? 'video' : 'gallery';
    const subjectId = review.videoId ?? review.galleryId ?? 0;
    const setStatus = async (status: 'published' | 'rejected') => {
      if (review.videoId) await tx.update(videos).set({ status }).where(eq(videos.id, review.videoId));
      else if (review.galleryId) await tx.update(galleries).set({ status }).where(eq(galleries.id, review.galleryId));
    };
    const state = decision.approve ? 'approved' : 'rejected';
    const reason = decision.approve ? null : decision.reason;
    await tx
      .update(contentReviews)
      .set({ state, reason, decidedBy: operatorId, decidedAt: new Date() })
      .where(eq(contentReviews.id, review.id));
    if (review.edit) {
      if (decision.approve) await applyEdit(tx, target, review.edit);
      await recordAudit(tx, {
        operatorId,
        action: decision.approve ? 'content.edit_approve' : 'content.edit_reject',
        subjectType,
        subjectId,
        after: decision.approve ? { ...review.edit } : null,
        reason,
      });
      return true;
    }
    const status = decision.approve ? 'published' : 'rejected';
    await setStatus(status);
    await recordAudit(tx, {
      operatorId,
      action: decision.approve ? 'content.approve' : 'content.reject',
      subjectType,
      subjectId,
      before: { status: 'pending' },
      after: { status },
      reason,
    });
    return true;
  });
}
