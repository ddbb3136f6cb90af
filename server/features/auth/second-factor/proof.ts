import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECOND_FACTOR_PENDING_SECONDS, type SecondFactorChallenge } from '#common/api/second-factor.ts';
import type { AppContext } from '#server/context.ts';
import { invalidField } from '#server/errors.ts';
import { hasPasskey } from '#server/features/auth/passkeys/data.ts';
import { openAppKey } from '#server/features/auth/sealed-key.ts';
import { matchTotp } from '#server/features/auth/totp.ts';
import { enforce } from '#server/http/throttle.ts';
import { isRemembered, REMEMBER_COOKIE, setPendingCookie } from './cookies.ts';
import {
  claimMemberTotpStep,
  confirmedFactorOf,
  createPendingSignIn,
  recoveryCodesLeft,
  type SignInWay,
  spendRecoveryCode,
} from './store.ts';

/** The field error of a wrong (or used) code of the app or recovery code. */
export const wrongCode = () => invalidField('code', 'errors.validations.second_factor_wrong');

/**
 * Checks a code of her app (accepted once: its step is claimed) or one of her recovery codes
 * (used up). Answers null when it does not hold, else the recovery codes left when one was used.
 */
export async function proveByCode(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  method: 'totp' | 'recovery',
  code: string,
  now: number,
): Promise<{ recoveryCodesLeft?: number } | null> {
  const factor = await confirmedFactorOf(db, userId);
  if (!factor) return null;
  if (method === 'totp') {
    const appKey = openAppKey(config.secondFactorKey, { kind: 'member', id: userId }, factor.totpSecret);
    const step = appKey === null ? null : matchTotp(appKey, code.replace(/\s+/g, ''), now);
    if (step === null || !(await claimMemberTotpStep(db, userId, step))) return null;
    return {};
  }
  if (!(await spendRecoveryCode(db, userId, code, new Date(now)))) return null;
  return { recoveryCodesLeft: await recoveryCodesLeft(db, userId) };
}

/** A code of the app (six digits) or a recovery code, told apart by their form. */
export const methodOf = (code: string): 'totp' | 'recovery' => (/^\d{6}$/.test(code) ? 'totp' : 'recovery');

/**
 * Every check of a code in her settings (or when she closes her account) counts: 10 in 15 minutes
 * per member, then 429. She is signed in, so nobody else can use hers up.
 */
export const admitSettingsCode = (throttle: AppContext['throttle'], userId: number) =>
  enforce(throttle, `second-factor-check:${userId}`, 10, 900);

/**
 * After her first factor held (password, mailed link, Google): when she has a confirmed app and
 * this browser is not remembered for it, a pending sign-in is made, its cookie set, and the
 * challenge answered (the route sends it with 202); else null, and the session starts.
 */
export async function secondStepFor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  way: SignInWay,
  now = Date.now(),
): Promise<SecondFactorChallenge | null> {
  const factor = await confirmedFactorOf(ctx.db, userId);
  if (!factor) return null;
  const cookie = request.cookies[REMEMBER_COOKIE];
  if (isRemembered(ctx.config.sessionSecret, cookie, userId, factor.version, now)) return null;
  const token = await createPendingSignIn(ctx.db, userId, way, new Date(now));
  setPendingCookie(request, reply, token);
  const methods: SecondFactorChallenge['second_factor']['methods'] = ['totp', 'recovery'];
  if (await hasPasskey(ctx.db, userId)) methods.push('passkey');
  return { second_factor: { methods, expires_in: SECOND_FACTOR_PENDING_SECONDS } };
}
