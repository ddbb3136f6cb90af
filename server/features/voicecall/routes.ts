import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkPhonecallResponse, initPhonecallBody, initPhonecallResponse } from '#common/api/billing.ts';
import { AppError, invalidField, notFound, unauthenticated } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { requireAgeChecked } from '#server/features/avs/policy.ts';
import { walletFlagged } from '#server/features/billing/data.ts';
import { announceBalance } from '#server/features/coins/mutations.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { phoneProviderFor } from '#server/providers/phone/provider.ts';
import type { AppliedEvent, PhoneCallback } from '#server/providers/phone/types.ts';
import { latestCallOfSession } from './data.ts';
import { linePage } from './line-page.ts';
import { applyPhoneEvent, startCall } from './mutations.ts';
import { admitPinEntry } from './policy.ts';
import { presentCall } from './present.ts';

const callbackAnswer = z.object({ ok: z.literal(true), outcome: z.string() });

/** Voice call: init_phonecall, check_phonecall and the phone provider's callbacks (under /api). */
export const voicecallRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /billing/init_phonecall': 'member',
    'GET /billing/check_phonecall': 'public',
  });
  const { ctx } = app;
  const provider = phoneProviderFor(ctx.config);

  app.post(
    '/billing/init_phonecall',
    { schema: { body: initPhonecallBody, response: { 200: initPhonecallResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const session = request.session;
      if (!session) throw unauthenticated();
      await requireAgeChecked(request, 'voicecall');
      // As for card payments: a member whose reversed payment left a shortfall buys nothing more.
      if (await walletFlagged(ctx.db, user.id)) {
        throw new AppError('forbidden', { errors: { _: ['billing.errors.account_review'] } });
      }
      await enforce(ctx.throttle, `phonecall:${user.id}`, 30, 3600);
      const call = await startCall(ctx.db, {
        userId: user.id,
        sessionId: session.id,
        paymentTypeId: request.body.paymenttypeid,
        productId: request.body.productid,
        provider: provider.name,
        number: provider.serviceNumber(),
      });
      if (!call) throw invalidField('productid', 'errors.validations.invalid');
      return { link: provider.callPageLink(call.id), id: call.id, call: presentCall(call) };
    },
  );

  app.get('/billing/check_phonecall', { schema: { response: { 200: checkPhonecallResponse } } }, async (request) => {
    const session = request.session;
    if (!session) return { voicecall: false, call: null };
    const call = await latestCallOfSession(ctx.db, session.id);
    return { voicecall: session.data.voicecall === true, call: call ? presentCall(call) : null };
  });

  if (provider.name !== 'sandbox') await app.register(linePage);

  // The provider's callbacks: verified by their signature over the raw body, not by a session.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser(provider.callbackContentType, { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    for (const step of provider.callbackSteps) {
      const path = `/voicecall/callback/${provider.name}${step ? `/${step}` : ''}`;
      callbacks.post(path, { config: { csrf: false, audience: 'provider' } }, async (request, reply) => {
        const callback: PhoneCallback = {
          url: `${ctx.config.publicUrl}${request.url}`,
          step,
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
        };
        const verified = provider.verify(callback);
        if (!verified.ok) {
          request.log.warn({ provider: provider.name, step, reason: verified.reason }, 'phone callback refused');
          throw verified.reason === 'malformed' ? new AppError('bad_request') : new AppError('forbidden');
        }
        const event = verified.event;
        let refusal = verified.refusal ?? null;
        if (!refusal && event && !(await admitPinEntry(ctx.throttle, provider.name, event))) refusal = 'pin_tries';
        if (refusal) request.log.warn({ provider: provider.name, step, refusal }, 'phone call turned away');
        const result = event && !refusal ? await applyPhoneEvent(ctx, provider.name, event) : null;
        const about = event && {
          provider: provider.name,
          eventId: event.eventId,
          type: event.type,
          callId: event.callId,
        };
        if (about && result?.kind === 'unknown') request.log.warn(about, 'phone callback for no such call');
        if (result && result.kind !== 'unknown') {
          if (result.sessionChanged && result.sessionId) ctx.sessionCache.forgetSession(result.sessionId);
          if (result.kind === 'applied') ctx.sessionCache.forgetUser(result.userId);
          if (result.balance !== null) announceBalance(ctx, result.userId, result.balance);
          // The member's open pages follow the call at once instead of at their next poll.
          if (result.kind === 'applied') ctx.realtime.toUser(result.userId, 'user:phonecall');
          request.log.info({ ...about, kind: result.kind }, 'phone callback');
        }
        if (provider.answer) {
          const applied: AppliedEvent | null = refusal
            ? { kind: 'refused', outcome: `refused:${refusal}`, callId: null, maxMinutes: null }
            : result && {
                kind: result.kind,
                outcome: result.kind === 'unknown' ? 'unknown' : result.outcome,
                callId: result.kind === 'unknown' ? null : result.callId,
                maxMinutes: result.kind === 'unknown' ? null : result.maxMinutes,
              };
          const answer = provider.answer(callback, event, applied);
          return reply.type(answer.contentType).send(answer.body);
        }
        if (!result || result.kind === 'unknown') throw notFound();
        return callbackAnswer.parse({ ok: true, outcome: result.outcome });
      });
    }
  });
};
