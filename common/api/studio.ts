import { z } from 'zod';
import { MESSAGE_PRICE_MAX } from '../constants.ts';
import {
  EXCLUSIVE_FACTOR_MAX,
  EXCLUSIVE_FACTOR_MIN,
  EXCLUSIVE_MODES,
  PRICE_PER_MINUTE_MAX,
  PRICE_PER_MINUTE_MIN,
} from '../domain/show-settings.ts';
import { emailField, expects, REQUIRED, singleLine } from './fields.ts';

/** The studio's sign-in form (POST /api/studio/login): her e-mail address and password. */
export const studioLoginBody = z.object({
  email: emailField,
  password: singleLine(expects('text')).min(1, REQUIRED).max(1024, 'errors.validations.too_long'),
});
export type StudioLoginBody = z.infer<typeof studioLoginBody>;

/** POST /api/studio/unlock/send: an unlock link for the studio account of this address (decision 039). */
export const studioUnlockSendBody = z.object({ email: emailField });

/** A whole number in a range: one message for every failure (no number, a fraction, out of range). */
export const WHOLE_NUMBER_RANGE = 'errors.validations.whole_number_range';
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: WHOLE_NUMBER_RANGE })
    .int(WHOLE_NUMBER_RANGE)
    .min(min, WHOLE_NUMBER_RANGE)
    .max(max, WHOLE_NUMBER_RANGE);

/**
 * PATCH /api/studio/show: any of her show's settings (common/domain/show-settings.ts), at least
 * one; a field it does not know is refused. `exclusive` is the mode 0 none, 1 available, 2 only;
 * `messagePrice` the coins a member pays per message to her show.
 */
export const studioShowSettingsBody = z
  .strictObject(
    {
      free: z.boolean({ error: 'errors.validations.invalid' }).optional(),
      pricePerMinute: wholeNumber(PRICE_PER_MINUTE_MIN, PRICE_PER_MINUTE_MAX).optional(),
      exclusive: z.literal(EXCLUSIVE_MODES, { error: 'errors.validations.invalid' }).optional(),
      priceFactorExclusive: wholeNumber(EXCLUSIVE_FACTOR_MIN, EXCLUSIVE_FACTOR_MAX).optional(),
      /** Coins a member pays per message to her show (0: free). */
      messagePrice: wholeNumber(0, MESSAGE_PRICE_MAX).optional(),
    },
    { error: 'errors.validations.invalid' },
  )
  // Only a body without other faults is empty: an unknown field alone is reported as that.
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: REQUIRED,
    when: (payload) => payload.issues.length === 0,
  });
export type StudioShowSettingsBody = z.infer<typeof studioShowSettingsBody>;

/** The signed-in performer and the one show she owns (GET /api/studio/me and every studio write). */
export const studioMe = z.object({
  performer: z.object({ id: z.number().int(), email: z.string() }),
  show: z.object({
    universalId: z.string(),
    showName: z.string(),
    online: z.boolean(),
    /** Her settings as stored (PATCH /api/studio/show); `exclusive` as its mode 0, 1 or 2. */
    free: z.boolean(),
    pricePerMinute: z.number().int(),
    priceFactorExclusive: z.number().int(),
    exclusive: z.literal(EXCLUSIVE_MODES),
    /** Coins per message a member writes to her show (0: free). */
    messagePrice: z.number().int(),
    /** Coins per minute; null where the show offers no such chat (common/domain/prices.ts). */
    prices: z.object({
      private: z.number().int().nullable(),
      exclusive: z.number().int().nullable(),
      exclusiveOnly: z.boolean(),
    }),
  }),
});
export type StudioMe = z.infer<typeof studioMe>;
