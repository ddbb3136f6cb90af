import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#common/api/fields.ts';
import { unlockResponse } from '#common/api/messages.ts';
import { notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { galleryUrls } from '#server/features/galleries/urls.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { attachmentsOf } from './attachments.ts';
import { memberConversation, memberMessage } from './data.ts';
import { presentMessage } from './present.ts';
import { unlockPicture } from './unlock.ts';

/** The member unlocks (buys) the picture attached to a message of her conversation with a show. */
export const messageUnlockRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, { 'POST /conversations/message/:id/unlock': 'member' });
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    '/conversations/message/:id/unlock',
    { schema: { params: idParam, response: { 200: unlockResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const message = await memberMessage(db, user.id, request.params.id);
      if (!message) throw notFound();
      const c = await memberConversation(db, user.id, message.conversationId);
      if (!c) throw notFound();
      const { balance, bought } = await unlockPicture(ctx, user.id, message);
      if (bought) request.log.info({ userId: user.id, messageId: message.id }, 'message picture unlocked');
      const attachments = await attachmentsOf(db, [message], user.id);
      const urls = galleryUrls(ctx.config.media.signingKey, user.id);
      return { data: { message: presentMessage(message, c.kind, attachments, urls), coins: balance } };
    },
  );
};
