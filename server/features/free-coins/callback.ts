import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '#server/errors.ts';
import { smsProvider } from '#server/providers/sms/provider.ts';
import { applySmsStatus } from './mutations.ts';

const answer = z.object({ ok: z.literal(true), outcome: z.string() });

/** Where a gateway that reports delivery sends its reports about the codes' messages. */
export const smsStatusPath = (provider: string) => `/api/free_coins/sms-status/${provider}`;

/**
 * The SMS gateway's delivery reports (under /api), served when the configured gateway sends them:
 * verified by the gateway's signature over the URL it called and the raw form body, never by a
 * session. Forged or malformed reports answer 4xx and change nothing.
 */
export const smsStatusCallbacks: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const gateway = smsProvider(ctx, app.log);
  const readStatus = gateway.readStatus?.bind(gateway);
  if (!readStatus) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    `/free_coins/sms-status/${gateway.name}`,
    { config: { csrf: false, audience: 'provider' }, schema: { response: { 200: answer } } },
    async (request) => {
      if (!/^application\/x-www-form-urlencoded\b/.test(request.headers['content-type'] ?? '')) {
        throw new AppError('unsupported_media_type');
      }
      const verdict = readStatus({
        url: `${ctx.config.publicUrl}${request.url}`,
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: request.headers,
      });
      if (!verdict.ok) {
        request.log.warn({ provider: gateway.name, reason: verdict.reason }, 'sms status callback refused');
        throw verdict.reason === 'malformed' ? new AppError('bad_request') : new AppError('forbidden');
      }
      const { event } = verdict;
      if (!event) return { ok: true as const, outcome: 'ignored' };
      const result = await applySmsStatus(ctx.db, gateway.name, event);
      if (result.kind === 'unknown') {
        request.log.warn({ provider: gateway.name, eventId: event.eventId }, 'sms status for no code of ours');
        throw notFound();
      }
      request.log.info(
        { provider: gateway.name, eventId: event.eventId, status: event.status, kind: result.kind },
        'sms status callback',
      );
      return { ok: true as const, outcome: result.outcome };
    },
  );
};
