import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callIdOfLineToken, lineKey, renderLinePage } from '#server/providers/phone/line-page.ts';
import { findCall, isExpired } from './data.ts';

const params = z.object({ token: z.string().max(64) });

/** The call page of a real line (under /api): what the payment window shows while the member calls. */
export const linePage: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const key = lineKey(config.sessionSecret);
  app.get('/voicecall/line/:token', { schema: { params } }, async (request, reply) => {
    const id = callIdOfLineToken(key, request.params.token);
    const call = id === null ? null : await findCall(db, id);
    reply.header('cache-control', 'no-store');
    if (!call) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
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
