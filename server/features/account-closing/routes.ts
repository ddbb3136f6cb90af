import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelBody, cancelResponse } from '#common/api/accounts.ts';
import { tokenBody } from '#common/api/auth.ts';
import type { Locale } from '#common/constants.ts';
import { invalidField, linkExpired } from '#server/errors.ts';
import { findUserById } from '#server/features/accounts/data.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { admitSettingsCode, methodOf, proveByCode, wrongCode } from '#server/features/auth/second-factor/proof.ts';
import { confirmedFactorOf } from '#server/features/auth/second-factor/store.ts';
import { sendTokenMail } from '#server/features/auth/token-mail.ts';
import { consumeToken } from '#server/features/auth/tokens.ts';
import { afterResponse, endSession } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { erasureJob } from './job.ts';
import { closeAccount } from './mutations.ts';

/**
 * Closing her account (decision 069): with her password, or, without one (decision 063), by a
 * mailed confirmation link. The answer and a mail tell her when the data is erased and that
 * signing in before then reopens the account.
 */
export const accountClosingRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, { 'POST /user/cancel': 'member', 'POST /user/cancel/confirm': 'public' });
  const { ctx } = app;
  const { db, config, mailer, throttle } = ctx;
  ctx.scheduler.every('account-erasure', erasureJob(ctx, app.log));

  const closed = async (reply: FastifyReply, userId: number, email: string, locale: Locale) => {
    // Her browser hears the logout after this answer has set its new visitor session (request.ts).
    const done = await closeAccount(ctx, userId, null, { tellSockets: (tell) => afterResponse(reply, tell) });
    if (!done) return null;
    const date = done.erasesAt.toISOString().slice(0, 10);
    await mailer.send({ to: email, template: 'account_closing', locale, vars: { date } });
    return done.erasesAt.toISOString();
  };
  const localeOf = (locale: string): Locale => (locale === 'de' ? 'de' : 'en');

  app.post(
    '/user/cancel',
    {
      schema: {
        summary:
          'Closes the signed-in member’s account after her password, or mails a confirmation link when she has none.',
        body: cancelBody,
        response: { 200: cancelResponse },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { password, code } = request.body;
      // Her second factor, where she has one and gave a code, proves her as well as the password.
      const byCode = code !== undefined && (await confirmedFactorOf(db, user.id)) !== null;
      if (byCode) {
        await admitSettingsCode(throttle, user.id);
        if (!(await proveByCode(ctx, user.id, methodOf(code), code, Date.now()))) throw wrongCode();
      }
      if (byCode && password === undefined) {
        const erasesAt = await closed(reply, user.id, user.email, localeOf(user.locale));
        await endSession(request, reply);
        return { ok: true as const, erases_at: erasesAt, confirm_mailed: false };
      }
      await enforce(throttle, `password-check:${user.id}`, 10, 3600);
      if (!user.passwordHash) {
        await enforce(throttle, `close-confirm:${user.id}`, 3, 3600);
        await sendTokenMail(ctx, {
          userId: user.id,
          to: user.email,
          purpose: 'close_account',
          locale: localeOf(user.locale),
        });
        return { ok: true as const, erases_at: null, confirm_mailed: true };
      }
      if (!(await verifyPassword(user.passwordHash, password ?? ''))) {
        throw invalidField('password', 'errors.validations.password_wrong');
      }
      const erasesAt = await closed(reply, user.id, user.email, localeOf(user.locale));
      await endSession(request, reply);
      return { ok: true as const, erases_at: erasesAt, confirm_mailed: false };
    },
  );

  app.post(
    '/user/cancel/confirm',
    {
      schema: {
        summary: 'Closes the account whose mailed confirmation link this is (members without a password).',
        body: tokenBody,
        response: { 200: cancelResponse },
      },
    },
    async (request, reply) => {
      const used = await consumeToken(db, config.sessionSecret, request.body.token, 'close_account');
      const owner = used ? await findUserById(db, used.userId) : null;
      if (owner?.status !== 'active') throw linkExpired();
      const erasesAt = await closed(reply, owner.id, owner.email, localeOf(owner.locale));
      if (!erasesAt) throw linkExpired();
      if (request.session?.userId === owner.id) await endSession(request, reply);
      return { ok: true as const, erases_at: erasesAt, confirm_mailed: false };
    },
  );
};
