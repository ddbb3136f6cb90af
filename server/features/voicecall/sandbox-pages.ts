import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '#server/http/safe-equal.ts';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import {
  CALLBACK_PATH,
  callIdOfToken,
  newProviderCallId,
  type SandboxEventBody,
  SIGNATURE_HEADER,
  sandboxEvent,
  signatureHeader,
  signingKey,
} from '#server/providers/phone/sandbox.ts';
import { renderCallPage, SIMULATOR_PATH, SIMULATOR_SCRIPT } from '#server/providers/phone/sandbox-html.ts';
import { type CallWithCurrency, findCall, isExpired } from './data.ts';

const DEFAULT_EVERY_S = 60;
const params = z.object({ token: z.string().max(64) });
const query = z.object({
  /** Seconds between automatic minutes while connected (0: only by the button). */
  every: z.coerce.number().int().min(0).max(3600).catch(DEFAULT_EVERY_S).default(DEFAULT_EVERY_S),
  line: z.enum(['dialed']).optional().catch(undefined),
  error: z.enum(['pin', 'delivery']).optional().catch(undefined),
});
type Query = z.infer<typeof query>;

/**
 * The sandbox phone provider's call page (/sandbox/phone/:token), which is also a simulator of the
 * caller's telephone, showing our call as the provider would know it (its look and signing are the
 * provider's: providers/phone/sandbox-html.ts, sandbox.ts): Dial, type the PIN, bill a minute (by the button, or every `every` seconds
 * while connected), hang up. Each step the provider would report reaches our callback as a signed
 * server-to-server request, exactly like a real provider's; a wrong PIN is announced and not reported.
 */
export const phoneSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (config.payments.phoneProvider !== 'sandbox') return;
  const key = signingKey(config.payments.sandboxKey);

  // Plain HTML forms post url-encoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString()))),
  );

  /** Delivers one event to our callback endpoint; false when it was not accepted. */
  async function deliver(type: SandboxEventBody['type'], data: SandboxEventBody['data']) {
    const raw = JSON.stringify(sandboxEvent(type, data));
    const t = Math.floor(Date.now() / 1000);
    const res = await app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(key, t, raw) },
      payload: raw,
    });
    if (res.statusCode !== 200) app.log.warn({ status: res.statusCode, type }, 'sandbox phone callback not accepted');
    return res.statusCode === 200;
  }

  async function callOf(token: string): Promise<CallWithCurrency | null> {
    const id = callIdOfToken(config.payments.sandboxKey, token);
    return id === null ? null : findCall(db, id);
  }

  const page = (token: string, q: Partial<Query> & { every: number }) => {
    const search = new URLSearchParams();
    if (q.every !== DEFAULT_EVERY_S) search.set('every', String(q.every));
    if (q.line) search.set('line', q.line);
    if (q.error) search.set('error', q.error);
    const s = search.toString();
    return `/sandbox/phone/${encodeURIComponent(token)}${s ? `?${s}` : ''}`;
  };

  const notFoundPage = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');

  app.get(SIMULATOR_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SIMULATOR_SCRIPT),
  );

  app.get('/sandbox/phone/:token', { schema: { params, querystring: query } }, async (request, reply) => {
    const call = await callOf(request.params.token);
    if (!call) return notFoundPage(reply);
    const expired = isExpired(call);
    const state = expired ? 'expired' : call.state === 'awaited' || call.state === 'active' ? call.state : 'ended';
    const html = renderCallPage({
      locale: request.locale,
      base: `/sandbox/phone/${encodeURIComponent(request.params.token)}`,
      number: call.number,
      pin: call.pin,
      pricePerMinuteCents: call.pricePerMinuteCents,
      currency: call.currency,
      state,
      minutesBilled: call.minutesBilled,
      maxMinutes: call.maxMinutes,
      coinsCredited: call.coinsCredited,
      dialed: request.query.line === 'dialed',
      error: request.query.error ?? null,
      every: request.query.every,
    });
    return sendHtml(reply, 200, html);
  });

  type Step = (call: CallWithCurrency, request: FastifyRequest, q: Query) => Promise<Partial<Query>>;
  const step = (name: string, run: Step) =>
    app.post(
      `/sandbox/phone/:token/${name}`,
      // The provider's own page: plain forms, no session of ours; the token is the capability.
      { config: { csrf: false }, schema: { params, querystring: query } },
      async (request, reply) => {
        const call = await callOf(request.params.token);
        if (!call) return notFoundPage(reply);
        const next = await run(call, request, request.query);
        return reply.redirect(page(request.params.token, { every: request.query.every, ...next }), 303);
      },
    );

  const awaiting = (call: CallWithCurrency) => call.state === 'awaited' && !isExpired(call);

  step('dial', async (call) => (awaiting(call) ? { line: 'dialed' } : {}));

  step('pin', async (call, request) => {
    if (!awaiting(call)) return {};
    const body = request.body as Record<string, unknown> | undefined;
    const typed = typeof body?.pin === 'string' ? body.pin.replace(/\s/g, '') : '';
    if (!/^\d{6}$/.test(typed) || call.pin === null || !safeEqual(typed, call.pin)) {
      return { line: 'dialed', error: 'pin' };
    }
    const ok = await deliver('call.connected', { reference: String(call.id), call: newProviderCallId(), pin: typed });
    return ok ? {} : { line: 'dialed', error: 'delivery' };
  });

  step('minute', async (call) => {
    if (call.state !== 'active' || !call.providerCallId) return {};
    const data = { reference: String(call.id), call: call.providerCallId };
    const minute = call.minutesBilled + 1;
    // A 0900 line cuts the call at its maximum duration.
    const ok =
      minute > call.maxMinutes
        ? await deliver('call.ended', { ...data, reason: 'max_duration' })
        : await deliver('call.minute', { ...data, minute });
    return ok ? {} : { error: 'delivery' };
  });

  step('hangup', async (call) => {
    // Before the PIN the line knows no call of ours: hanging up only puts the receiver down.
    if (call.state !== 'active' || !call.providerCallId) return {};
    const ok = await deliver('call.ended', { reference: String(call.id), call: call.providerCallId, reason: 'hangup' });
    return ok ? {} : { error: 'delivery' };
  });
};
