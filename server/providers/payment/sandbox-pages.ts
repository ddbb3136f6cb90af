import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Locale } from '#common/constants.ts';
import type { PaymentEventKind } from '#common/domain/orders.ts';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import { createOutboxWorker } from '#server/providers/sandbox-outbox.ts';
import { verifyWebhook } from '#server/providers/webhook-signature.ts';
import { type CardForm, CHALLENGE_CODE, checkCard, decide, digitsOf } from './card.ts';
import { newSandboxId, type PayState, type SandboxPostback } from './sandbox.ts';
import { pspDelivery } from './sandbox-delivery.ts';
import { challengePage, messagePage, type OrderSummary, payPage } from './sandbox-html.ts';
import { completeChallenge, findPayment, type PaymentFacts, reversePayment, submitPayment } from './sandbox-records.ts';
import { readToken, SIGNATURE_HEADER, signToken } from './signing.ts';

const FORM_LIMIT = 4 * 1024;
const CHALLENGE_MINUTES = 10;
const tokenQuery = z.object({ token: z.string().max(2048) });
const backofficeBody = z.strictObject({
  action: z.enum(['refund', 'chargeback']),
  billing_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
const formOf = (body: unknown): CardForm => {
  const b = (body ?? {}) as Record<string, unknown>;
  return { number: text(b.number), expiry: text(b.expiry), cvc: text(b.cvc), holder: text(b.holder) };
};

/**
 * The sandbox PSP (a test payment company) at /sandbox/pay: its hosted card page, the 3-D Secure
 * challenge, and its back office for refunds and chargebacks (signed requests, used by
 * `npm run sandbox:psp`). The payment's facts travel in signed tokens, the card data only in the
 * one request that carries the form. A payment page is submitted once: the company books the
 * payment and the postback it owes the shop together (sandbox-records.ts), and its outbox worker
 * delivers that postback with retries, also after a restart; the browser only comes back with a hint.
 */
export const paymentSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (config.payments.provider !== 'sandbox') return;
  const key = config.payments.sandboxKey;
  const merchant = `${config.site.name} (${config.legal.company})`;

  const outbox = createOutboxWorker({ db, log: app.log, policy: pspDelivery(key, (request) => app.inject(request)) });
  // `hold` keeps postbacks in the outbox (lost postbacks, for trying reconciliation).
  const sending = config.payments.sandboxPostbacks === 'send';
  // Once the shop can answer: the first run sends what a stopped process left in the outbox.
  if (sending) app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());

  const factsOf = (s: PayState): PaymentFacts => ({ reference: s.o, amountCents: s.a, currency: s.c });
  const event = (
    facts: PaymentFacts,
    type: PaymentEventKind,
    extra: { txn?: string; failure?: string | null; last4?: string | null } = {},
  ): SandboxPostback => ({
    event_id: newSandboxId('evt'),
    type,
    order_id: facts.reference,
    txn_id: extra.txn ?? newSandboxId('txn'),
    amount_cents: facts.amountCents,
    currency: facts.currency,
    failure_code: extra.failure ?? null,
    card_last4: extra.last4 ?? null,
    created: Math.floor(Date.now() / 1000),
  });

  const money = (locale: Locale, s: PayState) =>
    new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: s.c }).format(s.a / 100);
  const summary = (locale: Locale, s: PayState): OrderSummary => ({
    merchant,
    billingId: s.o,
    amount: money(locale, s),
    coins: s.k + s.b,
  });

  const hintOf = (postback: SandboxPostback) =>
    postback.type === 'payment.succeeded' ? 'success' : postback.type === 'payment.cancelled' ? 'cancel' : 'error';

  /** Ends the visit: the booked postback goes out, the browser goes back to the shop with a hint. */
  const finish = (reply: FastifyReply, s: PayState, postback: SandboxPostback) => {
    if (sending) outbox.kick();
    return reply.redirect(`/billing/back?billingid=${s.o}&result=${hintOf(postback)}`, 303);
  };

  /** The first submission of this payment books its outcome; any later one is told it was submitted. */
  const settle = async (reply: FastifyReply, locale: Locale, s: PayState, postback: SandboxPostback) => {
    const booked = await submitPayment(db, factsOf(s), { challenge: false, postback });
    return booked ? finish(reply, s, postback) : refused(reply, locale, 'submitted');
  };

  const payState = (token: string, purpose = 'pay') => {
    const r = readToken(key, purpose, token);
    if (!r.ok) return r;
    const p = r.payload;
    if (typeof p.o !== 'number' || typeof p.a !== 'number' || typeof p.c !== 'string') {
      return { ok: false as const, reason: 'invalid' as const };
    }
    return { ok: true as const, state: p as unknown as PayState & { last4?: string } };
  };
  const refused = (reply: FastifyReply, locale: Locale, reason: 'invalid' | 'expired' | 'submitted') =>
    sendHtml(reply, { expired: 410, invalid: 404, submitted: 409 }[reason], messagePage(locale, reason));

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  const actions = (token: string) => ({
    pay: `/sandbox/pay?token=${token}`,
    cancel: `/sandbox/pay/cancel?token=${token}`,
  });

  app.get('/sandbox/pay', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const r = payState(request.query.token);
    if (!r.ok) return refused(reply, request.locale, r.reason);
    if (await findPayment(db, r.state.o)) return refused(reply, request.locale, 'submitted');
    return sendHtml(
      reply,
      200,
      payPage(request.locale, summary(request.locale, r.state), actions(request.query.token)),
    );
  });

  app.post('/sandbox/pay', { config: { csrf: false }, schema: { querystring: tokenQuery } }, async (request, reply) => {
    const { token } = request.query;
    const r = payState(token);
    if (!r.ok) return refused(reply, request.locale, r.reason);
    const s = r.state;
    const form = formOf(request.body);
    const errors = checkCard(form);
    if (Object.keys(errors).length) {
      return sendHtml(reply, 422, payPage(request.locale, summary(request.locale, s), actions(token), form, errors));
    }
    const digits = digitsOf(form.number);
    const last4 = digits.slice(-4);
    const decision = decide(digits);
    if (decision.kind === 'challenge') {
      if (!(await submitPayment(db, factsOf(s), { challenge: true, last4 }))) {
        return refused(reply, request.locale, 'submitted');
      }
      const { p: _p, exp: _exp, ...state } = s as PayState & { p?: unknown; exp?: unknown };
      const challenge = signToken(key, '3ds', { ...state, last4 }, Date.now() + CHALLENGE_MINUTES * 60_000);
      return reply.redirect(`/sandbox/pay/3ds?token=${challenge}`, 303);
    }
    const outcome =
      decision.kind === 'decline'
        ? event(factsOf(s), 'payment.failed', { failure: decision.code, last4 })
        : event(factsOf(s), 'payment.succeeded', { last4 });
    return settle(reply, request.locale, s, outcome);
  });

  app.post(
    '/sandbox/pay/cancel',
    { config: { csrf: false }, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      const r = payState(request.query.token);
      if (!r.ok) return refused(reply, request.locale, r.reason);
      return settle(reply, request.locale, r.state, event(factsOf(r.state), 'payment.cancelled'));
    },
  );

  app.get('/sandbox/pay/3ds', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const r = payState(request.query.token, '3ds');
    if (!r.ok) return refused(reply, request.locale, r.reason);
    if ((await findPayment(db, r.state.o))?.state !== 'challenge') return refused(reply, request.locale, 'submitted');
    const action = `/sandbox/pay/3ds?token=${request.query.token}`;
    return sendHtml(
      reply,
      200,
      challengePage(request.locale, summary(request.locale, r.state), action, String(r.state.last4 ?? '')),
    );
  });

  app.post(
    '/sandbox/pay/3ds',
    { config: { csrf: false }, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      const r = payState(request.query.token, '3ds');
      if (!r.ok) return refused(reply, request.locale, r.reason);
      const s = r.state;
      const code = text((request.body as Record<string, unknown> | undefined)?.code).trim();
      const last4 = typeof s.last4 === 'string' ? s.last4 : null;
      const outcome =
        code === CHALLENGE_CODE
          ? event(factsOf(s), 'payment.succeeded', { last4 })
          : event(factsOf(s), 'payment.failed', { failure: 'authentication_failed', last4 });
      if (!(await completeChallenge(db, s.o, outcome))) return refused(reply, request.locale, 'submitted');
      return finish(reply, s, outcome);
    },
  );

  /** The back office: a signed request (the sandbox key) reverses a succeeded payment of its books. */
  app.post('/sandbox/pay/backoffice', { config: { csrf: false } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = verifyWebhook(key, request.headers[SIGNATURE_HEADER], raw);
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'sandbox back-office request refused');
      return reply.code(401).send({ error: 'unauthenticated', message: 'unauthenticated' });
    }
    let parsed: z.infer<typeof backofficeBody>;
    try {
      parsed = backofficeBody.parse(JSON.parse(raw));
    } catch {
      return reply.code(400).send({ error: 'bad_request', message: 'bad_request' });
    }
    const kind = parsed.action === 'refund' ? 'payment.refunded' : 'payment.chargeback';
    const reversed = await reversePayment(db, parsed.billing_id, (payment) =>
      event(payment, kind, payment.txnId ? { txn: payment.txnId } : {}),
    );
    if (!reversed) return reply.code(404).send({ error: 'not_found', message: 'not_found' });
    // The postback is booked; one attempt now, further ones by the outbox worker.
    const attempt = sending ? await outbox.sendNow(reversed.outboxId) : null;
    const delivery = {
      delivered: attempt?.delivered ?? false,
      attempts: attempt?.attempts ?? 0,
      lastStatus: attempt?.lastStatus ?? null,
    };
    return reply.code(delivery.delivered ? 200 : 202).send({ event_id: reversed.postback.event_id, ...delivery });
  });
};
