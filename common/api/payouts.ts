import { z } from 'zod';
import { EARNING_KINDS } from '../domain/payouts.ts';

/** Coins by kind of earning (common/domain/payouts.ts). */
const byKind = z.object(
  Object.fromEntries(EARNING_KINDS.map((k) => [k, z.number().int()])) as Record<
    (typeof EARNING_KINDS)[number],
    z.ZodNumber
  >,
);

/** One of her payout statements (GET /api/studio/payouts, .../payouts/{id}). */
export const studioStatement = z.object({
  id: z.number().int(),
  /** The Berlin month "YYYY-MM". */
  period: z.string(),
  byKind,
  earned: z.number().int(),
  carriedIn: z.number().int(),
  coins: z.number().int(),
  /** Euro cents per coin as a decimal text ("5", "7.5"). */
  centsPerCoin: z.string(),
  amountCents: z.number().int(),
  state: z.enum(['due', 'carried', 'paid']),
  /** "YYYY-MM-DD" once paid. */
  paidOn: z.string().nullable(),
});
export type StudioStatement = z.infer<typeof studioStatement>;

/**
 * GET /api/studio/payouts: her statements (newest first), the month running now with what she
 * has earned in it so far, and what earlier months left waiting for a statement.
 */
export const studioPayouts = z.object({
  statements: z.array(studioStatement),
  current: z.object({
    period: z.string(),
    byKind,
    earned: z.number().int(),
    /** The earned coins at today's rate, in cents (an estimate: the statement decides). */
    amountCents: z.number().int(),
  }),
  /** Coins of earlier months not yet on a statement, and coins carried over (below the minimum). */
  waiting: z.object({ uncounted: z.number().int(), carried: z.number().int() }),
  centsPerCoin: z.string(),
  minimumCents: z.number().int(),
});
export type StudioPayouts = z.infer<typeof studioPayouts>;
