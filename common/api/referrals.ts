import { z } from 'zod';
import { REFERRAL_CODE_INPUT_MAX } from '../domain/referral-codes.ts';
import { singleLine } from './fields.ts';

/**
 * Referral codes as the studio and the console read and issue them (spec part 2 "ruf"): a code
 * opens one show's stream; what it brought is counted (common/domain/referral-codes.ts).
 */

export const REFERRAL_STATES = ['active', 'retired', 'expired', 'used_up'] as const;

const count = z.number().int();

/** What a code brought: members who signed up after redeeming it, and their first paid coin orders. */
export const referralFigures = z.object({
  uses: count,
  signUps: count,
  firstPurchases: count,
  firstPurchaseCoins: count,
});

/** One of her codes, as the studio lists it. */
export const studioReferralCode = referralFigures.extend({
  code: z.string(),
  state: z.enum(REFERRAL_STATES),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
});
export type StudioReferralCode = z.infer<typeof studioReferralCode>;

/** GET /api/studio/referrals: her codes, newest first, and how many more active ones she may hold. */
export const studioReferrals = z.object({
  codes: z.array(studioReferralCode),
  active: count,
  activeMax: count,
});
export type StudioReferrals = z.infer<typeof studioReferrals>;

/**
 * A code to issue: her own text, or none (empty or absent) for a generated one. The text's rules
 * (length, characters, taken) are answered per field by the server, in words both languages have.
 */
export const referralCodeField = singleLine()
  .max(REFERRAL_CODE_INPUT_MAX, 'errors.validations.too_long')
  .optional()
  .default('');

/** POST /api/studio/referrals. */
export const issueStudioReferralBody = z.strictObject({ code: referralCodeField });
export type IssueStudioReferralInput = z.input<typeof issueStudioReferralBody>;

/** A code as a path parameter (retire): what a request may send at all, in any case. */
export const referralCodeParams = z.object({ code: z.string().min(1).max(REFERRAL_CODE_INPUT_MAX) });
