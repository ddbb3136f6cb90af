import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Locale } from '#common/constants.ts';
import type { PaymentEventKind } from '#common/domain/orders.ts';
import { findOrder } from '#server/features/billing/data.ts';
import { verifyWebhook } from '#server/providers/webhook-signature.ts';
import { type CardForm, CHALLENGE_CODE, checkCard, decide, digitsOf } from './card.ts';
import { type Delivery, deliver } from './deliver.ts';
import {
  newSandboxId,
  type PayState,
  payStateOf,
  SANDBOX_POSTBACK_PATH,
  type SandboxPostback,
  signSandboxPostback,
} from './sandbox.ts';
import { challengePage, messagePage, type OrderSummary, payPage } from './sandbox-html.ts';
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

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The sandbox PSP (a test payment company) at /sandbox/pay: its hosted card page, the 3-D Secure
 * challenge, and its back office for refunds and chargebacks (signed requests, used by
 * `npm run sandbox:psp`). It stores nothing: the payment's facts travel in signed tokens, the card
 * data only in the one request that carries the form. Outcomes reach the shop by signed postbacks,
 * delivered with retries; the browser only comes back with a hint.
 */
export const paymentSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  if (config.payments.provider !== 'sandbox') return;
  const key = config.payments.sandboxKey;
  const merchant = `${config.site.name} (${config.legal.company})`;

  let closed = false;
  const inFlight = new Set<Promise<Delivery>>();
  app.addHook('onClose', async () => {
    closed = true;
    await Promise.allSettled([...inFlight]);
  });

  /** Sends a postback to the shop until it answers 2xx (up to 5 times, pausing longer each time). */
  const post = (postback: SandboxPostback) => {
    const run = deliver(
      async () => {
        const { body, headers } = signSandboxPostback(key, postback);
        const res = await app.inject({ method: 'POST', url: SANDBOX_POSTBACK_PATH, headers, payload: body });
        return res.statusCode;
      },
      { stopped: () => closed },
    ).then((r) => {
      if (!r.delivered)
        app.log.error({ eventId: postback.event_id, status: r.lastStatus }, 'sandbox postback undelivered');
      return r;
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  };

  const event = (
    s: PayState,
    type: PaymentEventKind,
    extra: { txn?: string; failure?: string | null; last4?: string | null } = {},
  ): SandboxPostback => ({
    event_id: newSandboxId('evt'),
    type,
    order_id: s.o,
    txn_id: extra.txn ?? newSandboxId('txn'),
    amount_cents: s.a,
    currency: s.c,
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

  /** Ends the visit: the postback goes out, the browser goes back to the shop with a hint. */
  const finish = (
    reply: FastifyReply,
    s: PayState,
    postback: SandboxPostback,
    result: 'success' | 'error' | 'cancel',
  ) => {
    void post(postback);
    return reply.redirect(`/billing/back?billingid=${s.o}&result=${result}`, 303);
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
  const refused = (reply: FastifyReply, locale: Locale, reason: 'invalid' | 'expired' | 'closed') =>
    sendHtml(reply, { expired: 410, invalid: 404, closed: 409 }[reason], messagePage(locale, reason));

  /**
   * A payment session ends with its outcome: the back button cannot pay a cancelled or declined
   * order a second time. The sandbox keeps no database of its own; the order's state stands in for
   * its session store (an outcome was sent once the order left pending).
   */
  const openSession = async (token: string, purpose = 'pay') => {
    const r = payState(token, purpose);
    if (!r.ok) return r;
    const order = await findOrder(app.ctx.db, r.state.o);
    if (order?.state !== 'pending') return { ok: false as const, reason: 'closed' as const };
    return r;
  };

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
    return sendHtml(
      reply,
      200,
      payPage(request.locale, summary(request.locale, r.state), actions(request.query.token)),
    );
  });

  app.post('/sandbox/pay', { config: { csrf: false }, schema: { querystring: tokenQuery } }, async (request, reply) => {
    const { token } = request.query;
    const r = await openSession(token);
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
      const { p: _p, exp: _exp, ...state } = s as PayState & { p?: unknown; exp?: unknown };
      const challenge = signToken(key, '3ds', { ...state, last4 }, Date.now() + CHALLENGE_MINUTES * 60_000);
      return reply.redirect(`/sandbox/pay/3ds?token=${challenge}`, 303);
    }
    if (decision.kind === 'decline') {
      return finish(reply, s, event(s, 'payment.failed', { failure: decision.code, last4 }), 'error');
    }
    return finish(reply, s, event(s, 'payment.succeeded', { last4 }), 'success');
  });

  app.post(
    '/sandbox/pay/cancel',
    { config: { csrf: false }, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      const r = await openSession(request.query.token);
      if (!r.ok) return refused(reply, request.locale, r.reason);
      return finish(reply, r.state, event(r.state, 'payment.cancelled'), 'cancel');
    },
  );

  app.get('/sandbox/pay/3ds', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const r = payState(request.query.token, '3ds');
    if (!r.ok) return refused(reply, request.locale, r.reason);
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
      const r = await openSession(request.query.token, '3ds');
      if (!r.ok) return refused(reply, request.locale, r.reason);
      const s = r.state;
      const code = text((request.body as Record<string, unknown> | undefined)?.code).trim();
      const last4 = typeof s.last4 === 'string' ? s.last4 : null;
      if (code !== CHALLENGE_CODE) {
        return finish(reply, s, event(s, 'payment.failed', { failure: 'authentication_failed', last4 }), 'error');
      }
      return finish(reply, s, event(s, 'payment.succeeded', { last4 }), 'success');
    },
  );

  /** The back office: a signed request (the sandbox key) reverses a paid sandbox order. */
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
    const order = parsed.billing_id <= 2_147_483_647 ? await findOrder(app.ctx.db, parsed.billing_id) : null;
    if (order?.provider !== 'sandbox' || !order.providerTxnId || order.state !== 'paid') {
      return reply.code(404).send({ error: 'not_found', message: 'not_found' });
    }
    const s = payStateOf(order);
    const kind = parsed.action === 'refund' ? 'payment.refunded' : 'payment.chargeback';
    const postback = event(s, kind, { txn: order.providerTxnId });
    const delivery = await post(postback);
    return reply.code(delivery.delivered ? 200 : 502).send({ event_id: postback.event_id, ...delivery });
  });
};
