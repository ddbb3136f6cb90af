import { z } from 'zod';
import { consoleOutcome } from './admin.ts';
import { singleLine } from './fields.ts';
import { REFERRAL_STATES, referralCodeField, referralFigures } from './referrals.ts';

/**
 * The console's referral codes (/api/admin/referrals, capability `payouts`): every code, the
 * performers' and the platform's, with its owner and figures; issuing a platform code for a show;
 * retiring any code. Each action names itself with an `Idempotency-Key` its audit entry keeps.
 */

export const consoleReferralCode = referralFigures.extend({
  code: z.string(),
  issuer: z.enum(['performer', 'platform']),
  showId: z.number().int(),
  /** The show's public id, as in its address /chat/{universalId}. */
  universalId: z.string(),
  showName: z.string(),
  /** The operator who issued a platform code; null for a performer's. */
  operatorName: z.string().nullable(),
  state: z.enum(REFERRAL_STATES),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
});
export type ConsoleReferralCode = z.infer<typeof consoleReferralCode>;

/** GET /api/admin/referrals: every code, newest first. */
export const consoleReferrals = z.object({ codes: z.array(consoleReferralCode) });
export type ConsoleReferrals = z.infer<typeof consoleReferrals>;

/**
 * POST /api/admin/referrals: a platform code (her text or a generated one) that opens this show,
 * named by its public id (the number in its address /chat/{id}), which an operator can read off
 * the site.
 */
export const issuePlatformReferralBody = z.strictObject({
  code: referralCodeField,
  show: singleLine('errors.console.referrals.show')
    .trim()
    .min(1, 'errors.console.referrals.show')
    .max(40, 'errors.console.referrals.show'),
});
export type IssuePlatformReferralInput = z.input<typeof issuePlatformReferralBody>;

export const consoleReferralAnswer = z.object({ outcome: consoleOutcome, code: consoleReferralCode });
export type ConsoleReferralAnswer = z.infer<typeof consoleReferralAnswer>;

/** The field error this area words itself (the code's own rules are the site's `errors.referral.*`). */
export const REFERRAL_CONSOLE_ERRORS = { show: 'errors.console.referrals.show' } as const;
