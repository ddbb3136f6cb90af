import { z } from 'zod';
import { consoleOutcome } from './admin.ts';
import { expects, idParam, REQUIRED, requiredString, singleLine } from './fields.ts';

/**
 * The console's member screens (/api/admin/members...): the search, one member's account and her
 * paged ledger, orders and purchases, and the actions on her: block and unblock (capability
 * members), a refund through the payment provider (refunds), a balance correction (corrections).
 * Every action takes a reason, which the audit log keeps.
 */

export const MEMBER_REASON_MAX = 500;
export const CORRECTION_MAX = 1_000_000;
export const MEMBER_PAGE_SIZES = [25, 50, 100] as const;

/** A correction's amount out of 1..CORRECTION_MAX, and a debit the balance does not cover. */
export const AMOUNT_RANGE = 'errors.console.amount_range';
export const NO_COINS = 'errors.console.no_coins';

const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = z.coerce
  .number()
  .int()
  .refine((n) => (MEMBER_PAGE_SIZES as readonly number[]).includes(n))
  .default(25);

export const MEMBER_SORTS = ['id', 'email', 'nickname', 'status', 'createdAt'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** GET /api/admin/members: members whose address or nickname starts with `q`, or whose id it is. */
export const memberSearchQuery = z.object({
  q: singleLine().trim().max(254, 'errors.validations.too_long').default(''),
  page: pageField,
  pageSize: pageSizeField,
  /** Without a sort: the exact address first, then by id. */
  sort: z.enum(MEMBER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type MemberSearchQuery = z.input<typeof memberSearchQuery>;

export const MEMBER_STATUSES = ['active', 'blocked', 'cancelled'] as const;
const memberStatus = z.string();
const at = z.iso.datetime();

export const memberHit = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  status: memberStatus,
  createdAt: at,
});
export type MemberHit = z.infer<typeof memberHit>;
export const memberSearchAnswer = z.object({ rows: z.array(memberHit), total: z.number().int() });
export type MemberSearchAnswer = z.infer<typeof memberSearchAnswer>;

export const memberParams = idParam;
export const memberOrderParams = z.object({
  id: idParam.shape.id,
  orderId: idParam.shape.id,
});

/** A page of one of her lists (ledger, orders, purchases), newest first. */
export const memberListQuery = z.object({ page: pageField, pageSize: pageSizeField });
export type MemberListQuery = z.input<typeof memberListQuery>;

export const memberAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  status: memberStatus,
  isVerified: z.boolean(),
  locale: z.string(),
  createdAt: at,
  ageVerifiedAt: at.nullable(),
  cancelledAt: at.nullable(),
  balance: z.number().int(),
  /** A refund or chargeback could not take back every coin. */
  flagged: z.boolean(),
});
export type MemberAccount = z.infer<typeof memberAccount>;

/** Her live sessions: their times only, never an id. */
export const memberSession = z.object({ createdAt: at, lastSeenAt: at, expiresAt: at, agechecked: z.boolean() });
export type MemberSession = z.infer<typeof memberSession>;

/** GET /api/admin/members/:id: her account and live sessions (her lists are read page by page). */
export const memberDetail = z.object({
  account: memberAccount,
  sessions: z.array(memberSession),
  /** Her authenticator app is on (decision 071): support may reset it. Always sent by the server. */
  second_factor: z.boolean().optional(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const ledgerLine = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balanceAfter: z.number().int().nullable(),
  reason: z.string(),
  reference: z.string().nullable(),
  createdAt: at,
});
export type LedgerLine = z.infer<typeof ledgerLine>;
export const memberLedgerAnswer = z.object({ rows: z.array(ledgerLine), total: z.number().int() });
export type MemberLedgerAnswer = z.infer<typeof memberLedgerAnswer>;

export const REFUND_STATES = ['pending', 'delivered', 'queued', 'manual', 'refused'] as const;
export const refundState = z.enum(REFUND_STATES);
export type RefundState = z.infer<typeof refundState>;

export const memberOrder = z.object({
  id: z.number().int(),
  provider: z.string(),
  providerTxnId: z.string().nullable(),
  state: z.string(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  shortfallCoins: z.number().int(),
  createdAt: at,
  paidAt: at.nullable(),
  reversedAt: at.nullable(),
  /** The outcome of its latest refund request, if any. */
  refund: refundState.nullable(),
  /** Paid, and no refund request open: the console may ask the provider. */
  refundable: z.boolean(),
});
export type MemberOrder = z.infer<typeof memberOrder>;
export const memberOrdersAnswer = z.object({ rows: z.array(memberOrder), total: z.number().int() });
export type MemberOrdersAnswer = z.infer<typeof memberOrdersAnswer>;

export const memberPurchase = z.object({ item: z.string(), coins: z.number().int(), createdAt: at });
export const memberPurchasesAnswer = z.object({ rows: z.array(memberPurchase), total: z.number().int() });
export type MemberPurchasesAnswer = z.infer<typeof memberPurchasesAnswer>;

const reason = requiredString(MEMBER_REASON_MAX);

/** POST /api/admin/members/:id/block and /unblock. */
export const memberReasonBody = z.object({ reason });
export type MemberReasonBody = z.input<typeof memberReasonBody>;

export const blockAnswer = z.object({
  outcome: consoleOutcome,
  status: memberStatus,
  /** Sessions this block ended (0 for a repeat or nothing changed). */
  sessionsEnded: z.number().int(),
});
export type BlockAnswer = z.infer<typeof blockAnswer>;

/** POST /api/admin/members/:id/correction: one ledger entry, reason `correction`. */
export const correctionBody = z.object({
  direction: z.enum(['credit', 'debit'], {
    error: (issue) => (issue.input === undefined ? REQUIRED : 'errors.validations.invalid'),
  }),
  amount: z.number(expects('integer')).int(AMOUNT_RANGE).min(1, AMOUNT_RANGE).max(CORRECTION_MAX, AMOUNT_RANGE),
  reason,
});
export type CorrectionBody = z.input<typeof correctionBody>;
export const correctionAnswer = z.object({ outcome: consoleOutcome, balance: z.number().int() });
export type CorrectionAnswer = z.infer<typeof correctionAnswer>;

/** POST /api/admin/members/:id/orders/:orderId/refund: the provider is asked once per order. */
export const refundAnswer = z.object({ outcome: consoleOutcome, orderId: z.number().int(), refund: refundState });
export type RefundAnswer = z.infer<typeof refundAnswer>;

/** The reference of a member's written request to close her account (a ticket or letter number). */
export const CLOSE_REFERENCE_MAX = 100;

/** POST /api/admin/members/:id/close: on her written request, its reference and a reason. */
export const memberCloseBody = z.object({ reference: requiredString(CLOSE_REFERENCE_MAX), reason });
export type MemberCloseBody = z.input<typeof memberCloseBody>;

export const closeAnswer = z.object({
  outcome: consoleOutcome,
  status: memberStatus,
  /** When her data is erased (null when nothing changed: not open, or erased already). */
  erasesAt: at.nullable(),
  sessionsEnded: z.number().int(),
});
export type CloseAnswer = z.infer<typeof closeAnswer>;
