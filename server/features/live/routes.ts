import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#common/api/fields.ts';
import {
  pauseBody,
  publishAnswer,
  publishBody,
  studioLiveState,
  subscriptionAnswerBody,
  subscriptionParams,
  watchAnswer,
  watchBody,
} from '#common/api/live.ts';
import { universalIdParam } from '#common/api/shows.ts';
import { AppError, notFound } from '#server/errors.ts';
import { ensureSession } from '#server/features/session/request.ts';
import { performerShow } from '#server/features/studio/data.ts';
import { requirePerformer } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { browserIceServers } from '#server/live/turn/credentials.ts';
import { liveShowByUniversalId, showWithheld } from './data.ts';
import { toHolder, unansweredHolder } from './forwarding.ts';
import { liveRefused } from './refusals.ts';
import { showOfSubscription } from './subscription-ids.ts';

/**
 * Live video signalling (decision 018): viewers ask to watch and answer the SFU's offer; the
 * performer's studio publishes her camera, pauses, stops, and polls her state (her heartbeat).
 * Each call is checked against the show and the caller's rights before anything reaches the SFU.
 * With several API processes every call is answered by the process holding the show's
 * publication, whichever process it landed on (`toHolder`, decision 051).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /live/:id/watch': 'public',
    'POST /live/subscriptions/:id/answer': 'public',
    'POST /live/subscriptions/:id/leave': 'public',
    'POST /studio/live': 'performer',
    'GET /studio/live': 'performer',
    'POST /studio/live/pause': 'performer',
    'POST /studio/live/stop': 'performer',
    'POST /studio/chat/end': 'performer',
  });
  const { db, live, config, publications } = app.ctx;
  // Each answer carries ICE_SERVERS and, with a relay configured, a TURN credential of its own.
  const iceServers = () => browserIceServers(config.live.iceServers, config.turn, Date.now());

  // Where each call belongs: the show named in the path, in the subscription id, or hers.
  const byShow = toHolder(app.ctx, (request) => publications.holder((request.params as { id: string }).id));
  const bySubscription = toHolder(app.ctx, async (request) => {
    const showId = showOfSubscription((request.params as { id: string }).id);
    return showId === null ? null : publications.holderOfShow(showId);
  });
  const byHerShow = toHolder(app.ctx, async (request) => {
    const { show } = await herShow(request);
    return publications.holder(show.universalId);
  });

  app.post(
    '/live/:id/watch',
    { schema: { params: universalIdParam, body: watchBody, response: { 200: watchAnswer } }, preHandler: byShow },
    async (request, reply) => {
      const show = await liveShowByUniversalId(db, request.params.id);
      if (!show) throw notFound();
      const session = await ensureSession(request, reply);
      const { login, password } = request.body;
      // The stream opens to the chat session that was started for it, in this browser, and is still open.
      const chatSession = await app.ctx.chat.sessionToWatch(show.universalId, login, password, session.id);
      if (!chatSession) throw liveRefused('chat.session_ended');
      const watch = await live.watch(show, {
        sessionId: session.id,
        userId: session.userId,
        nickname: chatSession.nickname,
        chatSessionId: chatSession.id,
        kind: chatSession.kind,
      });
      return { ...watch, iceServers: iceServers() };
    },
  );

  app.post(
    '/live/subscriptions/:id/answer',
    {
      schema: { params: subscriptionParams, body: subscriptionAnswerBody, response: { 200: okResponse } },
      preHandler: bySubscription,
    },
    async (request) => {
      await live.answer(request.params.id, request.session?.id ?? '', request.body.answer);
      return { ok: true as const };
    },
  );

  app.post(
    '/live/subscriptions/:id/leave',
    { schema: { params: subscriptionParams, response: { 200: okResponse } }, preHandler: bySubscription },
    async (request) => {
      await live.leave(request.params.id, request.session?.id ?? '');
      return { ok: true as const };
    },
  );

  /** The show of the signed-in performer, as the live layer needs it. */
  async function herShow(request: FastifyRequest) {
    const { performer, sessionId } = await requirePerformer(request);
    const show = await performerShow(db, performer.showId);
    if (!show) throw notFound();
    return { performer, sessionId, show };
  }

  app.post(
    '/studio/live',
    { schema: { body: publishBody, response: { 200: publishAnswer } }, preHandler: byHerShow },
    async (request) => {
      const { performer, sessionId, show } = await herShow(request);
      if (await showWithheld(db, show.id)) throw new AppError('forbidden', { message: 'show_withheld' });
      const her = { id: performer.id, sessionId };
      const { answer } = await live.publish(show, her, request.body.offer, unansweredHolder(request));
      return { answer, iceServers: iceServers() };
    },
  );

  /** Her stream's state with the private running in her show. */
  const studioState = async (show: { id: number; universalId: string; online: boolean; free: boolean }) => ({
    ...live.state(show),
    session: await app.ctx.chat.studioSession(show.id),
  });

  app.get(
    '/studio/live',
    { schema: { response: { 200: studioLiveState } }, preHandler: byHerShow },
    async (request) => {
      const { show } = await herShow(request);
      return studioState(show);
    },
  );

  app.post(
    '/studio/chat/end',
    { schema: { response: { 200: studioLiveState } }, preHandler: byHerShow },
    async (request) => {
      const { performer, show } = await herShow(request);
      await app.ctx.chat.endPrivateOf(show.id);
      request.log.info({ performerId: performer.id }, 'performer ended the private');
      return studioState(show);
    },
  );

  app.post(
    '/studio/live/pause',
    { schema: { body: pauseBody, response: { 200: studioLiveState } }, preHandler: byHerShow },
    async (request) => {
      const { performer, show } = await herShow(request);
      await live.pause(show, request.body.paused);
      request.log.info({ performerId: performer.id, paused: request.body.paused }, 'performer paused');
      return studioState(show);
    },
  );

  app.post(
    '/studio/live/stop',
    { schema: { response: { 200: studioLiveState } }, preHandler: byHerShow },
    async (request) => {
      const { performer, show } = await herShow(request);
      await live.stop(show);
      request.log.info({ performerId: performer.id }, 'performer off air');
      return studioState(show);
    },
  );
};
