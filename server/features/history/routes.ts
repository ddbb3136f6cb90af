import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatHistoryResponse, historyResponse, universalIdParam } from '#common/api/shows.ts';
import { notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { catalogueOf } from '#server/features/shows/catalogue.ts';
import { listedShowIdOf } from '#server/features/shows/data.ts';
import { phoneChatLineOf } from '#server/features/shows/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { latestChats, latestVisits } from './data.ts';
import { recordVisit } from './mutations.ts';
import { presentChatHistory, presentVisit } from './present.ts';

/** The history calls (under /api): visited shows (when the member keeps a history) and chats. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /user/history/:id': 'member',
    'GET /user/history': 'member',
    'GET /user/chathistory': 'member',
  });
  const { db } = app.ctx;
  const phoneChatLine = phoneChatLineOf(app.ctx.config);
  const catalogue = catalogueOf(app.ctx.config);

  app.post('/user/history/:id', { schema: { params: universalIdParam } }, async (request, reply) => {
    const user = await requireUser(request);
    const showId = await listedShowIdOf(db, catalogue, request.params.id);
    if (showId === null) throw notFound();
    // A member who turned the history off leaves no trace.
    if (user.showHistory) await recordVisit(db, user.id, showId);
    return reply.code(204).send();
  });

  app.get('/user/history', { schema: { response: { 200: historyResponse } } }, async (request) => {
    const user = await requireUser(request);
    if (!user.showHistory) return { data: [] };
    const now = new Date();
    return {
      data: (await latestVisits(db, catalogue, user.id)).map((v) =>
        presentVisit(v, request.locale, now, phoneChatLine),
      ),
    };
  });

  app.get('/user/chathistory', { schema: { response: { 200: chatHistoryResponse } } }, async (request) => {
    const user = await requireUser(request);
    return presentChatHistory(await latestChats(db, catalogue, user.id), request.locale, new Date(), phoneChatLine);
  });
};
