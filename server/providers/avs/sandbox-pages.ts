import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import { createOutboxWorker, enqueueSandboxCall, eventIdOf } from '#server/providers/sandbox-outbox.ts';
import { isoDay } from './age.ts';
import { callbackBody, readTicket, SANDBOX_AVS, SANDBOX_DOCUMENTS, sandboxAvsKeys, sandboxVerdict } from './sandbox.ts';
import { AVS_PROCESSING_MS, avsDelivery } from './sandbox-delivery.ts';
import { checkPage, expiredPage, type SandboxForm, type SandboxFormErrors } from './sandbox-html.ts';

const FORM_LIMIT = 4096;

// A wildcard, not `:token`: the signed token is longer than a route parameter may be.
const params = z.object({ '*': z.string().min(1).max(4096) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isRealDay = (v: string) => day.safeParse(v).success && isoDay(new Date(`${v}T00:00:00Z`)) === v;

/** Checks the form as the ID-check company would; answers the i18n key per wrong field. */
function validate(form: SandboxForm, today: Date): SandboxFormErrors {
  const errors: SandboxFormErrors = {};
  const required = 'avs.sandbox.errors.required';
  if (!(SANDBOX_DOCUMENTS as readonly string[]).includes(form.document)) errors.document = required;
  if (!form.birth_date) errors.birth_date = required;
  else if (!isRealDay(form.birth_date) || form.birth_date < '1900-01-01' || form.birth_date > isoDay(today)) {
    errors.birth_date = 'avs.sandbox.errors.date';
  }
  if (!form.document_number) errors.document_number = required;
  else if (!/^[A-Za-z0-9-]{5,20}$/.test(form.document_number)) errors.document_number = 'avs.sandbox.errors.number';
  if (!form.expiry_date) errors.expiry_date = required;
  else if (!isRealDay(form.expiry_date)) errors.expiry_date = 'avs.sandbox.errors.date';
  return errors;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
const formOf = (body: unknown): SandboxForm => {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    document: text(b.document),
    birth_date: text(b.birth_date),
    document_number: text(b.document_number),
    expiry_date: text(b.expiry_date),
  };
};

/**
 * The sandbox ID-check company's hosted page, `/sandbox/avs/<token>`: a plain form (no script),
 * in the language the check was started in. Its verdict reaches us only by the signed callback,
 * written to the sandboxes' outbox and delivered from there by whichever process claims it; the
 * browser is sent back to the return address, and what was entered stays here.
 */
export const avsSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (config.ageCheck.provider !== SANDBOX_AVS) return;
  const { callbackKey, pageKey } = sandboxAvsKeys(config);
  const outbox = createOutboxWorker({
    db,
    log: app.log,
    policy: avsDelivery(callbackKey, (request) => app.inject(request)),
  });
  // Once the shop can answer: the first run sends what a stopped process left in the outbox.
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/sandbox/avs/*', { schema: { params } }, async (request, reply) => {
    const ticket = readTicket(pageKey, request.params['*']);
    if (!ticket) return sendHtml(reply, 404, expiredPage(request.locale));
    return sendHtml(reply, 200, checkPage(ticket.locale, request.url));
  });

  app.post('/sandbox/avs/*', { config: { csrf: false }, schema: { params } }, async (request, reply) => {
    const ticket = readTicket(pageKey, request.params['*']);
    if (!ticket) return sendHtml(reply, 404, expiredPage(request.locale));
    const today = new Date();
    const form = formOf(request.body);
    const errors = validate(form, today);
    if (Object.keys(errors).length) return sendHtml(reply, 422, checkPage(ticket.locale, request.url, form, errors));
    const failure = sandboxVerdict(
      { birthDate: form.birth_date, documentNumber: form.document_number, expiryDate: form.expiry_date },
      today,
    );
    request.log.info({ outcome: failure ?? 'passed' }, 'sandbox age check decided');
    const body = callbackBody(ticket.reference, failure);
    const now = new Date();
    const dueAt = new Date(now.getTime() + AVS_PROCESSING_MS);
    await enqueueSandboxCall(db, { channel: 'avs', eventId: eventIdOf(body), body, dueAt }, now);
    outbox.kick();
    return reply.redirect(ticket.returnUrl, 303);
  });
};
