import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '#common/api/fields.ts';
import { studioApplication } from '#common/api/onboarding.ts';
import { studioLoginBody, studioMe, studioShowSettingsBody } from '#common/api/studio.ts';
import { showSettingsUpdate } from '#common/domain/show-settings.ts';
import { notFound } from '#server/errors.ts';
import { deviceCookieOf, rememberDevice } from '#server/features/auth/known-device.ts';
import { findApplication } from '#server/features/onboarding/data.ts';
import { attemptCount } from '#server/features/onboarding/id-check.ts';
import { presentApplication } from '#server/features/onboarding/present.ts';
import { demoSignInServed } from '#server/features/session/scoped.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { type ActivePerformer, isActivePerformer, performerShow } from './data.ts';
import { signInPerformer } from './login.ts';
import { createPerformerSession, revokePerformerSession } from './mutations.ts';
import { registerStudioPhoneChat } from './phone-chat-routes.ts';
import { presentStudioMe } from './present.ts';
import { clearPerformerCookie, requireApplicant, requirePerformer, setPerformerCookie } from './session.ts';
import { updateShowSettings } from './show-settings.ts';
import { registerStudioUnlock } from './unlock-routes.ts';

/**
 * The studio's API for performers (/api/studio/*): her own sign-in and session, apart from
 * members' and operators'. Writes carry the CSRF header members' writes carry (features/session/request.ts).
 */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /studio/login': 'public',
    'POST /studio/unlock/send': 'public',
    'POST /studio/unlock': 'public',
    // Sign-out serves an applicant too (pending or rejected), not only an approved performer.
    'POST /studio/logout': 'applicant',
    'GET /studio/me': 'performer',
    'PATCH /studio/show': 'performer',
  });
  const { ctx } = app;
  const { config, db, presence } = ctx;

  /** Her account with her show as it is now; a show gone from the catalogue ends her studio (404). */
  const me = async (performer: ActivePerformer) => {
    const show = await performerShow(db, performer.showId);
    if (!show) throw notFound();
    return presentStudioMe(performer, show);
  };

  app.post(
    '/studio/login',
    // An approved performer hears her studio; an applicant her application (she goes to onboarding).
    { schema: { body: studioLoginBody, response: { 200: z.union([studioMe, studioApplication]) } } },
    async (request, reply) => {
      const performer = await signInPerformer(
        ctx,
        {
          ...request.body,
          ip: addressKey(request.ip),
          demoAllowed: demoSignInServed(config) && isLocalCaller(request, config.publicUrl),
          deviceCookie: request.cookies[deviceCookieOf('performer')],
        },
        (because, performerId) => request.log.warn({ because, performerId }, 'performer sign-in refused'),
      );
      let answer: z.infer<typeof studioMe> | z.infer<typeof studioApplication>;
      if (isActivePerformer(performer)) answer = await me(performer);
      else {
        const application = await findApplication(db, performer.id);
        if (!application) throw notFound();
        answer = presentApplication(performer, application, await attemptCount(db, performer.id));
      }
      const session = await createPerformerSession(db, config.sessionSecret, performer.id);
      setPerformerCookie(ctx, reply, session.token, session.expiresAt);
      rememberDevice(request, reply, performer, 'performer');
      request.log.info({ performerId: performer.id }, 'performer signed in');
      return answer;
    },
  );

  registerStudioUnlock(app);
  registerStudioPhoneChat(app);

  app.post('/studio/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const { performer, sessionId } = await requireApplicant(request);
    await revokePerformerSession(db, sessionId);
    ctx.realtime.sessionsEnded({ performerSessionId: sessionId });
    clearPerformerCookie(ctx, reply);
    request.log.info({ performerId: performer.id }, 'performer signed out');
    return { ok: true as const };
  });

  app.get('/studio/me', { schema: { response: { 200: studioMe } } }, async (request) => {
    return me((await requirePerformer(request)).performer);
  });

  // Her own show only: the show comes from her session, the path names none. Open pages hear the
  // change (and the show list's cache is cleared) through presence, like her online state.
  app.patch(
    '/studio/show',
    { schema: { body: studioShowSettingsBody, response: { 200: studioMe } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const change = await updateShowSettings(db, performer.showId, request.body);
      if (!change) throw notFound();
      const update = showSettingsUpdate(change.before, change.after);
      if (update) presence.queue({ [change.universalId]: update });
      request.log.info({ performerId: performer.id, fields: Object.keys(request.body) }, 'show settings changed');
      return me(performer);
    },
  );
};
