import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDay } from './age.ts';
import {
  callbackBody,
  readTicket,
  SANDBOX_AVS,
  SANDBOX_DOCUMENTS,
  SIGNATURE_HEADER,
  sandboxAvsKeys,
  sandboxVerdict,
  signCallback,
} from './sandbox.ts';
import { checkPage, expiredPage, type SandboxForm, type SandboxFormErrors } from './sandbox-html.ts';

/** The first callback goes out after a moment of "processing"; failed ones are retried with back-off. */
const DELIVERY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000];
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

const sendHtml = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

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
 * Sends the signed verdict to our callback (in-process, as the company's server would over the
 * network), retrying with back-off until it is answered with 2xx. Each attempt is signed anew
 * with the same event id, so an attempt that did arrive turns the next into a harmless replay.
 */
function deliverer(app: FastifyInstance, callbackKey: string) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  const attempt = (body: string, n: number) => {
    const timer = setTimeout(async () => {
      timers.delete(timer);
      if (closed) return;
      let status = 0;
      try {
        const res = await app.inject({
          method: 'POST',
          url: `/api/avs/callback/${SANDBOX_AVS}`,
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signCallback(callbackKey, body, Math.floor(Date.now() / 1000)),
          },
          payload: body,
        });
        status = res.statusCode;
      } catch (err) {
        app.log.warn({ err }, 'sandbox age check: callback not delivered');
      }
      if (status >= 200 && status < 300) return;
      if (n + 1 < DELIVERY_DELAYS_MS.length && !closed) attempt(body, n + 1);
      else app.log.error({ status }, 'sandbox age check: callback given up');
    }, DELIVERY_DELAYS_MS[n]);
    timers.add(timer);
  };
  return (body: string) => attempt(body, 0);
}

/**
 * The sandbox ID-check company's hosted page, `/sandbox/avs/<token>`: a plain form (no script),
 * in the language the check was started in. Its verdict reaches us only by the signed callback;
 * the browser is sent back to the return address, and what was entered stays here.
 */
export const avsSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  if (config.ageCheck.provider !== SANDBOX_AVS) return;
  const { callbackKey, pageKey } = sandboxAvsKeys(config);
  const deliver = deliverer(app, callbackKey);

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
    deliver(callbackBody(ticket.reference, failure));
    return reply.redirect(ticket.returnUrl, 303);
  });
};
