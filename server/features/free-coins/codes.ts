import { createHmac, randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH } from '#common/api/free-coins.ts';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * Numbers and codes never reach the database in clear: a number is kept as a keyed hash (so
 * "this number earned coins" can be checked without storing it), a code as a keyed hash bound
 * to its member, compared in constant time.
 */
export const phoneHash = (secret: string, e164: string) =>
  createHmac('sha256', secret).update(`sms-phone:${e164}`).digest('base64url');

export const codeHash = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`sms-code:${userId}:${code}`).digest('base64url');

export const codeMatches = (secret: string, userId: number, code: string, stored: string) =>
  safeEqual(codeHash(secret, userId, code), stored);

/** A uniformly random code of SMS_CODE_LENGTH digits (leading zeros kept). */
export const newCode = () => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/** The last three digits, shown to the member to say where the code went. */
export const phoneHint = (e164: string) => e164.slice(-3);
