import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteOrigins } from '#server/config.ts';
import { deviceCookieOf, rememberDevice } from '#server/features/auth/known-device.ts';
import { addressKey } from '#server/http/client-address.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { acceptPageForms, formFields, fromOwnSite, pageFormGuard } from '#server/http/page-forms.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { dashboardFigures } from './dashboard/data.ts';
import { consoleOperator } from './gate.ts';
import { type AdminNotice, consolePage, sendHtml, signInPage } from './html.ts';
import { demoOperatorServed, signInOperator } from './login.ts';
import { createOperatorSession, destroyOperatorSession } from './mutations.ts';
import { presentOperator } from './present.ts';
import { clearOperatorCookie, safeNext, setOperatorCookie, signedInOperator } from './session.ts';
import { waitText } from './texts.ts';
import { operatorFormToken } from './tokens.ts';
import { registerOperatorUnlock } from './unlock-routes.ts';

/** The cookie the sign-in form's token is bound to (the form is posted before there is a session). */
export const OPERATOR_FORM_COOKIE = 'admin.form';
const FORM_LIMIT = 2048;

const signInQuery = z.object({
  next: z.string().max(200).optional().catch(undefined),
  signedout: z.enum(['1']).optional().catch(undefined),
  unlocked: z.enum(['1']).optional().catch(undefined),
});

const text = (v: string | undefined, max: number) => (v ?? '').slice(0, max);

/**
 * The operator console's front door (server-rendered, for operators only, never members):
 * GET|POST /admin/login (e-mail, password and TOTP code), POST /admin/logout, and GET /admin,
 * the start page the console's screens will hang off. Its forms are posted without the API's CSRF
 * header: the sign-in form carries a token bound to a cookie of the page, the sign-out form one
 * bound to the operator's session, and both must come from this site.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { config, db } = ctx;
  const origins = siteOrigins(config);
  const forms = pageFormGuard({
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    origins: siteOrigins(config),
    cookie: OPERATOR_FORM_COOKIE,
    path: '/admin',
    purpose: 'operator-sign-in',
  });
  acceptPageForms(app, FORM_LIMIT);
  registerOperatorUnlock(app, forms);

  app.get('/admin/login', { schema: { querystring: signInQuery } }, async (request, reply) => {
    const next = safeNext(request.query.next);
    if (await signedInOperator(ctx, request)) return reply.redirect(next, 303);
    const notice: AdminNotice | null = request.query.signedout
      ? { kind: 'status', key: 'signedOut' }
      : request.query.unlocked
        ? { kind: 'status', key: 'unlockDone' }
        : null;
    const token = forms.issue(request, reply);
    return sendHtml(reply, 200, signInPage({ locale: request.locale, token, next, email: '', notice }));
  });

  app.post('/admin/login', { config: { csrf: false } }, async (request, reply) => {
    const fields = formFields(request.body);
    const body = fields ?? {};
    const next = safeNext(body.next);
    const email = text(body.email, 254).trim();
    const page = (status: number, notice: AdminNotice, unlockOffer = false) =>
      sendHtml(
        reply,
        status,
        signInPage({ locale: request.locale, token: forms.issue(request, reply), next, email, notice, unlockOffer }),
      );
    // Control characters (fields null): no details of anybody's, answered like wrong ones.
    if (!fields) return page(401, { kind: 'alert', key: 'failed' });
    const foreign = forms.refused(request);
    if (foreign) {
      // Not "expired": the page was opened at an address this server does not take for its own.
      const vars = { origin: foreign, expected: new URL(config.publicUrl).origin };
      return page(403, { kind: 'alert', key: 'originRefused', vars });
    }
    if (!forms.verify(request, body.token)) return page(403, { kind: 'alert', key: 'expired' });
    const result = await signInOperator(
      ctx,
      {
        email,
        password: text(body.password, 200),
        code: text(body.code, 12).replace(/\s/g, ''),
        ip: addressKey(request.ip),
        demoAllowed: demoOperatorServed(config) && isLocalCaller(request, config.publicUrl),
        deviceCookie: request.cookies[deviceCookieOf('operator')],
      },
      (because, operatorId) => request.log.warn({ because, operatorId }, 'operator sign-in refused'),
    );
    if (!result.ok && result.reason !== 'failed') {
      // The seconds the refusing limit really has left, in the header and in words.
      reply.header('retry-after', String(result.retryAfter));
      return page(
        429,
        { kind: 'alert', key: result.reason, vars: { wait: waitText(request.locale, result.retryAfter) } },
        true,
      );
    }
    if (!result.ok) return page(401, { kind: 'alert', key: 'failed' });
    const { operator } = result;
    const session = await createOperatorSession(db, config.sessionSecret, operator.id);
    setOperatorCookie(ctx, reply, session.token, session.expiresAt);
    rememberDevice(request, reply, operator, 'operator');
    request.log.info({ operatorId: operator.id }, 'operator signed in');
    return reply.redirect(next, 303);
  });

  app.post('/admin/logout', { config: { csrf: false } }, async (request, reply) => {
    const signedIn = await signedInOperator(ctx, request);
    if (!signedIn) return reply.redirect('/admin/login', 303);
    const token = formFields(request.body)?.token;
    const expected = operatorFormToken(config.sessionSecret, signedIn.token);
    if (!fromOwnSite(request, origins) || typeof token !== 'string' || !safeEqual(token, expected)) {
      return reply.redirect('/admin', 303);
    }
    await destroyOperatorSession(db, signedIn.sessionId);
    clearOperatorCookie(ctx, reply);
    request.log.info({ operatorId: signedIn.operator.id }, 'operator signed out');
    return reply.redirect('/admin/login?signedout=1', 303);
  });

  app.get('/admin', async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'dashboard', '/admin');
    if ('refused' in gate) return gate.refused;
    const { signedIn } = gate;
    const html = consolePage({
      locale: request.locale,
      operator: presentOperator(signedIn.operator),
      formToken: operatorFormToken(config.sessionSecret, signedIn.token),
      studio: config.sandboxPages,
      figures: await dashboardFigures(db, signedIn.operator.roles),
    });
    return sendHtml(reply, 200, html);
  });
};
