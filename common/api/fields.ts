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

/** What a field of the wrong JSON type is told: the type it takes (not "required", it was sent). */
export const EXPECTED = {
  text: 'errors.validations.type.text',
  integer: 'errors.validations.type.integer',
  number: 'errors.validations.type.number',
  boolean: 'errors.validations.type.boolean',
  list: 'errors.validations.type.list',
  object: 'errors.validations.type.object',
  id: 'errors.validations.type.id',
} as const;

/**
 * The schema option of a field that must be sent: absent it is required, of another type it names
 * the type expected. Only the type check is answered so; a schema's own checks without a key of
 * their own keep zod's (the error handler makes too_long of a maximum), never "required".
 */
export const expects = (type: keyof typeof EXPECTED) => ({
  error: (issue: { code?: string; input?: unknown }) => {
    if (issue.code !== 'invalid_type' && issue.code !== 'invalid_union') return undefined;
    return issue.input === undefined ? REQUIRED : EXPECTED[type];
  },
});

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
  (opts.multiline ? multiLine : singleLine)(expects('text'))
    .trim()
    .min(1, REQUIRED)
    .max(max, 'errors.validations.too_long');

export const emailField = singleLine(expects('text'))
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX, 'errors.validations.too_long')
  .pipe(z.email('errors.validations.email'))
  .transform((v) => v.toLowerCase());

/** Length only; the common-password check needs the server's list and runs there. */
export const passwordField = singleLine(expects('text'))
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, 'errors.validations.password_min')
  .max(PASSWORD_MAX, 'errors.validations.password_max');

/**
 * A password the form may leave empty (sign-up without one): empty passes, anything else is held
 * to the same bounds as `passwordField`, with the same messages.
 */
export const optionalPasswordField = singleLine(expects('text'))
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, 'errors.validations.password_min')
  .refine((v) => v.length <= PASSWORD_MAX, 'errors.validations.password_max');

export const NICKNAME_TOO_LONG = 'errors.validations.nickname.too_long';

export const nicknameField = singleLine(expects('text'))
  .trim()
  .min(1, REQUIRED)
  .min(NICKNAME_MIN, 'errors.validations.nickname.pattern')
  // Said on its own: a longer one is refused, never cut to fit (the cut name would become hers).
  .max(NICKNAME_MAX, NICKNAME_TOO_LONG)
  .regex(NICKNAME_PATTERN, 'errors.validations.nickname.pattern');

export const usernameField = singleLine()
  .trim()
  .max(USERNAME_MAX, 'errors.validations.too_long')
  .regex(/^[A-Za-z0-9._-]*$/, 'errors.validations.username');

export const tokenField = singleLine(expects('text')).trim().min(1, REQUIRED).max(200, 'errors.validations.too_long');

/** The schema option of a choice that must be sent: absent it is required, any other value invalid. */
export const choice = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : 'errors.validations.invalid'),
};

/**
 * A show's universal id in a body: its digits as text (as every answer gives it) or as a number
 * (as a client reading the digits may send it); answered as text either way.
 */
export const universalIdField = z.union(
  [
    singleLine(expects('id')).trim().min(1, REQUIRED).max(40, 'errors.validations.too_long'),
    z
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .transform((n) => String(n)),
  ],
  expects('id'),
);

/** A record's id in a body: a positive whole number, or its digits as text (as a form sends it). */
export const recordIdField = z.union(
  [
    z.number().int().positive().max(2_147_483_647),
    singleLine()
      .regex(/^[1-9][0-9]{0,9}$/, EXPECTED.id)
      .transform(Number)
      .pipe(z.number().max(2_147_483_647, EXPECTED.id)),
  ],
  expects('id'),
);

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Answer of calls that only confirm. */
export const okResponse = z.object({ ok: z.literal(true) });
