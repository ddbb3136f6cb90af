import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBody,
  mailcheckQuery,
  mailcheckResponse,
  registerBody,
  resetBody,
  sendResetBody,
  sendUnlockBody,
  signInResponse,
  tokenBody,
  userResponse,
  validateBody,
} from '#common/api/auth.ts';
import { okResponse } from '#common/api/fields.ts';
import { secondFactorChallenge } from '#common/api/second-factor.ts';
import { INCENTIVE_DISABLED, RESET_MAIL_THROTTLE_SECONDS } from '#common/constants.ts';
import { suggestEmail } from '#common/domain/mailcheck.ts';
import { welcomeGiftFor } from '#common/domain/welcome-gift.ts';
import { AppError, invalidField, linkExpired, userBlocked } from '#server/errors.ts';
import { findUserByEmail, findUserById, findUserByLogin, loadPresentableUser } from '#server/features/accounts/data.ts';
import { isShut, requireUser } from '#server/features/accounts/policy.ts';
import { presentUser, userAnswer } from '#server/features/accounts/present.ts';
import { promiseWelcomeGift } from '#server/features/coupons/welcome-mutations.ts';
import { creditSignUp } from '#server/features/referrals/attribution.ts';
import { endSession, endUserSessions, startUserSession } from '#server/features/session/request.ts';
import { jsonOnce, sendJson } from '#server/http/answer-json.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { captchaProvider } from '#server/providers/captcha/provider.ts';
import { admitRegistration } from './captcha-gate.ts';
import { DEVICE_COOKIE } from './known-device.ts';
import { loginWithGoogle, loginWithPassword } from './login.ts';
import { accountKey, admitAddress, admitUnlockMail } from './login-limits.ts';
import { assertPasswordStrength, createUser, markVerified, setPassword } from './mutations.ts';
import { secondStepFor } from './second-factor/proof.ts';
import { claimVoucher, markKnownDevice, startMemberSession } from './sign-in.ts';
import { sendTokenMail } from './token-mail.ts';
import { consumeToken, peekToken, revokePasswordStandIns } from './tokens.ts';
import { unlockBrowser } from './unlock-links.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /auth/login': 'public',
    'POST /auth/logout': 'public',
    'GET /auth/user': 'member',
    'GET /register/mailcheck': 'public',
    'POST /register': 'public',
    'POST /register/validate': 'public',
    'POST /register/resend': 'member',
    'POST /auth/send': 'public',
    'POST /auth/reset': 'public',
    'POST /auth/unlock/send': 'public',
    'POST /auth/unlock': 'public',
  });
  const { db, config, throttle, background } = app.ctx;
  const captcha = captchaProvider(config, { throttle, log: app.log });
  const presented = (userId: number) => userAnswer(db, userId);
  const limit = (key: string, max: number, windowSeconds: number) => enforce(throttle, key, max, windowSeconds);
  const claim = (userId: number, request: FastifyRequest) => claimVoucher(app.ctx, userId, request);
  /**
   * A new account made while the browser's sign-up incentive ran is promised its offer; the
   * window is the one the server stored for the session (common/domain/welcome-gift.ts). A
   * referral code the browser redeemed is credited with the sign-up (features/referrals).
   */
  const welcomeNewMember = async (userId: number, request: FastifyRequest) => {
    const data = request.session?.data;
    const gift = welcomeGiftFor({ startSeconds: data?.incentiveTsp, offer: data?.incentiveOffer, nowMs: Date.now() });
    if (gift) await promiseWelcomeGift(db, userId, gift);
    await creditSignUp(db, userId, data?.referralCode);
  };
  const memberSession = (request: FastifyRequest, reply: FastifyReply, userId: number) =>
    startMemberSession(app.ctx, request, reply, userId);
  const markKnown = (request: FastifyRequest, reply: FastifyReply, userId: number) =>
    markKnownDevice(app.ctx, request, reply, userId);

  app.post(
    '/auth/login',
    { schema: { body: loginBody, response: { 200: signInResponse, 202: secondFactorChallenge } } },
    async (request, reply) => {
      const { body } = request;
      let userId: number;
      const way = 'credential' in body ? 'google' : 'password';
      if ('credential' in body) {
        await admitAddress(throttle, addressKey(request.ip));
        const google = await loginWithGoogle(app.ctx, body.credential, body.register === true, request.locale);
        userId = google.userId;
        if (google.created) await welcomeNewMember(userId, request);
      } else {
        userId = await loginWithPassword(app.ctx, {
          login: body.username,
          password: body.password,
          address: addressKey(request.ip),
          deviceCookie: request.cookies[DEVICE_COOKIE],
        });
      }
      // With her authenticator app on, the session waits for the second factor (decision 071).
      const challenge = await secondStepFor(app.ctx, request, reply, userId, way);
      if (challenge) return reply.code(202).send(challenge);
      const reopened = await memberSession(request, reply, userId);
      await markKnown(request, reply, userId);
      return { ...(await presented(userId)), ...(reopened ? { reopened } : {}) };
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    await endSession(request, reply);
    return { ok: true as const };
  });

  // Read on every page: the answer is encoded once per cached user (http/answer-json.ts).
  const userAnswerJson = jsonOnce(userResponse);
  app.get('/auth/user', { schema: { response: { 200: userResponse } } }, async (request, reply) => {
    const user = await requireUser(request);
    return sendJson(
      reply,
      userAnswerJson(user, () => ({ user: presentUser(user) })),
    );
  });

  app.get(
    '/register/mailcheck',
    { schema: { querystring: mailcheckQuery, response: { 200: mailcheckResponse } } },
    async (request) => ({
      suggestion: suggestEmail(request.query.email),
    }),
  );

  app.post('/register', { schema: { body: registerBody, response: { 201: userResponse } } }, async (request, reply) => {
    await limit(`register:ip:${addressKey(request.ip)}`, 20, 3600);
    await admitRegistration({ throttle, captcha, limits: config.captcha.limits }, request, request.body);
    const { email, password, username, code } = request.body;
    if (password) assertPasswordStrength(password);
    const existing = await findUserByEmail(db, email);
    if (existing && isShut(existing)) throw userBlocked();
    if (existing) throw new AppError('email_already_exists');
    const created = await createUser(db, { email, password, name: username, code, locale: request.locale });
    if (created === 'email_taken') throw new AppError('email_already_exists');
    if (created === 'name_taken') throw invalidField('username', 'errors.validations.username_taken');
    await welcomeNewMember(created.id, request);
    await sendTokenMail(app.ctx, {
      userId: created.id,
      to: created.email,
      purpose: 'activate',
      locale: request.locale,
      withoutPassword: !password,
    });
    await startUserSession(request, reply, created.id, { incentiveTsp: INCENTIVE_DISABLED });
    return reply.code(201).send(await presented(created.id));
  });

  app.post(
    '/register/validate',
    { schema: { body: validateBody, response: { 200: userResponse, 202: secondFactorChallenge } } },
    async (request, reply) => {
      const { token, password } = request.body;
      const live = await peekToken(db, config.sessionSecret, token, 'activate');
      if (!live) throw linkExpired();
      const owner = await loadPresentableUser(db, live.userId);
      if (!owner) throw linkExpired();
      // An account made without a password gets one here, before the token is used up.
      if (!owner.passwordHash && !owner.googleSub && !password)
        throw invalidField('password', 'errors.validations.required');
      if (password) assertPasswordStrength(password);
      const used = await consumeToken(db, config.sessionSecret, token, 'activate');
      if (!used) throw linkExpired();
      if (password && !owner.passwordHash) await setPassword(db, owner.id, password);
      await markVerified(db, owner.id);
      await claim(owner.id, request);
      // Whoever registered the address before its owner proved it loses every session now.
      await endUserSessions(request, reply, owner.id);
      // The link is a first factor only: with her second factor on, the session waits for it (decision 071).
      const challenge = await secondStepFor(app.ctx, request, reply, owner.id, 'link');
      if (challenge) return reply.code(202).send(challenge);
      await memberSession(request, reply, owner.id);
      // The browser that opened the link proved the address: a known device, as after a reset link.
      await markKnown(request, reply, owner.id);
      return presented(owner.id);
    },
  );

  app.post('/register/resend', { schema: { response: { 200: okResponse } } }, async (request) => {
    const user = await requireUser(request);
    await limit(`activation:${user.id}`, 1, RESET_MAIL_THROTTLE_SECONDS);
    if (!user.isVerified) {
      await sendTokenMail(app.ctx, {
        userId: user.id,
        to: user.email,
        purpose: 'activate',
        locale: request.locale,
        withoutPassword: !user.passwordHash && !user.googleSub,
      });
    }
    return { ok: true as const };
  });

  app.post('/auth/send', { schema: { body: sendResetBody, response: { 200: okResponse } } }, async (request, reply) => {
    const { email } = request.body;
    await limit(`reset:ip:${addressKey(request.ip)}`, 20, 3600);
    await limit(`reset:mail:${email}`, 1, RESET_MAIL_THROTTLE_SECONDS);
    const user = await findUserByEmail(db, email);
    // A blocked member is told so (spec part 2), with nothing sent: a new password would not help.
    if (user && isShut(user)) throw userBlocked();
    // Same answer, after the same work, whether or not the address has an account: the link and
    // its mail are made once the answer is out, so nobody learns who is a member, not even by time.
    if (user?.status === 'active') {
      const mail = { userId: user.id, to: user.email, purpose: 'reset', locale: request.locale } as const;
      background.afterReply(reply, 'reset mail', () => sendTokenMail(app.ctx, mail));
    }
    return { ok: true as const };
  });

  app.post(
    '/auth/reset',
    { schema: { body: resetBody, response: { 200: userResponse, 202: secondFactorChallenge } } },
    async (request, reply) => {
      const { token, password } = request.body;
      assertPasswordStrength(password);
      const live = await peekToken(db, config.sessionSecret, token, 'reset');
      // An account blocked since the mail: told so, and the link is left as it was.
      const linked = live ? await findUserById(db, live.userId) : null;
      if (linked && isShut(linked)) throw userBlocked();
      const used = await consumeToken(db, config.sessionSecret, token, 'reset');
      if (!used) throw linkExpired();
      const owner = await loadPresentableUser(db, used.userId);
      if (!owner) throw linkExpired();
      await setPassword(db, owner.id, password);
      await revokePasswordStandIns(db, owner.id);
      await markVerified(db, owner.id);
      // A reset link proves the address too: an account activated this way gets its voucher.
      if (!owner.isVerified) await claim(owner.id, request);
      // Whoever knew the old password is logged out everywhere.
      await endUserSessions(request, reply, owner.id);
      // The new password stands, but the link is a first factor only: with her second factor on,
      // the session (and the known device) wait for it, as after a sign-in link (decision 071).
      const challenge = await secondStepFor(app.ctx, request, reply, owner.id, 'link');
      if (challenge) return reply.code(202).send(challenge);
      await memberSession(request, reply, owner.id);
      // The new password forgot every known device; the one that proved the address is known again.
      await markKnown(request, reply, owner.id);
      return presented(owner.id);
    },
  );

  app.post(
    '/auth/unlock/send',
    { schema: { body: sendUnlockBody, response: { 200: okResponse } } },
    async (request, reply) => {
      const { username } = request.body;
      const user = await findUserByLogin(db, username);
      // Counted per account like the login (an unknown name by itself), and answered alike.
      await admitUnlockMail(throttle, addressKey(request.ip), accountKey(user?.id ?? null, username));
      // As for reset mails: the link is made and mailed after the answer, the same for every name.
      if (user?.status === 'active' && user.passwordHash) {
        const mail = {
          userId: user.id,
          to: user.email,
          purpose: 'unlock',
          locale: user.locale === 'de' ? 'de' : 'en',
        } as const;
        background.afterReply(reply, 'unlock mail', () => sendTokenMail(app.ctx, mail));
      }
      return { ok: true as const };
    },
  );

  app.post('/auth/unlock', { schema: { body: tokenBody, response: { 200: okResponse } } }, async (request, reply) => {
    const used = await consumeToken(db, config.sessionSecret, request.body.token, 'unlock');
    const owner = used ? await findUserById(db, used.userId) : null;
    if (owner?.status !== 'active') throw new AppError('not_found', { message: 'unlock_invalid' });
    // Not a sign-in: this browser becomes a known device, and the password is still needed.
    await unlockBrowser(request, reply, 'member', owner);
    return { ok: true as const };
  });
};
