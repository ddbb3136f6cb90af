import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/errors.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { callIdOfLineToken, lineKey, renderLinePage } from '#server/providers/phone/line-page.ts';
import { findCall, isExpired } from './data.ts';

const params = z.object({ token: z.string().max(64) });

/** The call page of a real line (under /api): what the payment window shows while the member calls. */
export const linePage: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, { 'GET /voicecall/line/:token': 'public' });
  const { config, db } = app.ctx;
  const key = lineKey(config.sessionSecret);
  app.get('/voicecall/line/:token', { schema: { params } }, async (request, reply) => {
    const id = callIdOfLineToken(key, request.params.token);
    const call = id === null ? null : await findCall(db, id);
    reply.header('cache-control', 'no-store');
    // An unknown or forged token is refused like any API call, with the usual error body.
    if (!call) throw notFound();
    const state = isExpired(call)
      ? 'expired'
      : call.state === 'awaited' || call.state === 'active'
        ? call.state
        : 'ended';
    const html = renderLinePage({
      locale: request.locale,
      number: call.number,
      pin: state === 'awaited' ? call.pin : null,
      pricePerMinuteCents: call.pricePerMinuteCents,
      currency: call.currency,
      state,
      minutesBilled: call.minutesBilled,
      maxMinutes: call.maxMinutes,
      coinsCredited: call.coinsCredited,
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
