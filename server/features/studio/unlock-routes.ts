import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenBody } from '#common/api/auth.ts';
import { okResponse } from '#common/api/fields.ts';
import { studioUnlockSendBody } from '#common/api/studio.ts';
import { AppError } from '#server/errors.ts';
import { accountKey, admitUnlockMail } from '#server/features/auth/login-limits.ts';
import { signUnlockLink, spendUnlockLink, unlockBrowser } from '#server/features/auth/unlock-links.ts';
import { normalEmail } from '#server/features/session/scoped.ts';
import { addressKey } from '#server/http/client-address.ts';
import { findPerformerByEmail, findPerformerById } from './data.ts';

type StudioApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The studio's unlock links (decisions 010 and 039), as members have them: the sign-in form
 * offers, on a 429, a mail for the address entered (the same answer whether it is a
 * performer's); the link opens /studio/unlock, which uses it once: this browser becomes a known
 * device of her account and its slow-down ends. It signs nobody in.
 */
export function registerStudioUnlock(app: StudioApp) {
  const { ctx } = app;
  const { config, db, background, mailer, throttle } = ctx;

  app.post(
    '/studio/unlock/send',
    { schema: { body: studioUnlockSendBody, response: { 200: okResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      const performer = await findPerformerByEmail(db, email);
      const account = accountKey(performer?.id ?? null, normalEmail(email), 'performer');
      await admitUnlockMail(throttle, addressKey(request.ip), account);
      // The link is made and mailed after the answer, the same for every address.
      if (performer && performer.status !== 'disabled' && performer.passwordHash) {
        const link = `${config.publicUrl}/studio/unlock?token=${signUnlockLink(config.sessionSecret, 'performer', performer)}`;
        const mail = { to: performer.email, template: 'unlock', locale: request.locale, vars: { link } } as const;
        background.afterReply(reply, 'performer unlock mail', () => mailer.send(mail));
      }
      return { ok: true as const };
    },
  );

  app.post('/studio/unlock', { schema: { body: tokenBody, response: { 200: okResponse } } }, async (request, reply) => {
    const performer = await spendUnlockLink(ctx, 'performer', request.body.token, (id) => findPerformerById(db, id));
    if (!performer || performer.status === 'disabled') throw new AppError('not_found', { message: 'unlock_invalid' });
    await unlockBrowser(request, reply, 'performer', performer);
    request.log.info({ performerId: performer.id }, 'performer browser unlocked');
    return { ok: true as const };
  });
}
