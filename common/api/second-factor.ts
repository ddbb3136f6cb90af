import { z } from 'zod';
import { user } from './auth.ts';
import { expects, REQUIRED, singleLine } from './fields.ts';
import { assertionCredential } from './passkeys.ts';

/**
 * A member's second factor (decision 071): an authenticator app (TOTP, RFC 6238) with ten
 * one-time recovery codes, and her passkeys as the other way to answer the second step. The
 * calls of the settings and of the sign-in's second step.
 */

/** Recovery codes made at once; each works one time. */
export const RECOVERY_CODE_COUNT = 10;
/** Days a browser she ticked "remember this device" on is not asked for the second factor. */
export const SECOND_FACTOR_REMEMBER_DAYS = 30;
/** Seconds a password (or a mailed link, or Google) stays good for the second step. */
export const SECOND_FACTOR_PENDING_SECONDS = 300;
/** Wrong answers one pending sign-in takes; then the sign-in starts over. */
export const SECOND_FACTOR_TRIES = 5;

/** A six-digit code of the authenticator app; spaces the app shows between the digits are dropped. */
export const totpCodeField = singleLine(expects('text'))
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'errors.validations.second_factor_code'));

/** A recovery code as printed (xxxxx-xxxxx, lower-case letters and digits); case and dashes are forgiven. */
export const recoveryCodeField = singleLine(expects('text'))
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'errors.validations.recovery_code'));

const passwordProof = singleLine(expects('text')).min(1, REQUIRED).max(1024, 'errors.validations.too_long');

/** The settings' view of her second factor. */
export const secondFactorState = z.object({
  /** An authenticator app is set up and confirmed: sign-in asks for the second factor. */
  totp: z.boolean(),
  /** Unused recovery codes left (0 without an app). */
  recovery_codes_left: z.number().int(),
  /** Her passkeys: each also answers the second step. */
  passkeys: z.number().int(),
  /** When the app was confirmed (ISO), or null. */
  since: z.string().nullable(),
});
export type SecondFactorState = z.infer<typeof secondFactorState>;
export const secondFactorStateResponse = z.object({ second_factor: secondFactorState });

/**
 * Setting the app up, step one: a new key, not active before it is confirmed with a code. Needs
 * her password when the account has one (a session left open must not be enough).
 */
export const totpSetupBody = z.object({ password: passwordProof.optional() });
export const totpSetupResponse = z.object({
  /** The key in base32, for typing it into the app. */
  secret: z.string(),
  /** otpauth://totp/… as the QR code holds it. */
  otpauth_uri: z.string(),
  /** The QR code as an SVG document (drawn on the server: no code library in the browser). */
  qr_svg: z.string(),
});

/** Step two: the first code of the app proves it holds the key. Answers the recovery codes, once. */
export const totpConfirmBody = z.object({ code: totpCodeField });
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

/** New recovery codes (the old ones stop working): needs a code of the app. */
export const recoveryCodesBody = z.object({ code: totpCodeField });

/** Turning the second factor off: her password (when the account has one) and a code of the app or a recovery code. */
export const secondFactorOffBody = z.object({
  password: passwordProof.optional(),
  code: z.union([totpCodeField, recoveryCodeField]),
});

/**
 * The answer of a sign-in (password, mailed link, Google) of an account with a second factor,
 * from a browser not remembered: status 202, no session yet. The pending sign-in lives in an
 * HttpOnly cookie for SECOND_FACTOR_PENDING_SECONDS.
 */
export const secondFactorChallenge = z.object({
  second_factor: z.object({
    /** The ways she can answer: 'totp', 'recovery' (with the app) and 'passkey' (with one). */
    methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
    expires_in: z.number().int(),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** The second step's answer by code: the app's or a recovery code. */
export const secondFactorCodeBody = z.object({
  method: z.enum(['totp', 'recovery']),
  code: singleLine(expects('text')).min(1, REQUIRED).max(40, 'errors.validations.too_long'),
  /** Remember this browser for SECOND_FACTOR_REMEMBER_DAYS. */
  remember: z.boolean().default(false),
});
/** The second step's answer by passkey (the options come from POST /second-factor/passkey/options). */
export const secondFactorPasskeyBody = z.object({
  credential: assertionCredential,
  remember: z.boolean().default(false),
});

/** The second step done: the session starts, as after a one-step sign-in. */
export const secondFactorDoneResponse = z.object({
  user,
  reopened: z.boolean().optional(),
  /** Recovery codes left when one was just used (so the app can say "2 left"). */
  recovery_codes_left: z.number().int().optional(),
});

/** The console's reset of a member's second factor (support, after checking who asks): audited. */
export const resetSecondFactorBody = z.object({
  reason: singleLine(expects('text')).trim().min(1, REQUIRED).max(500, 'errors.validations.too_long'),
});
/** The reset's answer: `unchanged` when she had no app; `repeat` for a second request under the same key. */
export const resetSecondFactorAnswer = z.object({ outcome: z.enum(['done', 'repeat', 'unchanged']) });
