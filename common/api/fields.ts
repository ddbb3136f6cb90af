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
export const CONTROL_CHARACTERS = 'errors.validations.control_characters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether text holds what no input may carry: C0 control characters (U+0000 to U+001F; tab, line
 * feed and carriage return are allowed where the text may span lines), DEL, and halves of UTF-16
 * surrogate pairs without their partner (no character at all, and not storable as UTF-8).
 * PostgreSQL refuses U+0000 in text outright.
 */
export function hasControlCharacters(value: string, opts: { multiline: boolean }): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (!opts.multiline || (c !== TAB && c !== LINE_FEED && c !== CARRIAGE_RETURN)) return true;
    } else if (c === 0x7f) {
      return true;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * Every string input of the contracts (params, query, body) starts from one of these two: a
 * single line (no control characters at all) or text that may span lines (tab, line feed and
 * carriage return allowed). Other checks are skipped once this one fails, so the field shows
 * this one message.
 */
export const singleLine = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v, { multiline: false }), {
    message: CONTROL_CHARACTERS,
    abort: true,
  });
export const multiLine = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v, { multiline: true }), {
    message: CONTROL_CHARACTERS,
    abort: true,
  });

/** A filled-in field of at most `max` characters; `multiline` for message texts. */
export const requiredString = (max = 1000, opts: { multiline?: boolean } = {}) =>
  (opts.multiline ? multiLine : singleLine)({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, 'errors.validations.too_long');

export const emailField = singleLine({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX, 'errors.validations.too_long')
  .pipe(z.email('errors.validations.email'))
  .transform((v) => v.toLowerCase());

/** Length only; the common-password check needs the server's list and runs there. */
export const passwordField = singleLine({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, 'errors.validations.password_min')
  .max(PASSWORD_MAX, 'errors.validations.password_max');

export const nicknameField = singleLine({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .min(NICKNAME_MIN, 'errors.validations.nickname.pattern')
  .max(NICKNAME_MAX, 'errors.validations.nickname.pattern')
  .regex(NICKNAME_PATTERN, 'errors.validations.nickname.pattern');

export const usernameField = singleLine()
  .trim()
  .max(USERNAME_MAX, 'errors.validations.too_long')
  .regex(/^[A-Za-z0-9._-]*$/, 'errors.validations.username');

export const tokenField = singleLine({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(200, 'errors.validations.too_long');

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Answer of calls that only confirm. */
export const okResponse = z.object({ ok: z.literal(true) });
