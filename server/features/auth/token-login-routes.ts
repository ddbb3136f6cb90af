import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTokenLoginBody, signInResponse, tokenBody } from '#common/api/auth.ts';
import { okResponse } from '#common/api/fields.ts';
import { secondFactorChallenge } from '#common/api/second-factor.ts';
import { RESET_MAIL_THROTTLE_SECONDS, TOKEN_LOGIN_MAILS_PER_HOUR } from '#common/constants.ts';
import { linkExpired, userBlocked } from '#server/errors.ts';
import { findUserByEmail, findUserById } from '#server/features/accounts/data.ts';
import { isShut } from '#server/features/accounts/policy.ts';
import { userAnswer } from '#server/features/accounts/present.ts';
import { endUserSessions } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { accountKey, admitAddress, clearSlowdown } from './login-limits.ts';
import { claimUnproven } from './mutations.ts';
import { secondStepFor } from './second-factor/proof.ts';
import { claimVoucher, markKnownDevice, startMemberSession } from './sign-in.ts';
import { sendTokenMail } from './token-mail.ts';
import { consumeToken, peekToken, revokeTokens } from './tokens.ts';

/**
 * /token_login (decision 025): sign-in by a link mailed to the account's address, valid once and
 * for TOKEN_LOGIN_TTL_MS. Using it is a sign-in like a password login: a new session, the known
 * device, the account's slow-down lifted (the mailbox is proof enough, as with an unlock link).
 */
export const tokenLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /auth/token_login/send': 'public',
    'POST /auth/token_login': 'public',
  });
  const { db, config, throttle, background } = app.ctx;
  const limit = (key: string, max: number, windowSeconds: number) => enforce(throttle, key, max, windowSeconds);

  app.post(
    '/auth/token_login/send',
    { schema: { body: sendTokenLoginBody, response: { 200: okResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      await limit(`token_login:ip:${addressKey(request.ip)}`, 20, 3600);
      const user = await findUserByEmail(db, email);
      // Counted per account (an unknown address by itself), so known and unknown answer alike.
      const account = accountKey(user?.id ?? null, email);
      await limit(`token_login:mail:${account}`, 1, RESET_MAIL_THROTTLE_SECONDS);
      await limit(`token_login:hour:${account}`, TOKEN_LOGIN_MAILS_PER_HOUR, 3600);
      // A blocked member is told so, as on the reset request (spec part 2), and nothing is sent.
      if (user && isShut(user)) throw userBlocked();
      // As for reset mails: the link is made and mailed after the answer, the same for every address.
      // A closing account gets one too: signing in within the grace period reopens it (decision 069).
      if (user?.status === 'active' || user?.status === 'closing') {
        const mail = {
          userId: user.id,
          to: user.email,
          purpose: 'token_login',
          locale: user.locale === 'de' ? 'de' : 'en',
        } as const;
        background.afterReply(reply, 'sign-in link mail', () => sendTokenMail(app.ctx, mail));
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/token_login',
    { schema: { body: tokenBody, response: { 200: signInResponse, 202: secondFactorChallenge } } },
    async (request, reply) => {
      // A token cannot be guessed; the address's login allowance still bounds how often one is tried.
      await admitAddress(throttle, addressKey(request.ip));
      const { token } = request.body;
      const live = await peekToken(db, config.sessionSecret, token, 'token_login');
      if (!live) throw linkExpired();
      const owner = await findUserById(db, live.userId);
      // Blocked since the mail: told so, and the link is left as it was.
      if (owner && isShut(owner)) throw userBlocked();
      if (owner?.status !== 'active' && owner?.status !== 'closing') throw linkExpired();
      // Of two uses at once only one gets the row; then every other sign-in link of hers stops working.
      if (!(await consumeToken(db, config.sessionSecret, token, 'token_login'))) throw linkExpired();
      await revokeTokens(db, owner.id, ['token_login']);
      // The link proves the address: an account nobody had proved it for is hers now. Whoever
      // registered it before may have been someone else, so their password and sessions go (as on
      // the Google path); otherwise they could sign in again with the password they chose.
      if (!owner.isVerified && (await claimUnproven(db, owner.id))) {
        await claimVoucher(app.ctx, owner.id, request);
        await endUserSessions(request, reply, owner.id);
      }
      // The mailbox is proof enough to lift the slow-down, not to skip her second factor (decision 071).
      await clearSlowdown(throttle, accountKey(owner.id, owner.email));
      const challenge = await secondStepFor(app.ctx, request, reply, owner.id, 'link');
      if (challenge) return reply.code(202).send(challenge);
      const reopened = await startMemberSession(app.ctx, request, reply, owner.id);
      await markKnownDevice(app.ctx, request, reply, owner.id);
      return { ...(await userAnswer(db, owner.id)), ...(reopened ? { reopened } : {}) };
    },
  );
};
