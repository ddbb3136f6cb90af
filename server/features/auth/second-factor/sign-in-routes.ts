import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webauthnOptionsResponse } from '#common/api/passkeys.ts';
import {
  SECOND_FACTOR_TRIES,
  secondFactorCodeBody,
  secondFactorDoneResponse,
  secondFactorPasskeyBody,
} from '#common/api/second-factor.ts';
import { AppError, invalidField, unknownCredentials } from '#server/errors.ts';
import { findUserById } from '#server/features/accounts/data.ts';
import { isShut } from '#server/features/accounts/policy.ts';
import { userAnswer } from '#server/features/accounts/present.ts';
import { DEVICE_COOKIE, deviceFor } from '#server/features/auth/known-device.ts';
import { admitLoginAttempt, type LoginAttempt, loginSucceeded } from '#server/features/auth/login-limits.ts';
import { assertionOptions, verifyPasskeyAssertion } from '#server/features/auth/passkeys/ceremony.ts';
import { optionsJson } from '#server/features/auth/passkeys/present.ts';
import { relyingParty } from '#server/features/auth/passkeys/relying-party.ts';
import { markKnownDevice, startMemberSession } from '#server/features/auth/sign-in.ts';
import { ensureSession } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { clearPendingCookie, PENDING_COOKIE, rememberBrowser } from './cookies.ts';
import { proveByCode, wrongCode } from './proof.ts';
import { confirmedFactorOf, countWrongAnswer, endPendingSignIn, type PendingSignIn, pendingSignInOf } from './store.ts';

/** The pending sign-in is gone (expired, ended, or its tries used up): the client starts over. */
const expired = () => new AppError('unknown_credentials', { message: 'second_factor_expired' });

/**
 * The sign-in's second step (decision 071): the browser holding a pending sign-in answers with a
 * code of her app, a recovery code, or one of her passkeys. Every answer counts as a password
 * attempt does (decision 010) on the account's own second-step allowance: a known device of hers
 * has its own, so a stranger who has her password slows the step down for other browsers, never
 * locks her out. SECOND_FACTOR_TRIES wrong answers end the pending sign-in.
 */
export const secondFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /auth/second-factor': 'public',
    'POST /auth/second-factor/passkey/options': 'public',
    'POST /auth/second-factor/passkey': 'public',
  });
  const { db, config, throttle } = app.ctx;

  /** The browser's live pending sign-in, or 401 second_factor_expired (its cookie cleared). */
  const pendingOf = async (request: FastifyRequest, reply: FastifyReply, now: number) => {
    const pending = await pendingSignInOf(db, request.cookies[PENDING_COOKIE], new Date(now));
    if (pending) return pending;
    clearPendingCookie(reply);
    throw expired();
  };

  /** Counted before the check, like a password (login-limits.ts), on the account's second-step allowance. */
  const admit = async (request: FastifyRequest, pending: PendingSignIn): Promise<LoginAttempt> => {
    const owner = await findUserById(db, pending.userId);
    const attempt: LoginAttempt = {
      account: `second-factor:id:${pending.userId}`,
      address: addressKey(request.ip),
      device: owner ? deviceFor(config.sessionSecret, request.cookies[DEVICE_COOKIE], owner) : null,
    };
    await admitLoginAttempt(throttle, attempt);
    return attempt;
  };

  /** A wrong answer counts on the pending sign-in; the last try ends it. */
  const refuse = async (reply: FastifyReply, pending: PendingSignIn, field: () => Error) => {
    if (await countWrongAnswer(db, pending, SECOND_FACTOR_TRIES)) throw field();
    clearPendingCookie(reply);
    throw expired();
  };

  /** The second factor held: the pending sign-in ends and her session starts, as after a one-step sign-in. */
  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pending: PendingSignIn,
    attempt: LoginAttempt,
    remember: boolean,
    now: number,
  ) => {
    clearPendingCookie(reply);
    if (!(await endPendingSignIn(db, pending))) throw expired();
    await loginSucceeded(throttle, attempt);
    const owner = await findUserById(db, pending.userId);
    // As the first step answers: the account may have been blocked or cancelled meanwhile.
    if (!owner || owner.status === 'cancelled') throw unknownCredentials();
    if (isShut(owner)) throw new AppError('unknown_credentials', { message: 'user_blocked' });
    const reopened = await startMemberSession(app.ctx, request, reply, owner.id);
    await markKnownDevice(app.ctx, request, reply, owner.id);
    const factor = await confirmedFactorOf(db, owner.id);
    if (remember && factor) rememberBrowser(request, reply, owner.id, factor.version, now);
    return { ...(await userAnswer(db, owner.id)), ...(reopened ? { reopened } : {}) };
  };

  app.post(
    '/auth/second-factor',
    {
      schema: {
        summary: "Answers a sign-in's second step with a code of her authenticator app or a recovery code.",
        body: secondFactorCodeBody,
        response: { 200: secondFactorDoneResponse },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const { method, code, remember } = request.body;
      const pending = await pendingOf(request, reply, now);
      const attempt = await admit(request, pending);
      const proved = await proveByCode(app.ctx, pending.userId, method, code, now);
      if (!proved) return refuse(reply, pending, wrongCode);
      const done = await finish(request, reply, pending, attempt, remember, now);
      const left = proved.recoveryCodesLeft;
      return { ...done, ...(left === undefined ? {} : { recovery_codes_left: left }) };
    },
  );

  app.post(
    '/auth/second-factor/passkey/options',
    {
      schema: {
        summary: "Options for answering a sign-in's second step with one of her passkeys.",
        response: { 200: webauthnOptionsResponse },
      },
    },
    async (request, reply) => {
      const pending = await pendingOf(request, reply, Date.now());
      const session = await ensureSession(request, reply);
      const rp = relyingParty(request);
      const options = await assertionOptions(db, {
        sessionId: session.id,
        purpose: 'second_factor',
        rp,
        userId: pending.userId,
      });
      return { options: optionsJson(options) };
    },
  );

  app.post(
    '/auth/second-factor/passkey',
    {
      schema: {
        summary: "Answers a sign-in's second step with one of her passkeys.",
        body: secondFactorPasskeyBody,
        response: { 200: secondFactorDoneResponse },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const pending = await pendingOf(request, reply, now);
      const attempt = await admit(request, pending);
      const session = await ensureSession(request, reply);
      const passkey = await verifyPasskeyAssertion(db, {
        sessionId: session.id,
        purpose: 'second_factor',
        userId: pending.userId,
        rp: relyingParty(request),
        secret: config.sessionSecret,
        credential: request.body.credential,
      });
      if (!passkey) return refuse(reply, pending, () => invalidField('credential', 'passkeys.errors.refused'));
      return finish(request, reply, pending, attempt, request.body.remember, now);
    },
  );
};
