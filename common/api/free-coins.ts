import { z } from 'zod';
import { user } from './auth.ts';
import { REQUIRED, singleLine } from './fields.ts';

/**
 * Free coins by SMS (/users/free_coins): a member proves a mobile number with a texted code and
 * receives the free coins once per number and once per member. Every message is an i18n key.
 */

/** How long a texted code is valid, how often it may be tried, and when the next one may be sent. */
export const SMS_CODE_TTL_SECONDS = 10 * 60;
export const SMS_CODE_ATTEMPTS = 5;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_LENGTH = 6;
/** Room for spaces, dashes and a "(0)" around the 15 digits E.164 allows. */
export const PHONE_INPUT_MAX = 32;

const PHONE_INVALID = 'errors.validations.phone_invalid';
const NOT_MOBILE = 'errors.validations.phone_not_mobile';
const COUNTRY = 'errors.validations.phone_country';

/**
 * Mobile ranges by country code, national part without the trunk 0: Germany 015x/016x/017x,
 * Austria 065x–069x, Switzerland 075–079. `prefix` decides "a mobile number", `shape` its length.
 */
const MOBILE: Record<string, { prefix: RegExp; shape: RegExp }> = {
  '49': { prefix: /^1[5-7]/, shape: /^1[5-7]\d{8,9}$/ },
  '43': { prefix: /^6[5-9]/, shape: /^6[5-9]\d{7,11}$/ },
  '41': { prefix: /^7[5-9]/, shape: /^7[5-9]\d{7}$/ },
};

export type PhoneResult = { ok: true; e164: string } | { ok: false; key: string };

/**
 * A mobile number as typed ("0151 2345 6789", "+49 (0)151-23456789", "0049151…") in E.164
 * ("+4915123456789"). Numbers without a country code are German. Landlines, short and long
 * numbers and countries without free coins are refused with their key.
 */
export function normalisePhone(input: string): PhoneResult {
  const compact = input.trim().replace(/\(0\)/g, '');
  if (!/^\+?[\d\s\-/.()]+$/.test(compact)) return { ok: false, key: PHONE_INVALID };
  const bare = compact.replace(/[\s\-/.()]/g, '');
  let digits: string;
  if (bare.startsWith('+')) digits = bare.slice(1);
  else if (bare.startsWith('00')) digits = bare.slice(2);
  else if (bare.startsWith('0')) digits = `49${bare.slice(1)}`;
  else return { ok: false, key: PHONE_INVALID };
  if (!/^[1-9]\d{7,14}$/.test(digits)) return { ok: false, key: PHONE_INVALID };
  const country = Object.keys(MOBILE).find((cc) => digits.startsWith(cc));
  const rule = country ? MOBILE[country] : undefined;
  if (!country || !rule) return { ok: false, key: COUNTRY };
  const national = digits.slice(country.length);
  if (!rule.prefix.test(national)) return { ok: false, key: NOT_MOBILE };
  if (!rule.shape.test(national)) return { ok: false, key: PHONE_INVALID };
  return { ok: true, e164: `+${digits}` };
}

/** Absent: required; present but not text: invalid. */
const text = () =>
  singleLine({ error: (issue) => (issue.input === undefined ? REQUIRED : 'errors.validations.invalid') });

export const phoneField = text()
  .trim()
  .min(1, { message: REQUIRED, abort: true })
  .max(PHONE_INPUT_MAX, { message: 'errors.validations.too_long', abort: true })
  .transform((value, ctx) => {
    const result = normalisePhone(value);
    if (result.ok) return result.e164;
    ctx.addIssue({ code: 'custom', message: result.key });
    return z.NEVER;
  });

export const codeField = text()
  .trim()
  .min(1, { message: REQUIRED, abort: true })
  .max(PHONE_INPUT_MAX, { message: 'errors.validations.too_long', abort: true })
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'errors.validations.sms_code');

export const freeCoinsSendBody = z.object({ phone: phoneField });
export const freeCoinsVerifyBody = z.object({ code: codeField });

/** The code on its way: where it went (last digits), until when it works, when another may be sent. */
export const pendingCode = z.object({
  hint: z.string(),
  expires_at: z.string(),
  resend_at: z.string(),
  attempts_left: z.number().int(),
});
export type PendingCode = z.infer<typeof pendingCode>;

/** GET /api/free_coins: the offer, and for a member whether they got it or a code is pending. */
export const freeCoinsStatus = z.object({
  coins: z.number().int(),
  disabled: z.boolean(),
  received: z.boolean(),
  pending: pendingCode.nullable(),
});
export type FreeCoinsStatus = z.infer<typeof freeCoinsStatus>;

/** POST /api/free_coins/verify: the member with the new balance, and how many coins were added. */
export const freeCoinsVerified = z.object({ user, coins: z.number().int() });
export type FreeCoinsVerified = z.infer<typeof freeCoinsVerified>;
