import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startBody, startResponse, statusQuery, statusResponse } from '#common/api/avs.ts';
import { AppError, notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { ensureSession } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { ageCheckProvider } from '#server/providers/avs/provider.ts';
import { findViewerCheck } from './data.ts';
import { applyCheckEvent, dropPendingCheck, openCheck } from './mutations.ts';
import { isAgeChecked } from './policy.ts';
import { presentCheck } from './present.ts';

const callbackAnswer = z.object({ ok: z.literal(true), outcome: z.enum(['applied', 'replayed', 'ignored']) });

/** The age check (under /api): start a check, read its state, and the provider's callback. */
export const avsRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /avs/start': 'public',
    'GET /avs/status': 'public',
  });
  const { ctx } = app;
  const provider = ageCheckProvider(ctx.config);

  app.post('/avs/start', { schema: { body: startBody, response: { 200: startResponse } } }, async (request, reply) => {
    const session = await ensureSession(request, reply);
    const user = session.userId ? await requireUser(request) : null;
    await enforce(ctx.throttle, `avs:start:${session.id}`, 10, 3600, 'throttled');
    await enforce(ctx.throttle, `avs:start:ip:${addressKey(request.ip)}`, 30, 3600, 'throttled');
    if (await isAgeChecked(request)) throw new AppError('conflict', { message: 'age_checked' });
    const { target, kjm, back } = request.body;
    const check = await openCheck(ctx.db, {
      provider: provider.name,
      reference: randomUUID(),
      sessionId: session.id,
      userId: user?.id ?? null,
      target: target ?? null,
    });
    // The provider sends the browser back to /avs with the page's own query and the check id.
    const query = new URLSearchParams();
    if (kjm) query.set('kjm', '1');
    const returnTarget = target === 'media' ? back : target;
    if (returnTarget) query.set('target', returnTarget);
    query.set('check', String(check.id));
    const returnUrl = `${ctx.config.publicUrl}/avs?${query}`;
    try {
      const { link } = await provider.start({ reference: check.providerRef, returnUrl, locale: request.locale });
      return { link, id: check.id };
    } catch (err) {
      await dropPendingCheck(ctx.db, check.id);
      request.log.error({ err, provider: provider.name }, 'the age-check provider did not open a check');
      throw new AppError('unavailable');
    }
  });

  app.get(
    '/avs/status',
    { schema: { querystring: statusQuery, response: { 200: statusResponse } } },
    async (request) => {
      const session = request.session;
      if (!session) return { agechecked: false, check: null };
      const viewer = { sessionId: session.id, userId: session.userId };
      const check = await findViewerCheck(ctx.db, viewer, request.query.check);
      // A passed check of this browser is the verdict itself: the session this request loaded
      // (possibly from the cache, before the verdict committed) may not show it yet.
      const agechecked = check?.state === 'passed' || (await isAgeChecked(request));
      return { agechecked, check: check ? presentCheck(check) : null };
    },
  );

  // The provider's callback: verified by its signature over the raw body, not by a session.
  await app.register(async (callbacks) => {
    callbacks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    callbacks.post(
      `/avs/callback/${provider.name}`,
      { config: { csrf: false, audience: 'provider' }, schema: { response: { 200: callbackAnswer } } },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const verified = provider.verifyCallback({ headers: request.headers, rawBody: raw });
        if (!verified.ok) {
          request.log.warn({ provider: provider.name, reason: verified.reason }, 'age-check callback refused');
          throw verified.reason === 'malformed' ? new AppError('bad_request') : new AppError('forbidden');
        }
        const { event } = verified;
        if (!event) {
          request.log.info({ provider: provider.name }, 'age-check callback without a final decision');
          return { ok: true as const, outcome: 'ignored' as const };
        }
        const result = await applyCheckEvent(ctx.db, provider.name, event);
        const about = { provider: provider.name, eventId: event.eventId, type: event.type };
        if (result.kind === 'unknown') {
          request.log.warn(about, 'age-check callback for no such check');
          throw notFound();
        }
        request.log.info({ ...about, checkId: result.check.id, kind: result.kind }, 'age-check callback');
        if (result.kind === 'applied' && event.type === 'check.passed') {
          const { check, sessionIds } = result;
          for (const id of sessionIds) ctx.sessionCache.forgetSession(id);
          if (check.userId !== null) {
            ctx.sessionCache.forgetUser(check.userId);
            ctx.realtime.toUser(check.userId, 'user:avs');
          }
        }
        return { ok: true as const, outcome: result.kind };
      },
    );
  });
};
