import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '#common/i18n/translate.ts';
import { notFound } from '#server/errors.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { sandboxPage, sendHtml } from '#server/http/sandbox-page-kit.ts';
import { sandboxSmsOf } from './provider.ts';

const smsList = z.array(z.object({ id: z.string(), to: z.string(), text: z.string(), sent: z.string() }));

/**
 * The sandbox gateway's outbox: /dev/sms (a page in the visitor's language) and /dev/sms.json,
 * newest first. Served like /dev/mailbox: outside production, and only to callers on this machine.
 */
export const smsSandboxPages: FastifyPluginAsyncZod = async (app) => {
  if (!app.ctx.config.devMailbox) return;
  app.addHook('onRequest', async (request) => {
    if (!isLocalCaller(request, app.ctx.config.publicUrl)) throw notFound();
  });
  const outbox = async () =>
    ((await sandboxSmsOf(app.ctx, app.log)?.outbox()) ?? []).map((m) => ({
      id: m.id,
      to: m.to,
      text: m.text,
      sent: m.sentAt.toISOString(),
    }));

  app.get('/dev/sms.json', { schema: { response: { 200: smsList } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return outbox();
  });

  app.get('/dev/sms', async (request, reply) => {
    const lang = request.locale;
    const messages = await outbox();
    const items = messages
      .map(
        (m) =>
          `<article><p><small>${escapeHtml(translate(lang, 'free_coins.outbox.meta', { to: m.to, sent: m.sent }))}</small></p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('<hr>');
    const title = translate(lang, 'free_coins.outbox.title', { count: messages.length });
    const empty = `<p>${escapeHtml(translate(lang, 'free_coins.outbox.empty'))}</p>`;
    const body = `<h1>${escapeHtml(title)}</h1>${items || empty}`;
    return sendHtml(reply, 200, sandboxPage(lang, title, body, { look: 'outbox', layout: 'wide' }));
  });
};
