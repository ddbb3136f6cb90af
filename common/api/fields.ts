import { z } from 'zod';
import {
  EMAIL_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  NICKNAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
} from '../constants.ts';

/**
 * Field schemas shared by the forms and the server. Every message is an i18n key,
 * so a 422 answer can be shown per field in either language.
 */
export const REQUIRED = 'errors.validations.required';

export const requiredString = (max = 1000) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, 'errors.validations.too_long');

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX, 'errors.validations.too_long')
  .pipe(z.email('errors.validations.email'))
  .transform((v) => v.toLowerCase());

/** Length only; the common-password check needs the server's list and runs there. */
export const passwordField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, 'errors.validations.password_min')
  .max(PASSWORD_MAX, 'errors.validations.password_max');

export const nicknameField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .min(NICKNAME_MIN, 'errors.validations.nickname.pattern')
  .max(NICKNAME_MAX, 'errors.validations.nickname.pattern')
  .regex(NICKNAME_PATTERN, 'errors.validations.nickname.pattern');

export const usernameField = z
  .string()
  .trim()
  .max(USERNAME_MAX, 'errors.validations.too_long')
  .regex(/^[A-Za-z0-9._-]*$/, 'errors.validations.username');

export const tokenField = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'errors.validations.too_long');

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Answer of calls that only confirm. */
export const okResponse = z.object({ ok: z.literal(true) });
