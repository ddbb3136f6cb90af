import { z } from 'zod';
import { THEMES } from '../constants.ts';
import { emailField, expects, nicknameField, passwordField, REQUIRED, singleLine, usernameField } from './fields.ts';
import { recoveryCodeField, totpCodeField } from './second-factor.ts';

export const updateUserBody = z
  .object({
    name: usernameField.optional(),
    locale: z.enum(['en', 'de']).optional(),
    theme: z.enum(THEMES).optional(),
    show_history: z.boolean().optional(),
    message_mail: z.boolean().optional(),
    favorite_mail: z.boolean().optional(),
    current_password: singleLine().max(1024).optional(),
    new_password: passwordField.optional(),
  })
  .refine((v) => v.new_password === undefined || (v.current_password ?? '').length > 0, {
    path: ['current_password'],
    message: REQUIRED,
  });

export const newsletterBody = z.object({ newsletter: z.boolean(expects('boolean')) });

export const resetEmailBody = z.object({
  email: emailField,
  password: singleLine(expects('text')).min(1, REQUIRED).max(1024, 'errors.validations.too_long'),
});

/**
 * Closing the account (decision 069): her password, where she has one; `confirmed` is the
 * explicit confirmation that she read what happens (the coins, the grace period, what is kept).
 * With her authenticator app on (decision 071), a code of it or a recovery code does instead of
 * the password (or of the mailed link, without one); given both, both must hold.
 */
export const cancelBody = z.object({
  password: singleLine().max(1024, 'errors.validations.too_long').optional(),
  code: z.union([totpCodeField, recoveryCodeField]).optional(),
  confirmed: z.literal(true, 'errors.validations.required'),
});

/** The closing's answer: when the data is erased, or that a confirmation link was mailed (no password). */
export const cancelResponse = z.object({
  ok: z.literal(true),
  erases_at: z.string().nullable(),
  confirm_mailed: z.boolean(),
});
export type CancelAnswer = z.infer<typeof cancelResponse>;

export const nicknameBody = z.object({ nickname: nicknameField });
