import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#common/api/fields.ts';
import { studioLoginBody, studioMe, studioPresenceBody } from '#common/api/studio.ts';
import { notFound } from '#server/errors.ts';
import { demoSignInServed } from '#server/features/session/scoped.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { performerShow } from './data.ts';
import { signInPerformer } from './login.ts';
import { createPerformerSession, revokePerformerSession } from './mutations.ts';
import { presentStudioMe } from './present.ts';
import { clearPerformerCookie, requirePerformer, setPerformerCookie } from './session.ts';

/**
 * The studio's API for performers (/api/studio/*): her own sign-in and session, apart from
 * members' and operators'. Writes carry the CSRF header members' writes carry (http/session.ts).
 */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /studio/login': 'public',
    'POST /studio/logout': 'performer',
    'GET /studio/me': 'performer',
    'POST /studio/presence': 'performer',
  });
  const { ctx } = app;
  const { config, db, presence } = ctx;

  /** Her account with her show as it is now; a show gone from the catalogue ends her studio (404). */
  const me = async (performer: Awaited<ReturnType<typeof requirePerformer>>['performer']) => {
    const show = await performerShow(db, performer.showId);
    if (!show) throw notFound();
    return presentStudioMe(performer, show);
  };

  app.post(
    '/studio/login',
    { schema: { body: studioLoginBody, response: { 200: studioMe } } },
    async (request, reply) => {
      const performer = await signInPerformer(
        ctx,
        {
          ...request.body,
          ip: addressKey(request.ip),
          demoAllowed: demoSignInServed(config) && isLocalCaller(request, config.publicUrl),
        },
        (because, performerId) => request.log.warn({ because, performerId }, 'performer sign-in refused'),
      );
      const answer = await me(performer);
      const session = await createPerformerSession(db, config.sessionSecret, performer.id);
      setPerformerCookie(ctx, reply, session.token, session.expiresAt);
      request.log.info({ performerId: performer.id }, 'performer signed in');
      return answer;
    },
  );

  app.post('/studio/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const { performer, sessionId } = await requirePerformer(request);
    await revokePerformerSession(db, sessionId);
    ctx.realtime.sessionsEnded({ performerSessionId: sessionId });
    clearPerformerCookie(ctx, reply);
    request.log.info({ performerId: performer.id }, 'performer signed out');
    return { ok: true as const };
  });

  app.get('/studio/me', { schema: { response: { 200: studioMe } } }, async (request) => {
    return me((await requirePerformer(request)).performer);
  });

  // Through the presence service, so every open page hears it in the next show:bulkupdate.
  app.post(
    '/studio/presence',
    { schema: { body: studioPresenceBody, response: { 200: studioMe } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      await presence.setOnline([performer.showId], request.body.online);
      request.log.info({ performerId: performer.id, online: request.body.online }, 'performer presence');
      return me(performer);
    },
  );
};
