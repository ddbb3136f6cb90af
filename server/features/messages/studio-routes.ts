import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, okResponse } from '#common/api/fields.ts';
import {
  studioConversationResponse,
  studioConversationsQuery,
  studioConversationsResponse,
  studioMessagesQuery,
  studioMessagesResponse,
  studioPicturesQuery,
  studioPicturesResponse,
  studioReplyBody,
  studioReplyResponse,
  studioUnreadResponse,
} from '#common/api/studio-messages.ts';
import { MESSAGES_PAGE_SIZE, STUDIO_CONVERSATIONS_PAGE_SIZE, STUDIO_PICTURES_PAGE_SIZE } from '#common/constants.ts';
import { invalid, notFound } from '#server/errors.ts';
import { galleryUrls } from '#server/features/galleries/urls.ts';
import { requirePerformer } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { attachmentsOf } from './attachments.ts';
import { conversationById, conversationMessages } from './data.ts';
import { notifyPerformer } from './notify.ts';
import { markStaffRead, setStaffBlock } from './read-states.ts';
import { replyToMember } from './replies.ts';
import { allowSend, sendKeyOf } from './send-guards.ts';
import {
  conversationMessage,
  showConversation,
  showConversations,
  showPictureGallery,
  showPictures,
  showUnread,
} from './studio-data.ts';
import { presentStudioConversation, presentStudioMessage } from './studio-present.ts';

const pageOf = (page: number, limit: number) => ({ limit, offset: (page - 1) * limit });
const paged = <T>(data: T[], page: number, limit: number, total: number) => {
  const last = Math.max(1, Math.ceil(total / limit));
  return { current_page: page, last_page: last, total, data, more: page < last };
};

/**
 * The studio inbox (/api/studio/conversations/*, /api/studio/pictures): the performer answers the
 * members who wrote to her show. Only her own show's conversations, by her session: another's
 * answers 404 as one that does not exist.
 */
export const studioMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /studio/conversations': 'performer',
    'GET /studio/conversations/count': 'performer',
    'GET /studio/conversations/:id/messages': 'performer',
    'POST /studio/conversations/:id/read': 'performer',
    'POST /studio/conversations/:id/reply': 'performer',
    'POST /studio/conversations/:id/block': 'performer',
    'POST /studio/conversations/:id/unblock': 'performer',
    'GET /studio/pictures': 'performer',
  });
  const { ctx } = app;
  const { db } = ctx;
  /**
   * Her own pictures' URLs. Her studio session is not a member session, so they are signed for
   * nobody, as a visitor's free pictures are: short-lived (MEDIA_URL_SECONDS) and handed only to her.
   */
  const urls = () => galleryUrls(ctx.config.media.signingKey, null);

  const conversationOf = async (showId: number, id: number) => {
    const row = await showConversation(db, showId, id);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/studio/conversations',
    { schema: { querystring: studioConversationsQuery, response: { 200: studioConversationsResponse } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const page = request.query.page ?? 1;
      const limit = STUDIO_CONVERSATIONS_PAGE_SIZE;
      const { rows, total } = await showConversations(db, performer.showId, pageOf(page, limit));
      return paged(rows.map(presentStudioConversation), page, limit, total);
    },
  );

  app.get('/studio/conversations/count', { schema: { response: { 200: studioUnreadResponse } } }, async (request) => {
    const { performer } = await requirePerformer(request);
    return { unread: await showUnread(db, performer.showId) };
  });

  app.get(
    '/studio/conversations/:id/messages',
    { schema: { params: idParam, querystring: studioMessagesQuery, response: { 200: studioMessagesResponse } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const c = await conversationOf(performer.showId, request.params.id);
      const page = request.query.page ?? 1;
      const { rows, total } = await conversationMessages(
        db,
        { id: c.id, clearedThrough: 0, forMember: false },
        pageOf(page, MESSAGES_PAGE_SIZE),
      );
      const attachments = await attachmentsOf(db, rows, c.userId);
      const signed = urls();
      return paged(
        rows.map((r) => presentStudioMessage(r, attachments, signed)),
        page,
        MESSAGES_PAGE_SIZE,
        total,
      );
    },
  );

  app.post(
    '/studio/conversations/:id/read',
    { schema: { params: idParam, response: { 200: okResponse } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const c = await conversationOf(performer.showId, request.params.id);
      await markStaffRead(db, c.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/studio/conversations/:id/reply',
    { schema: { params: idParam, body: studioReplyBody, response: { 200: studioReplyResponse } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const c = await conversationOf(performer.showId, request.params.id);
      const key = sendKeyOf(request);
      const { body, attachment } = request.body;
      if (attachment && (await showPictureGallery(db, performer.showId, attachment.imageId)) === null) {
        throw invalid({ 'attachment.imageId': ['errors.validations.invalid'] });
      }
      await allowSend(ctx, `performer:${performer.id}`);
      const sent = await replyToMember(ctx, { conversationId: c.id, body, attachment, key });
      const full = await conversationById(db, c.id);
      // Her other studio tabs read the conversation again.
      if (full && !sent.replayed) notifyPerformer(ctx, full);
      const row = await conversationMessage(db, c.id, sent.messageId);
      if (!row) throw new Error(`reply ${sent.messageId} not found`);
      return { data: presentStudioMessage(row, await attachmentsOf(db, [row], c.userId), urls()) };
    },
  );

  for (const [path, blocked] of [
    ['/studio/conversations/:id/block', true],
    ['/studio/conversations/:id/unblock', false],
  ] as const) {
    app.post(path, { schema: { params: idParam, response: { 200: studioConversationResponse } } }, async (request) => {
      const { performer } = await requirePerformer(request);
      const c = await conversationOf(performer.showId, request.params.id);
      await setStaffBlock(db, c.id, blocked);
      request.log.info({ performerId: performer.id, conversationId: c.id, blocked }, 'studio block changed');
      return { data: presentStudioConversation(await conversationOf(performer.showId, c.id)) };
    });
  }

  app.get(
    '/studio/pictures',
    { schema: { querystring: studioPicturesQuery, response: { 200: studioPicturesResponse } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const page = request.query.page ?? 1;
      const limit = STUDIO_PICTURES_PAGE_SIZE;
      const { rows, total } = await showPictures(db, performer.showId, request.locale, pageOf(page, limit));
      const signed = urls();
      return paged(
        rows.map((r) => ({ imageId: r.imageId, gallery: r.title, thumb: signed.thumb(r.galleryId, r.imageId) })),
        page,
        limit,
        total,
      );
    },
  );
};
