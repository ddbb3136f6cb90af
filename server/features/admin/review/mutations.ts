import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { galleries, videos } from '#server/db/schema/catalog.ts';
import { contentReviews } from '#server/db/schema/uploads.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { applyEdit } from '#server/features/uploads/content-mutations.ts';
import { openReview } from './data.ts';

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * What a decision did: `done`; `repeat` when its key decided already (a double click, a retry
 * after a lost answer); `decided` when the review is no longer open (another moderator, another
 * action of hers); `missing` when there is no such review or its media are still being processed
 * (it is not in the queue yet).
 */
export type DecisionResult = 'done' | 'repeat' | 'decided' | 'missing';

const keyUsed = async (tx: Tx, key: string) =>
  (await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.formKey, key)).limit(1)).length > 0;

/**
 * Decides an open review in one transaction with its audit entry, which keeps the action's key:
 * approval publishes a new item or writes an edit into the published one; a rejection keeps the
 * reason for the performer (a new item becomes `rejected`, a published one stays as it was).
 * The review's row is locked before the key is looked up, so two requests under one key, even at
 * once, decide once and the second hears `repeat`.
 */
export async function decideReview(
  db: Db,
  reviewId: number,
  act: { operatorId: number; key: string },
  decision: Decision,
): Promise<DecisionResult> {
  try {
    return await db.transaction(async (tx) => {
      const [review] = await tx.select().from(contentReviews).where(eq(contentReviews.id, reviewId)).for('update');
      if (await keyUsed(tx, act.key)) return 'repeat';
      if (!review) return 'missing';
      if (review.state !== 'open') return 'decided';
      if (!(await openReview(tx, review.id))) return 'missing';
      await decide(tx, review, act, decision);
      return 'done';
    });
  } catch (err) {
    // The same key used for another review at the same moment: the log keeps one of them.
    if (isUniqueViolation(err, 'audit_log_form_key_unique')) return 'repeat';
    throw err;
  }
}

async function decide(
  tx: Tx,
  review: typeof contentReviews.$inferSelect,
  act: { operatorId: number; key: string },
  decision: Decision,
) {
  const target = review.videoId ? { videoId: review.videoId } : { galleryId: review.galleryId ?? 0 };
  const subjectType = review.videoId ? 'video' : 'gallery';
  const subjectId = review.videoId ?? review.galleryId ?? 0;
  const state = decision.approve ? 'approved' : 'rejected';
  const reason = decision.approve ? null : decision.reason;
  const audit = { operatorId: act.operatorId, subjectType, subjectId, reason, formKey: act.key };
  await tx
    .update(contentReviews)
    .set({ state, reason, decidedBy: act.operatorId, decidedAt: new Date() })
    .where(and(eq(contentReviews.id, review.id), eq(contentReviews.state, 'open')));
  if (review.edit) {
    if (decision.approve) await applyEdit(tx, target, review.edit);
    await recordAudit(tx, {
      ...audit,
      action: decision.approve ? 'content.edit_approve' : 'content.edit_reject',
      after: decision.approve ? { ...review.edit } : null,
    });
    return;
  }
  const status = decision.approve ? 'published' : 'rejected';
  if (review.videoId) await tx.update(videos).set({ status }).where(eq(videos.id, review.videoId));
  else if (review.galleryId) await tx.update(galleries).set({ status }).where(eq(galleries.id, review.galleryId));
  await recordAudit(tx, {
    ...audit,
    action: decision.approve ? 'content.approve' : 'content.reject',
    before: { status: 'pending' },
    after: { status },
  });
}
