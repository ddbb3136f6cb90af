import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/errors.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { latestMails } from './data.ts';
import { presentMail } from './present.ts';

const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const mailList = z.array(
  z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    created: z.string(),
    sent: z.boolean(),
  }),
);

/**
 * The outbox as a page, for trying the product without a mail server: never in production, and
 * only for callers on this machine (its mails carry activation and reset links).
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalCaller(request, app.ctx.config.publicUrl)) throw notFound();
  });
  const latest = async () => (await latestMails(app.ctx.db)).map(presentMail);

  app.get('/dev/mailbox.json', { schema: { response: { 200: mailList } } }, latest);

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await latest();
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><small>#${m.id} · ${escapeHtml(m.to)} · ${m.created}</small></p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title></head><body style="font-family:sans-serif;max-width:50rem;margin:auto"><h1>Mailbox (${mails.length})</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
};
