import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatGoneBody,
  chatHeartbeatAnswer,
  chatSessionParams,
  chatSessionState,
  chatStartAnswer,
  chatStartBody,
  chatTipAnswer,
  chatTipBody,
  checkRatingAnswer,
  rateChatBody,
  rateChatParams,
} from '#common/api/chat.ts';
import { okResponse } from '#common/api/fields.ts';
import { universalIdParam } from '#common/api/shows.ts';
import { siteOrigins } from '#server/config.ts';
import { csrfMismatch, notFound } from '#server/errors.ts';
import { requireUser, sessionUser } from '#server/features/accounts/policy.ts';
import { ensureSession, hasCsrfToken } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { isOwnBeacon } from '#server/http/beacon.ts';
import { acceptPageForms } from '#server/http/page-forms.ts';
import { enforce } from '#server/http/throttle.ts';
import { chatShowFacts, sessionToRate } from './data.ts';
import { markRatingAsked, rateSession } from './mutations.ts';
import { tipShow } from './tips.ts';

const universalIdOnly = z.object({ universalId: universalIdParam.shape.id });

/**
 * Chat sessions (spec part 2 section 7): start, heartbeat, stop, tip, the rating check and
 * rating (the chat history is the history feature's). Guests use their browser session; everything that costs
 * coins or names a member needs the member's own session, and a session is only its browser's.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /chatsession/:universalId': 'public',
    'POST /chatsession/heartbeat/:sessionId': 'public',
    'POST /chatsession/stop/:sessionId': 'public',
    'POST /chatsession/gone/:sessionId': 'public',
    'POST /chatsession/tip/:sessionId': 'member',
    'POST /chatsession/check_rating/:universalId': 'member',
    'POST /chatsession/rate_chat/:target/:sessionId': 'member',
  });
  const { db } = app.ctx;
  const chat = () => app.ctx.chat;

  app.post(
    '/chatsession/:universalId',
    { schema: { params: universalIdOnly, body: chatStartBody, response: { 200: chatStartAnswer } } },
    async (request, reply) => {
      const session = await ensureSession(request, reply);
      // Every start writes a row: a browser in a loop is stopped (the address limit applies too).
      await enforce(app.ctx.throttle, `chatstart:${session.id}`, 20, 60);
      const user = await sessionUser(request);
      const member = user && user.status === 'active' ? user : null;
      return chat().start(request.params.universalId, request.body.type, { webSessionId: session.id, user: member });
    },
  );

  app.post(
    '/chatsession/heartbeat/:sessionId',
    { schema: { params: chatSessionParams, response: { 200: chatHeartbeatAnswer } } },
    async (request) => chat().heartbeat(request.params.sessionId, request.session?.id ?? ''),
  );

  app.post(
    '/chatsession/stop/:sessionId',
    { schema: { params: chatSessionParams, response: { 200: z.object({ session: chatSessionState }) } } },
    async (request) => ({ session: await chat().stop(request.params.sessionId, request.session?.id ?? '') }),
  );

  await app.register(chatGoneRoute);

  app.post(
    '/chatsession/tip/:sessionId',
    { schema: { params: chatSessionParams, body: chatTipBody, response: { 200: chatTipAnswer } } },
    async (request) => {
      const user = await requireUser(request);
      const row = await chat().ownSession(request.params.sessionId, request.session?.id ?? '');
      const coins = await tipShow(app.ctx, {
        session: row,
        userId: user.id,
        amount: request.body.amount,
        key: request.body.key,
        voicecall: Boolean(request.session?.data.voicecall),
      });
      return { ok: true as const, coins };
    },
  );

  app.post(
    '/chatsession/check_rating/:universalId',
    { schema: { params: universalIdOnly, response: { 200: checkRatingAnswer } } },
    async (request) => {
      const user = await requireUser(request);
      const show = await chatShowFacts(db, request.params.universalId);
      if (!show) throw notFound();
      const row = await sessionToRate(db, user.id, show.id);
      if (!row) return { rating: false, sessionId: null, contentProviderId: null, showId: null };
      // Asked once: waving the dialog away does not bring it back.
      await markRatingAsked(db, row.id, new Date());
      return { rating: true, sessionId: row.id, contentProviderId: show.contentproviderId, showId: show.universalId };
    },
  );

  app.post(
    '/chatsession/rate_chat/:target/:sessionId',
    { schema: { params: rateChatParams, body: rateChatBody, response: { 200: okResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const [provider, ...rest] = request.params.target.split('-');
      const show = await chatShowFacts(db, rest.join('-'));
      if (!show || show.contentproviderId !== Number(provider)) throw notFound();
      const saved = await rateSession(db, {
        sessionId: request.params.sessionId,
        userId: user.id,
        showId: show.id,
        rating: request.body.rating,
        comment: request.body.comment,
        now: new Date(),
      });
      if (!saved) throw notFound();
      return { ok: true as const };
    },
  );
};

/** A leaving page's word, usually a beacon: its form body is read in this scope only. */
const chatGoneRoute: FastifyPluginAsyncZod = async (app) => {
  acceptPageForms(app, 256);
  const origins = siteOrigins(app.ctx.config);
  app.post(
    '/chatsession/gone/:sessionId',
    {
      // Checked before the body is validated, as the session hook does for every other write.
      config: { csrf: false },
      preValidation: async (request) => {
        if (!hasCsrfToken(request) && !isOwnBeacon(request, origins)) throw csrfMismatch();
      },
      schema: { params: chatSessionParams, body: chatGoneBody, response: { 200: okResponse } },
    },
    async (request) => {
      await app.ctx.chat.pageGone(request.params.sessionId, request.session?.id ?? '');
      return { ok: true as const };
    },
  );
};
