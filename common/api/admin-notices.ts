import { z } from 'zod';
import { consoleOutcome } from './admin.ts';
import { TAKEDOWN_CATEGORIES } from './content.ts';
import { choice, requiredString } from './fields.ts';

/**
 * The console's notices and complaints (EU DSA Art. 16, 17 and 20), /api/admin/notices*: the
 * lists, one notice with what it names, and the decisions on notices and on complaints.
 */

/** The facts and reasoning of a decision, and of a complaint's outcome, at most. */
export const REASONING_MAX = 5000;

export const NOTICE_ACTIONS = ['remove', 'keep'] as const;
export const NOTICE_GROUNDS = ['illegal', 'terms', 'none'] as const;
export const COMPLAINT_OUTCOMES = ['upheld', 'rejected'] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];
export type NoticeGround = (typeof NOTICE_GROUNDS)[number];

/** Whether the ground fits the action: removal needs a violation, keeping needs none. */
export const groundFits = (action: NoticeAction, ground: NoticeGround) =>
  action === 'remove' ? ground !== 'none' : ground === 'none';
export const GROUND_MISMATCH = 'errors.console.ground_mismatch';

const page = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('asc'),
};

/** GET /api/admin/notices: the notices, open ones by default, oldest first. */
export const noticeListQuery = z.object({
  state: z.enum(['open', 'decided', 'all']).default('open'),
  category: z.enum(TAKEDOWN_CATEGORIES).optional(),
  sort: z.enum(['created', 'decided']).default('created'),
  ...page,
});
/** What the screen asks for (each left out takes its default). */
export type NoticeListQuery = Partial<z.output<typeof noticeListQuery>>;

export const noticeListRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  category: z.string(),
  status: z.enum(['open', 'decided']),
  urls: z.number().int(),
  explanation: z.string(),
  decidedAt: z.string().nullable(),
  action: z.enum(NOTICE_ACTIONS).nullable(),
  ground: z.enum(NOTICE_GROUNDS).nullable(),
  decidedByName: z.string().nullable(),
});
export type NoticeListRow = z.infer<typeof noticeListRow>;

export const noticeList = z.object({
  rows: z.array(noticeListRow),
  total: z.number().int(),
  openNotices: z.number().int(),
  openComplaints: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeList>;

const complaintParty = z.enum(['performer', 'notifier']);
const complaintState = z.enum(['open', 'upheld', 'rejected']);

/** GET /api/admin/notices/complaints: the complaints about decisions, open ones by default. */
export const complaintListQuery = z.object({
  state: z.enum(['open', 'decided', 'all']).default('open'),
  party: complaintParty.optional(),
  sort: z.enum(['created', 'decided']).default('created'),
  ...page,
});
export type ComplaintListQuery = Partial<z.output<typeof complaintListQuery>>;

export const complaintListRow = z.object({
  id: z.number().int(),
  noticeId: z.number().int(),
  party: complaintParty,
  status: complaintState,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  text: z.string(),
});
export type ComplaintListRow = z.infer<typeof complaintListRow>;
export const complaintList = z.object({ rows: z.array(complaintListRow), total: z.number().int() });
export type ComplaintList = z.infer<typeof complaintList>;

export const noticeTarget = z.object({
  id: z.number().int(),
  url: z.string(),
  kind: z.enum(['video', 'gallery', 'show', 'other']),
  targetId: z.number().int().nullable(),
  title: z.string().nullable(),
  status: z.string().nullable(),
  showName: z.string().nullable(),
  /** The public page of the content, on this site (null for an address not ours). */
  publicPath: z.string().nullable(),
});
export type NoticeTarget = z.infer<typeof noticeTarget>;

export const noticeComplaint = z.object({
  id: z.number().int(),
  party: complaintParty,
  text: z.string(),
  status: complaintState,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  reasoning: z.string().nullable(),
});
export type NoticeComplaint = z.infer<typeof noticeComplaint>;

/** GET /api/admin/notices/:id: a notice, what it names, its decision and the complaints about it. */
export const noticeDetail = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'decided']),
  createdAt: z.string(),
  category: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  explanation: z.string(),
  targets: z.array(noticeTarget),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  action: z.enum(NOTICE_ACTIONS).nullable(),
  ground: z.enum(NOTICE_GROUNDS).nullable(),
  reasoning: z.string().nullable(),
  automated: z.boolean(),
  effect: z.enum(['removed', 'kept']).nullable(),
  complaints: z.array(noticeComplaint),
  /** False for the operator who decided the notice: another must decide the complaints (DSA Art. 20(6)). */
  mayDecideComplaints: z.boolean(),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

/** POST /api/admin/notices/:id/decision: what happens to the content, on which ground, and why. */
export const noticeDecisionBody = z
  .object({
    action: z.enum(NOTICE_ACTIONS, choice),
    ground: z.enum(NOTICE_GROUNDS, choice),
    reasoning: requiredString(REASONING_MAX, { multiline: true }),
    /** The console decides by hand (DSA Art. 17(3)(c)): the moderator confirms it. */
    automated: z.literal(false, { error: 'errors.console.automated' }),
  })
  .refine((v) => groundFits(v.action, v.ground), { path: ['ground'], message: GROUND_MISMATCH });
export type NoticeDecisionBody = z.input<typeof noticeDecisionBody>;

/** POST /api/admin/notices/complaints/:id/decision: upheld (reversed) or rejected, and why. */
export const complaintDecisionBody = z.object({
  outcome: z.enum(COMPLAINT_OUTCOMES, choice),
  reasoning: requiredString(REASONING_MAX, { multiline: true }),
});
export type ComplaintDecisionBody = z.input<typeof complaintDecisionBody>;

export const decisionResult = z.object({ outcome: consoleOutcome });
export type DecisionResult = z.infer<typeof decisionResult>;
