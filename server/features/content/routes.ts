import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBody, takedownBody, takedownResponse } from '#common/api/content.ts';
import { okResponse } from '#common/api/fields.ts';
import { storeNotice } from '#server/features/notices/mutations.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { storeContactMessage } from './mutations.ts';

/** The contact form and the notice-and-action form of the legal pages. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /contact': 'public',
    'POST /takedown': 'public',
  });
  const { db, config, mailer, throttle } = app.ctx;
  const limit = (key: string) => enforce(throttle, key, 10, 3600);

  app.post('/contact', { schema: { body: contactBody, response: { 201: okResponse } } }, async (request, reply) => {
    await limit(`contact:${addressKey(request.ip)}`);
    const m = { ...request.body, userId: request.session?.userId ?? null, locale: request.locale };
    await storeContactMessage(db, m);
    await mailer.send({
      to: config.supportEmail,
      template: 'contact',
      locale: 'en',
      vars: { name: m.name, email: m.email, subject: m.subject, message: m.message },
    });
    return reply.code(201).send({ ok: true as const });
  });

  app.post(
    '/takedown',
    { schema: { body: takedownBody, response: { 201: takedownResponse } } },
    async (request, reply) => {
      await limit(`takedown:${addressKey(request.ip)}`);
      const b = request.body;
      // The notice goes to the console's queue (/admin/notices), its URLs resolved to our content.
      const row = await storeNotice(app.ctx, {
        userId: request.session?.userId ?? null,
        name: b.name || null,
        email: b.email || null,
        urls: b.urls,
        category: b.category,
        explanation: b.explanation,
        locale: request.locale,
      });
      // DSA Art. 16(4): a notifier who gave an address gets a confirmation of receipt.
      if (row && b.email) {
        await mailer.send({
          to: b.email,
          template: 'takedown_receipt',
          locale: request.locale,
          vars: { id: String(row.id) },
        });
      }
      return reply.code(201).send({ id: row.id });
    },
  );
};
