import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rufAnswer, rufBody } from '#common/api/chat.ts';
import { invalidField } from '#server/errors.ts';
import { sessionUser } from '#server/features/accounts/policy.ts';
import { updateSessionData } from '#server/features/session/mutations.ts';
import { ensureSession } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { claimReferralCode, releaseReferralCode } from './mutations.ts';

/** Codes one address may try in the window: enough for typos, too few to guess codes. */
export const REFERRAL_TRIES = 20;
export const REFERRAL_WINDOW_SECONDS = 15 * 60;

/**
 * POST /api/ruf/stream (spec part 2 "ruf"): a performer's code opens her stream as a free session,
 * even while her free chat is off. The code is counted first and given back when the session does
 * not start (she went offline, a private runs): a refused start costs the code nothing. A visitor's
 * session remembers the code, so her sign-up is credited to it.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, { 'POST /ruf/stream': 'public' });
  const { db, throttle } = app.ctx;

  app.post('/ruf/stream', { schema: { body: rufBody, response: { 200: rufAnswer } } }, async (request, reply) => {
    await enforce(throttle, `referral:${addressKey(request.ip)}`, REFERRAL_TRIES, REFERRAL_WINDOW_SECONDS);
    const code = request.body.code.toUpperCase();
    const claim = await claimReferralCode(db, code, new Date());
    if (!claim.ok) throw invalidField('code', claim.refusal);
    try {
      const session = await ensureSession(request, reply);
      const user = await sessionUser(request);
      const member = user && user.status === 'active' ? user : null;
      const started = await app.ctx.chat.start(
        claim.universalId,
        'free',
        { webSessionId: session.id, user: member },
        { freeGranted: true },
      );
      // A visitor who signs up in this browser later is credited to this code (attribution.ts).
      if (!member) await updateSessionData(db, session.id, { referralCode: code });
      return { result: 'ok' as const, universalId: claim.universalId, session: started };
    } catch (err) {
      await releaseReferralCode(db, code);
      throw err;
    }
  });
};
