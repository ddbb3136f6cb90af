import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '#server/db/schema/mail.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
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

/** The outbox as a page, for trying the product without a mail server (never in production). */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const latest = async () => {
    const rows = await app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      created: r.createdAt.toISOString(),
      sent: r.sentAt !== null,
    }));
  };

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
