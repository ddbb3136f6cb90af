import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consoleDashboard,
  consoleSession,
  consoleSignIn,
  consoleUnlock,
  consoleUnlockSend,
} from '#common/api/admin.ts';
import { okResponse } from '#common/api/fields.ts';
import { capabilitiesOf } from '#common/domain/console-policy.ts';
import { AppError, unknownCredentials } from '#server/errors.ts';
import { deviceCookieOf, rememberDevice } from '#server/features/auth/known-device.ts';
import { accountKey, admitUnlockMail } from '#server/features/auth/login-limits.ts';
import { signUnlockLink, spendUnlockLink, unlockBrowser } from '#server/features/auth/unlock-links.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { forOperators } from './action-key.ts';
import { dashboardFigures } from './dashboard/data.ts';
import { findOperatorByEmail, findOperatorById, normalEmail, type OperatorRow } from './data.ts';
import { demoOperatorServed, signInOperator } from './login.ts';
import { createOperatorSession, destroyOperatorSession } from './mutations.ts';
import { requireOperator } from './operator-gate.ts';
import { presentOperator } from './present.ts';
import { clearOperatorCookie, setOperatorCookie, signedInOperator } from './session.ts';

/**
 * The console's own session (/api/admin/session): who is signed in (GET), signing in with e-mail,
 * password and authenticator code (POST), signing out (DELETE); the dashboard's figures; and the
 * unlock links a slowed-down sign-in offers (decisions 010 and 039), as members have them.
 */
export const consoleSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /admin/session': 'public',
    'DELETE /admin/session': 'public',
    'POST /admin/unlock/send': 'public',
    'POST /admin/unlock': 'public',
  });
  const { ctx } = app;
  const { config, db, background, mailer, throttle } = ctx;

  /** What the console learns of the signed-in operator: never the hash, the key or its last step. */
  const sessionAnswer = (operator: OperatorRow) => ({
    operator: presentOperator(operator),
    capabilities: capabilitiesOf(operator.roles),
    sandboxStudio: config.sandboxPages,
  });

  app.get(
    '/admin/session',
    { config: forOperators('dashboard'), schema: { response: { 200: consoleSession } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      return sessionAnswer(operator);
    },
  );

  app.post(
    '/admin/session',
    { schema: { body: consoleSignIn, response: { 200: consoleSession } } },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const result = await signInOperator(
        ctx,
        {
          email,
          password,
          code,
          ip: addressKey(request.ip),
          demoAllowed: demoOperatorServed(config) && isLocalCaller(request, config.publicUrl),
          deviceCookie: request.cookies[deviceCookieOf('operator')],
        },
        (because, operatorId) => request.log.warn({ because, operatorId }, 'operator sign-in refused'),
      );
      if (!result.ok && result.reason !== 'failed') {
        const message = result.reason === 'slowed' ? 'login_slowed' : 'login_throttled';
        throw new AppError('throttled', { message, retryAfter: result.retryAfter });
      }
      if (!result.ok) throw unknownCredentials();
      const { operator } = result;
      // A new sign-in replaces the session this browser had (a former operator's, say).
      const former = await signedInOperator(ctx, request);
      if (former) await destroyOperatorSession(db, former.sessionId);
      const session = await createOperatorSession(db, config.sessionSecret, operator.id);
      setOperatorCookie(ctx, reply, session.token, session.expiresAt);
      rememberDevice(request, reply, operator, 'operator');
      request.log.info({ operatorId: operator.id }, 'operator signed in');
      return sessionAnswer(operator);
    },
  );

  app.delete('/admin/session', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const signedIn = await signedInOperator(ctx, request);
    if (signedIn) {
      await destroyOperatorSession(db, signedIn.sessionId);
      ctx.realtime.sessionsEnded({ operatorSessionId: signedIn.sessionId });
      request.log.info({ operatorId: signedIn.operator.id }, 'operator signed out');
    }
    clearOperatorCookie(ctx, reply);
    return { ok: true as const };
  });

  app.get(
    '/admin/dashboard',
    { config: forOperators('dashboard'), schema: { response: { 200: consoleDashboard } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      return { figures: await dashboardFigures(db, operator.roles) };
    },
  );

  app.post(
    '/admin/unlock/send',
    { schema: { body: consoleUnlockSend, response: { 200: okResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      const operator = await findOperatorByEmail(db, email);
      await admitUnlockMail(
        throttle,
        addressKey(request.ip),
        accountKey(operator?.id ?? null, normalEmail(email), 'operator'),
      );
      // As for members: the link is made and mailed after the answer, the same for every address.
      if (operator && !operator.disabled && operator.passwordHash) {
        const link = `${config.publicUrl}/admin/unlock?token=${signUnlockLink(config.sessionSecret, 'operator', operator)}`;
        const mail = { to: operator.email, template: 'unlock', locale: request.locale, vars: { link } } as const;
        background.afterReply(reply, 'operator unlock mail', () => mailer.send(mail));
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/unlock',
    { schema: { body: consoleUnlock, response: { 200: okResponse } } },
    async (request, reply) => {
      const operator = await spendUnlockLink(ctx, 'operator', request.body.link, (id) => findOperatorById(db, id));
      if (!operator || operator.disabled) throw new AppError('not_found', { message: 'unlock_invalid' });
      // Not a sign-in: this browser becomes a known device; password and code are still needed.
      await unlockBrowser(request, reply, 'operator', operator);
      request.log.info({ operatorId: operator.id }, 'operator browser unlocked');
      return { ok: true as const };
    },
  );
};
