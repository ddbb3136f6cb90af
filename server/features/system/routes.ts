import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfig } from '#common/api/system.ts';
import { siteFor } from '#server/config.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { captchaWidget } from '#server/providers/captcha/provider.ts';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'absent']),
  /** The process that answered (NODE_NAME): behind a balancer, which one that was. */
  node: z.string(),
});

/**
 * Liveness of the parts the server depends on, and the build id the update banner compares.
 * Without its database a process can serve nothing: 503, take it out. Without Redis it serves
 * everything (limits per process, socket events to its own sockets): 200 'degraded', since every
 * process sees the same outage and a balancer pulling them all would turn it into a full one.
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /health': 'public',
    'GET /version': 'public',
    'GET /config': 'public',
  });
  app.get(
    '/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const { database, redis } = app.ctx;
      const db = await database.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      );
      // Fails at once while disconnected, and after the command timeout when Redis hangs.
      const r = redis
        ? await redis.ping().then(
            () => 'up' as const,
            () => 'down' as const,
          )
        : ('absent' as const);
      const ok = db === 'up' && r !== 'down';
      return reply
        .code(db === 'up' ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database: db, redis: r, node: app.ctx.config.chat.node });
    },
  );

  app.get('/version', { schema: { response: { 200: z.string() } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(app.ctx.config.buildId),
  );

  app.get('/config', { schema: { response: { 200: publicConfig } } }, async (request) => {
    const { config } = app.ctx;
    return {
      site: siteFor(config, requestDomain(request)),
      supportEmail: config.supportEmail,
      legal: config.legal,
      googleClientId: config.google.clientId ?? null,
      local: config.env !== 'production',
      version: config.version,
      buildId: config.buildId,
      age_check_gates: config.ageCheck.gates,
      phone_chat:
        config.payments.phoneChat.provider === 'none'
          ? null
          : {
              number: config.payments.phoneChat.number,
              price_per_minute_cents: config.payments.phoneChat.pricePerMinuteCents,
              currency: config.payments.phoneChat.currency,
            },
      image_hosts: config.media.imageHosts,
      name_blocklist: config.nameBlocklist,
      captcha: captchaWidget(config),
      chat: {
        tip_amounts: config.chat.tipAmounts,
        minute_seconds: config.chat.minuteSeconds,
        voyeur_percent: config.chat.voyeurPercent,
        free_guest_seconds: config.chat.freeGuestSeconds,
      },
    };
  });
};
