import { z } from 'zod';
import { requiredString, singleLine } from './fields.ts';

/** A complaint's text at most (DSA Art. 20 complaints, from the studio or the notifier's link). */
export const COMPLAINT_TEXT_MAX = 5000;

export const complaintBody = z.object({ text: requiredString(COMPLAINT_TEXT_MAX, { multiline: true }) });
export type ComplaintBody = z.input<typeof complaintBody>;

const complaintState = z.enum(['open', 'upheld', 'rejected']);

/** A statement of reasons (DSA Art. 17) as the performer's studio shows it. */
export const studioStatement = z.object({
  id: z.number().int(),
  notice_id: z.number().int(),
  created_at: z.string(),
  restricted: z.array(z.object({ kind: z.enum(['video', 'gallery', 'show', 'other']), title: z.string() })),
  ground: z.enum(['illegal', 'terms', 'none']),
  reasoning: z.string(),
  automated: z.boolean(),
  /** Until when she may complain (6 months after the decision). */
  complaint_until: z.string(),
  can_complain: z.boolean(),
  complaint: z
    .object({
      status: complaintState,
      text: z.string(),
      created_at: z.string(),
      reasoning: z.string().nullable(),
    })
    .nullable(),
});
export type StudioStatement = z.infer<typeof studioStatement>;

export const studioStatementsResponse = z.object({ data: z.array(studioStatement) });

/**
 * The token of the decision mail's link to the notifier's complaint page (an HMAC): one that is not
 * the notice's own, empty or not, is answered 404 like an unknown notice.
 */
export const notifierTokenField = singleLine().max(200, 'errors.validations.too_long');

/** GET /api/notices/:id/complaint?token=…: the decision the notifier may complain about. */
export const notifierComplaintQuery = z.object({ token: notifierTokenField });

export const notifierComplaintView = z.object({
  notice_id: z.number().int(),
  action: z.enum(['remove', 'keep']),
  reasoning: z.string(),
  /** Until when she may complain (6 months after the decision). */
  complaint_until: z.string(),
  /** `open`: she may complain; `filed`: her complaint is in. */
  state: z.enum(['open', 'filed']),
});
export type NotifierComplaintView = z.infer<typeof notifierComplaintView>;

/** POST /api/notices/:id/complaint: the link's token and her complaint. */
export const notifierComplaintBody = complaintBody.extend({ token: notifierTokenField });
export type NotifierComplaintBody = z.input<typeof notifierComplaintBody>;
