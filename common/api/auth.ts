import { z } from 'zod';
import { emailField, expects, passwordField, REQUIRED, singleLine, tokenField, usernameField } from './fields.ts';

export const nickname = z.object({ id: z.number().int(), nickname: z.string() });
export type Nickname = z.infer<typeof nickname>;

/** The user of spec part 1 section 3. */
export const user = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  coins: z.number().int(),
  is_verified: z.boolean(),
  show_history: z.boolean(),
  newsletter: z.boolean(),
  /** Mail her when a performer answers her message. */
  message_mail: z.boolean(),
  /** Mail her when a favorite comes online in her notification window while she is away. */
  favorite_mail: z.boolean(),
  locale: z.enum(['en', 'de']),
  theme: z.string(),
  has_password: z.boolean(),
  nicknames: z.object({ data: z.array(nickname), current_nickname: nickname.nullable() }),
});
export type User = z.infer<typeof user>;

/**
 * The terms of use a new account accepts (the sign-up form's box, Google's consent dialog), kept
 * with the account and shown in her copy of her data (decision 068). A new version when the terms
 * change materially.
 */
export const TERMS_VERSION = '2026-11';

/** The answer of every call that changes or reads the member. */
export const userResponse = z.object({ user });

/** A sign-in's answer: `reopened` when it reopened an account closed within its grace period (decision 069). */
export const signInResponse = z.object({ user, reopened: z.boolean().optional() });

/** A user name or e-mail address, as the login form takes it. */
const loginName = singleLine(expects('text')).trim().min(1, REQUIRED).max(254, 'errors.validations.too_long');

export const loginBody = z.union([
  z.object({
    username: loginName,
    password: singleLine(expects('text')).min(1, REQUIRED).max(1024, 'errors.validations.too_long'),
  }),
  z.object({
    credential: singleLine().min(1, REQUIRED).max(8192, 'errors.validations.too_long'),
    register: z.boolean().optional(),
  }),
]);
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  email: emailField,
  code: singleLine().trim().max(64, 'errors.validations.too_long').optional(),
  password: passwordField.optional(),
  username: usernameField.optional(),
  terms_check: z.literal(true, { error: 'errors.validations.terms' }),
  /** The captcha response token, when the server asked for one (captcha_required). */
  captcha: singleLine().max(4096, 'errors.validations.too_long').optional(),
  /** A field people never see (the honeypot): robots filling every field give themselves away. */
  homepage: z.string().max(500, 'errors.validations.too_long').optional(),
  /**
   * Milliseconds the form was open before it was sent, as the browser measured them. Optional
   * in the schema, but a registration without it is asked for a captcha (decision 027).
   */
  form_ms: z.number().int().min(0).max(86_400_000).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const mailcheckQuery = z.object({ email: singleLine().max(254) });
export const mailcheckResponse = z.object({ suggestion: z.string().nullable() });

export const tokenBody = z.object({ token: tokenField });
export const validateBody = z.object({ token: tokenField, password: passwordField.optional() });

export const sendResetBody = z.object({ email: emailField });

/** The address a sign-in link of /token_login is mailed to (decision 025). */
export const sendTokenLoginBody = z.object({ email: emailField });

/** The unlock mail (decision 010) for the account of the user name or address typed into the login form. */
export const sendUnlockBody = z.object({ username: loginName });

export const resetBody = z
  .object({ token: tokenField, password: passwordField, password_confirm: singleLine(expects('text')) })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'errors.validations.password_confirm',
  });
