import { z } from 'zod';
import { consoleOutcome } from './admin.ts';
import { idParam, requiredString } from './fields.ts';

/**
 * The console's review queue (/api/admin/review, capability `review`): new videos and galleries
 * and changes of published ones, waiting until a moderator approves or rejects them.
 */

/** What waits: a new video or gallery (pending), or a change of a published one. */
export const REVIEW_KINDS = ['new_video', 'new_gallery', 'video_edit', 'gallery_edit'] as const;
export const reviewKind = z.enum(REVIEW_KINDS);
export type ReviewKind = z.infer<typeof reviewKind>;

/** The longest reason a rejection gives the performer. */
export const REVIEW_REASON_MAX = 500;
export const REVIEW_PAGE_SIZE_MAX = 100;

/** GET /api/admin/review: a page of the queue, the oldest first, of one kind or all. */
export const reviewQueueQuery = z.object({
  kind: reviewKind.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REVIEW_PAGE_SIZE_MAX).default(25),
});
export type ReviewQueueQuery = z.input<typeof reviewQueueQuery>;

const titles = z.object({ en: z.string(), de: z.string() });

/** One line of the queue. */
export const reviewSummary = z.object({
  id: z.number().int(),
  kind: reviewKind,
  /** The item's own titles (of a change: those shown now; the item's page shows the proposed ones). */
  title: titles,
  showName: z.string(),
  performerEmail: z.string(),
  submittedAt: z.string(),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const reviewQueue = z.object({ items: z.array(reviewSummary), total: z.number().int() });
export type ReviewQueue = z.infer<typeof reviewQueue>;

export const REVIEW_TEXT_FIELDS = ['titleEn', 'titleDe', 'descriptionEn', 'descriptionDe'] as const;

/** A text of the item: what members see now, and what the change proposes (null: unchanged). */
export const reviewText = z.object({
  field: z.enum(REVIEW_TEXT_FIELDS),
  current: z.string(),
  proposed: z.string().nullable(),
});

/** A part of a video: its length, its price now and the proposed one, and whether it can be played here. */
export const reviewPart = z.object({
  part: z.number().int(),
  seconds: z.number().int(),
  price: z.number().int(),
  proposedPrice: z.number().int().nullable(),
  playable: z.boolean(),
});

/** GET /api/admin/review/:id: an item still waiting, with what its preview needs. */
export const reviewItem = reviewSummary.extend({
  universalId: z.string(),
  texts: z.array(reviewText),
  /** The tags a change proposes (null: none proposed). */
  tags: z.array(z.string()).nullable(),
  /** A video's parts (null for a gallery). */
  parts: z.array(reviewPart).nullable(),
  /** A gallery's price now and the proposed one (null for a video). */
  price: z.object({ current: z.number().int(), proposed: z.number().int().nullable() }).nullable(),
  /** A gallery's pictures, by id, in their order (empty for a video). */
  pictures: z.array(z.number().int()),
  /** A video's poster is there to show (/api/admin/review/:id/poster). */
  poster: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewParams = idParam;
export const reviewClipParams = idParam.extend({ part: z.coerce.number().int().min(1).max(1000) });
export const reviewPictureParams = idParam.extend({
  imageId: z.coerce.number().int().positive().max(2_147_483_647),
  size: z.enum(['thumb', 'full']),
});

/** POST /api/admin/review/:id/reject: the reason the performer reads. */
export const reviewRejectBody = z.object({
  reason: requiredString(REVIEW_REASON_MAX, { multiline: true }).transform((r) => r.replace(/\r\n?/g, '\n')),
});
export type ReviewRejectBody = z.input<typeof reviewRejectBody>;

/** The answer to approve and reject: `repeat` when the action's key decided it already. */
export const reviewDecided = z.object({ outcome: consoleOutcome, id: z.number().int() });
export type ReviewDecided = z.infer<typeof reviewDecided>;
