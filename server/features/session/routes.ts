import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { user as userSchema } from '#common/api/auth.ts';
import { okResponse } from '#common/api/fields.ts';
import { clientLogBody, incentiveBody, incentiveResponse, sessionInfo, visitorIdBody } from '#common/api/session.ts';
import { INCENTIVE_DISABLED } from '#common/constants.ts';
import { isSemver } from '#common/domain/semver.ts';
import { incentiveStart } from '#common/domain/welcome-gift.ts';
import { siteFor } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { sessionUser } from '#server/features/accounts/policy.ts';
import { presentUser } from '#server/features/accounts/present.ts';
import { currentIncentiveOffer } from '#server/features/coupons/welcome-data.ts';
import { markWelcomeShown } from '#server/features/coupons/welcome-mutations.ts';
import { freeCoinsState } from '#server/features/free-coins/data.ts';
import { jsonOf, jsonOnce, sendJson } from '#server/http/answer-json.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { enforce } from '#server/http/throttle.ts';
import { updateSessionData } from './mutations.ts';
import { recordClientLog } from './mutations-log.ts';
import { presentSession } from './present.ts';
import { ensureSession } from './request.ts';

const sessionAndUser = z.object({ session: sessionInfo, user: userSchema.nullable() });
/** The _date a session part is encoded with once, and how its JSON ends then. */
const STAMP = new Date(0);
const STAMP_TAIL = `"_date":${JSON.stringify(STAMP.toISOString())}}`;

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /auth/csrf-cookie': 'public',
    'GET /session/init': 'public',
    'GET /session/splash18': 'public',
    'POST /session/vid': 'public',
    'POST /session/incentive_tsp': 'public',
    'POST /session/welcome_shown': 'public',
    'POST /user/log': 'public',
  });
  const { db, config } = app.ctx;
  const present = async (request: Parameters<typeof requestDomain>[0]) => {
    const domain = requestDomain(request);
    const freeCoins = freeCoinsState(config, await sessionUser(request));
    return presentSession(request.session, siteFor(config, domain), domain, new Date(), freeCoins);
  };

  app.get('/auth/csrf-cookie', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await ensureSession(request, reply);
    return reply.code(204).send(null);
  });

  // Read on every page load, so both parts are encoded by their schemas once per cached object
  // (http/answer-json.ts): the user once per cached user, the session once per cached row, host
  // and free-coins state, with a fixed _date (its last field) that each answer replaces by now.
  const userJson = jsonOnce(userSchema);
  const sessionJson = jsonOnce(sessionInfo);
  app.get('/session/init', { schema: { response: { 200: sessionAndUser } } }, async (request, reply) => {
    const row = await ensureSession(request, reply);
    const user = await sessionUser(request);
    const domain = requestDomain(request);
    const freeCoins = freeCoinsState(config, user);
    const fixed = sessionJson(
      row,
      () => presentSession(row, siteFor(config, domain), domain, STAMP, freeCoins),
      `${domain} ${freeCoins.disabled} ${freeCoins.available}`,
    );
    const session = fixed.endsWith(STAMP_TAIL)
      ? `${fixed.slice(0, -STAMP_TAIL.length)}"_date":${JSON.stringify(new Date().toISOString())}}`
      : jsonOf(sessionInfo, await present(request));
    const member = user?.status === 'active' ? userJson(user, () => presentUser(user)) : 'null';
    return sendJson(reply, `{"session":${session},"user":${member}}`);
  });

  app.get(
    '/session/splash18',
    { schema: { response: { 200: z.object({ session: sessionInfo }) } } },
    async (request, reply) => {
      const session = await ensureSession(request, reply);
      request.session = await updateSessionData(db, session.id, { splash18Confirmed: true });
      return { session: await present(request) };
    },
  );

  app.post(
    '/session/vid',
    { schema: { body: visitorIdBody, response: { 200: z.object({ session: sessionInfo }) } } },
    async (request, reply) => {
      const session = await ensureSession(request, reply);
      request.session = await updateSessionData(db, session.id, {
        visitorId: request.body.vid,
        visitorConfidence: request.body.confidence,
      });
      return { session: await present(request) };
    },
  );

  app.post(
    '/session/incentive_tsp',
    { schema: { body: incentiveBody, response: { 200: incentiveResponse } } },
    async (request, reply) => {
      const session = await ensureSession(request, reply);
      if (session.userId) return { video_id: null, voucher_percent: null, incentive_tsp: INCENTIVE_DISABLED };
      const stored = session.data.incentiveTsp ?? null;
      const proposed = request.body.incentive_tsp;
      // The first timestamp wins, so reloading cannot restart the countdown, and it is never later
      // than the server's clock: the window the sign-up is judged by is the server's.
      const next = stored === null || proposed === INCENTIVE_DISABLED ? incentiveStart(proposed, Date.now()) : stored;
      const offer =
        next === INCENTIVE_DISABLED
          ? null
          : (session.data.incentiveOffer ?? (await currentIncentiveOffer(db, config.incentive)));
      if (next !== stored || offer !== (session.data.incentiveOffer ?? null))
        await updateSessionData(db, session.id, { incentiveTsp: next, incentiveOffer: offer });
      return { video_id: offer?.video ?? null, voucher_percent: offer?.voucher ?? null, incentive_tsp: next };
    },
  );

  app.post('/session/welcome_shown', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const session = await ensureSession(request, reply);
    if (session.userId) await markWelcomeShown(db, session.userId);
    await updateSessionData(db, session.id, { welcomeDialog: null });
    return { ok: true as const };
  });

  app.post('/user/log', { schema: { body: clientLogBody, response: { 200: okResponse } } }, async (request, reply) => {
    const session = await ensureSession(request, reply);
    await enforce(app.ctx.throttle, `clientlog:${session.id}`, 30, 3600, 'throttled');
    // A malformed version is a broken client, not a form to correct: 400, nothing stored.
    if (!isSemver(request.body.version))
      throw new AppError('bad_request', { errors: { version: ['errors.validations.semver'] } });
    await recordClientLog(db, {
      sessionId: session.id,
      userId: session.userId,
      version: request.body.version,
      entries: request.body.errors,
    });
    return { ok: true as const };
  });
};
