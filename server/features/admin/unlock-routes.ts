import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import { accountKey, admitUnlockMail } from '#server/features/auth/login-limits.ts';
import { signUnlockLink, spendUnlockLink, unlockBrowser } from '#server/features/auth/unlock-links.ts';
import { addressKey } from '#server/http/client-address.ts';
import { formFields, type pageFormGuard } from '#server/http/page-forms.ts';
import { findOperatorByEmail, findOperatorById, normalEmail } from './data.ts';
import { type AdminNotice, refusalPage, sendHtml, signInPage, unlockPage } from './html.ts';
import { waitText } from './texts.ts';

const unlockQuery = z.object({ token: z.string().max(200).optional().catch(undefined) });

/**
 * The console's unlock links (decisions 010 and 039), as members have them: on a refused
 * sign-in the page offers a mail for the address entered (POST /admin/unlock/send, the same
 * answer whether it is an operator's); the link opens GET /admin/unlock, whose button (POST
 * /admin/unlock) makes this browser a known device of the operator and ends the account's
 * slow-down. Nobody is signed in by it: password and code are still needed.
 */
export function registerOperatorUnlock(app: FastifyInstance, forms: ReturnType<typeof pageFormGuard>) {
  const { ctx } = app;
  const { config, db, background, mailer, throttle } = ctx;

  app.post('/admin/unlock/send', { config: { csrf: false } }, async (request, reply) => {
    const body = formFields(request.body) ?? {};
    const email = (body.email ?? '').slice(0, 254).trim();
    const page = (status: number, notice: AdminNotice) =>
      sendHtml(
        reply,
        status,
        signInPage({ locale: request.locale, token: forms.issue(request, reply), next: '/admin', email, notice }),
      );
    if (!forms.verify(request, body.token)) return page(403, { kind: 'alert', key: 'expired' });
    if (!email) return page(401, { kind: 'alert', key: 'failed' });
    const operator = await findOperatorByEmail(db, email);
    try {
      await admitUnlockMail(
        throttle,
        addressKey(request.ip),
        accountKey(operator?.id ?? null, normalEmail(email), 'operator'),
      );
    } catch (err) {
      const retryAfter = err instanceof AppError ? err.details.retryAfter : undefined;
      if (!retryAfter) throw err;
      reply.header('retry-after', String(retryAfter));
      return page(429, { kind: 'alert', key: 'throttled', vars: { wait: waitText(request.locale, retryAfter) } });
    }
    // As for members: the link is made and mailed after the answer, the same for every address.
    if (operator && !operator.disabled && operator.passwordHash) {
      const link = `${config.publicUrl}/admin/unlock?token=${signUnlockLink(config.sessionSecret, 'operator', operator)}`;
      const mail = { to: operator.email, template: 'unlock', locale: request.locale, vars: { link } } as const;
      background.afterReply(reply, 'operator unlock mail', () => mailer.send(mail));
    }
    return page(200, { kind: 'status', key: 'unlockSent', vars: { email } });
  });

  app.get('/admin/unlock', async (request, reply) => {
    const link = unlockQuery.parse(request.query).token ?? '';
    return sendHtml(reply, 200, unlockPage({ locale: request.locale, token: forms.issue(request, reply), link }));
  });

  app.post('/admin/unlock', { config: { csrf: false } }, async (request, reply) => {
    const body = formFields(request.body) ?? {};
    if (!forms.verify(request, body.token)) {
      const page = unlockPage({ locale: request.locale, token: forms.issue(request, reply), link: body.link ?? '' });
      return sendHtml(reply, 403, page);
    }
    const operator = await spendUnlockLink(ctx, 'operator', body.link ?? '', (id) => findOperatorById(db, id));
    if (!operator || operator.disabled) {
      const back = { href: '/admin/login', label: 'toSignIn' } as const;
      return sendHtml(reply, 404, refusalPage(request.locale, 'notFound', { message: 'unlockInvalid', back }));
    }
    await unlockBrowser(request, reply, 'operator', operator);
    request.log.info({ operatorId: operator.id }, 'operator browser unlocked');
    return reply.redirect('/admin/login?unlocked=1', 303);
  });
}
