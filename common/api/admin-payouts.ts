import { z } from 'zod';
import { EARNING_KINDS, PAYMENT_REFERENCE_MAX } from '../domain/payouts.ts';
import { consoleOutcome } from './admin.ts';
import { REQUIRED, singleLine } from './fields.ts';

/**
 * The console's performer payouts (/api/admin/payouts, capability `payouts`): the months and their
 * statements, making a closed month's statements, marking a statement paid, and a month's CSV for
 * the bank run. Money is in whole cents; a rate is euro cents per coin as a decimal text ("7.5").
 */

/** A month "YYYY-MM" (Berlin time), as a path parameter or a field. */
export const payoutPeriod = singleLine().regex(/^2\d{3}-(0[1-9]|1[0-2])$/, 'errors.console.payouts.period');

export const STATEMENT_STATES = ['due', 'carried', 'paid'] as const;

/** What a month's statements may be sorted by. */
export const STATEMENT_SORTS = ['showName', 'coins', 'amountCents', 'state', 'paidOn'] as const;
export type StatementSort = (typeof STATEMENT_SORTS)[number];

export const PAYOUT_PAGE_SIZES = [25, 50, 100] as const;

const count = z.number().int();

/** A month with its statements' counts and sums by state (zero throughout before it is made). */
export const payoutMonth = z.object({
  period: z.string(),
  statements: count,
  due: count,
  dueCents: count,
  paid: count,
  paidCents: count,
  carried: count,
  /** Its statements may be made now: it has ended, and no later month has statements. */
  canGenerate: z.boolean(),
});
export type PayoutMonth = z.infer<typeof payoutMonth>;

/** GET /api/admin/payouts: the closed months of the last year and every month with statements, newest first. */
export const payoutOverview = z.object({
  months: z.array(payoutMonth),
  /** The month running now; its earnings count once it has ended. */
  current: z.string(),
  centsPerCoin: z.string(),
  minimumCents: count,
});
export type PayoutOverview = z.infer<typeof payoutOverview>;

/** One statement as the console shows it. */
export const consoleStatement = z.object({
  id: count,
  period: z.string(),
  showName: z.string(),
  earningsAccount: count,
  byKind: z.object(
    Object.fromEntries(EARNING_KINDS.map((k) => [k, count])) as Record<(typeof EARNING_KINDS)[number], typeof count>,
  ),
  earned: count,
  carriedIn: count,
  coins: count,
  centsPerCoin: z.string(),
  amountCents: count,
  state: z.enum(STATEMENT_STATES),
  /** The later statement its coins count in, when carried over and counted. */
  carriedInto: count.nullable(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleStatement = z.infer<typeof consoleStatement>;

export const payoutMonthParams = z.object({ period: payoutPeriod });
export const statementParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/admin/payouts/{period}: a page of the month's statements, sorted. */
export const statementsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAYOUT_PAGE_SIZES as readonly number[]).includes(n), 'errors.validations.invalid')
    .default(25),
  sort: z.enum(STATEMENT_SORTS).default('state'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type StatementsQuery = z.output<typeof statementsQuery>;

export const statementPage = z.object({
  month: payoutMonth,
  statements: z.array(consoleStatement),
  total: count,
  page: count,
  pageSize: count,
});
export type StatementPage = z.infer<typeof statementPage>;

/** POST /api/admin/payouts/generate: make a closed month's statements (those missing; once per key). */
export const generateStatementsBody = z.object({ period: payoutPeriod });
export const generatedStatements = z.object({
  outcome: consoleOutcome,
  created: count,
  existing: count,
});
export type GeneratedStatements = z.infer<typeof generatedStatements>;

/** POST /api/admin/payouts/statements/{id}/paid: the bank paid it, on this day, with this reference. */
export const markPaidBody = z.object({
  paidOn: singleLine()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.console.payouts.paid_on'),
  reference: singleLine()
    .trim()
    .min(1, REQUIRED)
    .max(PAYMENT_REFERENCE_MAX, 'errors.validations.too_long')
    .transform((v) => v.replace(/\s+/g, ' ')),
});
export type MarkPaidInput = z.input<typeof markPaidBody>;
export const markedPaid = z.object({ outcome: consoleOutcome, statement: consoleStatement });
export type MarkedPaid = z.infer<typeof markedPaid>;

/** The field error keys of this area, which its screen words itself. */
export const PAYOUT_ERRORS = {
  period: 'errors.console.payouts.period',
  notClosed: 'errors.console.payouts.not_closed',
  paidOn: 'errors.console.payouts.paid_on',
  reference: 'errors.console.payouts.reference',
} as const;
