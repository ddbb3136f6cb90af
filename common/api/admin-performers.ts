import { z } from 'zod';
import { consoleOutcome } from './admin.ts';
import { memberCloseBody } from './admin-members.ts';
import { expects, multiLine, REQUIRED, singleLine } from './fields.ts';
import { DOCUMENT_KINDS, ID_CHECK_REASONS, ID_CHECK_STATES } from './onboarding.ts';

/**
 * The console's performer applications (/api/admin/performers...): the queue of applications
 * waiting for a decision, one application with its identity check and documents, the decision
 * (approve with the 2257 record, or reject with the reason she is told), the identity pictures,
 * and the 2257 record itself (capability `records`).
 */

export const APPLICATION_SORTS = ['submittedAt', 'showName', 'email', 'idCheckState'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export const APPLICATION_PAGE_SIZES = [25, 50, 100] as const;

/** GET /api/admin/performers: a page of the waiting applications, oldest first unless sorted otherwise. */
export const applicationQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (APPLICATION_PAGE_SIZES as readonly number[]).includes(n), 'errors.validations.invalid')
    .default(25),
  sort: z.enum(APPLICATION_SORTS).default('submittedAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Only applications whose identity check is in this state. */
  state: z.enum(ID_CHECK_STATES).optional(),
});
export type ApplicationQueueQuery = z.infer<typeof applicationQueueQuery>;

const idCheck = z.object({
  state: z.enum(ID_CHECK_STATES),
  reason: z.enum(ID_CHECK_REASONS).nullable(),
});

export const applicationQueueRow = z.object({
  id: z.number().int(),
  showName: z.string(),
  email: z.string(),
  idCheck,
  emailConfirmed: z.boolean(),
  submittedAt: z.iso.datetime(),
});
export type ApplicationQueueRow = z.infer<typeof applicationQueueRow>;

export const applicationQueue = z.object({ rows: z.array(applicationQueueRow), total: z.number().int() });
export type ApplicationQueue = z.infer<typeof applicationQueue>;

export const PERFORMER_ACCOUNT_STATES = ['pending', 'active', 'rejected', 'disabled', 'closed'] as const;

/**
 * How a document shows to this operator: `shown` (she may open the picture), `missing` (not
 * uploaded), `records_only` (decided: kept with the 2257 records, administrators only).
 */
export const documentState = z.enum(['shown', 'missing', 'records_only']);

/** GET /api/admin/performers/:id: her application as the deciding moderator sees it; no record data. */
export const performerApplication = z.object({
  id: z.number().int(),
  showName: z.string(),
  email: z.string(),
  status: z.enum(PERFORMER_ACCOUNT_STATES),
  languages: z.array(z.string()),
  categories: z.array(z.string()),
  emailConfirmed: z.boolean(),
  submittedAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  idCheck: idCheck.extend({
    /** What the provider says now, asked while its result is still open (null: not asked, or no answer). */
    providerNow: z.string().nullable(),
  }),
  /** Every identity check she started, first first (each a session of its own at the provider). */
  attempts: z.array(
    z.object({
      provider: z.string(),
      state: z.enum(ID_CHECK_STATES),
      reason: z.enum(ID_CHECK_REASONS).nullable(),
      startedAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    }),
  ),
  /** How many checks an application may start. */
  maxAttempts: z.number().int(),
  documents: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), state: documentState })),
  /** Undecided: it may be approved or rejected. */
  open: z.boolean(),
  /** Open, with a passed identity check and a confirmed address: it may be approved. */
  approvable: z.boolean(),
  /** The custodian of records the approval names. */
  custodian: z.string(),
});
export type PerformerApplication = z.infer<typeof performerApplication>;

export const documentParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  kind: z.enum(DOCUMENT_KINDS, { error: 'errors.validations.invalid' }),
});

/** The documents a 2257 record may name. */
export const ID_TYPES = ['passport', 'id_card', 'driving_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** What a 2257 field is told when the record's rules refuse it (the console says each in words). */
export const RECORD_ERRORS = {
  legalName: 'errors.console.legal_name',
  dateOfBirth: 'errors.console.date_of_birth',
  underage: 'errors.console.underage',
  idType: 'errors.console.id_type',
  idNumber: 'errors.console.id_number',
  checkedOn: 'errors.console.checked_on',
} as const;
export type RecordError = (typeof RECORD_ERRORS)[keyof typeof RECORD_ERRORS];

const text = (max: number) =>
  singleLine(expects('text'))
    .max(max * 2, 'errors.validations.too_long')
    .transform((v) => v.trim().replace(/\s+/g, ' '));

/**
 * POST /api/admin/performers/:id/approve: the 2257 record as the document shows it. Its rules (a
 * real date, 18 on the date of the check, the ID number's form) are checked by the server's
 * record form, each answered under the field's name.
 */
export const approveApplicationBody = z.object({
  legalName: text(200),
  dateOfBirth: text(10),
  idType: text(20),
  idNumber: text(40),
  checkedOn: text(10),
});
export type ApproveApplicationBody = z.input<typeof approveApplicationBody>;

export const REJECTION_REASON_MIN = 5;
export const REJECTION_REASON_MAX = 1000;
export const REASON_TOO_SHORT = 'errors.console.reason_too_short';

/** POST /api/admin/performers/:id/reject: the reason she reads in her studio and by mail (5 to 1000 characters). */
export const rejectApplicationBody = z.object({
  reason: multiLine(expects('text'))
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, { error: REQUIRED, abort: true })
        .min(REJECTION_REASON_MIN, REASON_TOO_SHORT)
        .max(REJECTION_REASON_MAX, 'errors.validations.too_long'),
    ),
});
export type RejectApplicationBody = z.input<typeof rejectApplicationBody>;

/** A decision's answer: `done`, or `repeat` when its action key decided already (nothing changed again). */
export const decisionAnswer = z.object({
  outcome: consoleOutcome,
  status: z.enum(PERFORMER_ACCOUNT_STATES),
});
export type DecisionAnswer = z.infer<typeof decisionAnswer>;

/** GET /api/admin/performers/:id/records: the 2257 record (administrators only), or none. */
export const performerRecord = z.object({
  showName: z.string(),
  record: z
    .object({
      legalName: z.string(),
      dateOfBirth: z.string(),
      idType: z.string(),
      idNumber: z.string(),
      checkedOn: z.string(),
      custodian: z.string(),
      recordedBy: z.number().int().nullable(),
      recordedAt: z.iso.datetime(),
    })
    .nullable(),
});
export type PerformerRecord = z.infer<typeof performerRecord>;

/**
 * POST /api/admin/performers/:id/close: on her written request, its reference and a reason, as a
 * member's (decision 069). Her account is closed and erased at once but for what the law keeps.
 */
export const performerCloseBody = memberCloseBody;
export type PerformerCloseBody = z.input<typeof performerCloseBody>;
export const performerCloseAnswer = z.object({
  outcome: consoleOutcome,
  status: z.enum(PERFORMER_ACCOUNT_STATES),
  /** Her studio sessions ended by this closing (0 when nothing changed). */
  sessionsEnded: z.number().int(),
});
export type PerformerCloseAnswer = z.infer<typeof performerCloseAnswer>;
