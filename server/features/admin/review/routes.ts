import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewClipParams,
  reviewDecided,
  reviewItem,
  reviewParams,
  reviewPictureParams,
  reviewQueue,
  reviewQueueQuery,
  reviewRejectBody,
} from '#common/api/admin-review.ts';
import { AppError, notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { galleryImageKey, videoPosterKey } from '#server/media/keys.ts';
import { openReview, reviewQueuePage } from './data.ts';
import { type Decision, decideReview } from './mutations.ts';
import { presentItem, presentSummary } from './present.ts';

/** Operators only, never kept by a shared cache nor by the browser. */
const PRIVATE = (contentType: string) => ({ contentType, cacheControl: 'private, no-store' });
const REVIEW = forOperators('review');

/**
 * The review queue's API (/api/admin/review) for operators with the `review` capability
 * (moderator, admin): the waiting new items and changes, oldest first; one item with its
 * previews (poster, clips and pictures, served here only while it waits); approve, and reject
 * with a reason the performer reads. Each decision and its audit entry are one transaction under
 * the action's key: the same key again answers `repeat`, a review decided meanwhile 409.
 */
export const reviewConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, storage } = ctx;

  app.get(
    '/admin/review',
    { config: REVIEW, schema: { querystring: reviewQueueQuery, response: { 200: reviewQueue } } },
    async (request) => {
      await requireOperator(request);
      const { kind, page, pageSize } = request.query;
      const { items, total } = await reviewQueuePage(db, { kind, limit: pageSize, offset: (page - 1) * pageSize });
      return { items: items.map(presentSummary), total };
    },
  );

  app.get(
    '/admin/review/:id',
    { config: REVIEW, schema: { params: reviewParams, response: { 200: reviewItem } } },
    async (request) => {
      await requireOperator(request);
      const item = await openReview(db, request.params.id);
      if (!item) throw notFound();
      return presentItem(item);
    },
  );

  // The previews: only files of an item still waiting, only for operators who may review.
  const sendFile = async (request: FastifyRequest, reply: FastifyReply, key: string | null, type: string) => {
    if (!key) throw notFound();
    return sendStored(request, reply, storage, key, PRIVATE(type));
  };

  app.get('/admin/review/:id/poster', { config: REVIEW, schema: { params: reviewParams } }, async (request, reply) => {
    await requireOperator(request);
    const item = await openReview(db, request.params.id);
    return sendFile(request, reply, item?.video ? videoPosterKey(item.video.ccid) : null, 'image/jpeg');
  });

  app.get(
    '/admin/review/:id/clip/:part',
    { config: REVIEW, schema: { params: reviewClipParams } },
    async (request, reply) => {
      await requireOperator(request);
      const item = await openReview(db, request.params.id);
      const part = item?.video?.parts.find((p) => p.part === request.params.part);
      return sendFile(request, reply, part?.storageKey ?? null, 'video/webm');
    },
  );

  app.get(
    '/admin/review/:id/picture/:imageId/:size',
    { config: REVIEW, schema: { params: reviewPictureParams } },
    async (request, reply) => {
      await requireOperator(request);
      const { id, imageId, size } = request.params;
      const gallery = (await openReview(db, id))?.gallery;
      const key = gallery?.imageIds.includes(imageId) ? galleryImageKey(gallery.id, imageId, size) : null;
      return sendFile(request, reply, key, 'image/jpeg');
    },
  );

  const decideRoute = async (request: FastifyRequest, id: number, decision: Decision) => {
    const { operator } = await requireOperator(request);
    const key = actionKeyOf(request);
    const result = await decideReview(db, id, { operatorId: operator.id, key }, decision);
    request.log.info({ operatorId: operator.id, reviewId: id, result, approve: decision.approve }, 'review decided');
    if (result === 'missing') throw notFound();
    if (result === 'decided') throw new AppError('conflict', { message: 'review_decided' });
    if (result === 'done') consoleChanged(ctx.realtime, ['review']);
    return { outcome: result, id };
  };

  app.post(
    '/admin/review/:id/approve',
    { config: REVIEW, schema: { params: reviewParams, response: { 200: reviewDecided } } },
    async (request) => decideRoute(request, request.params.id, { approve: true }),
  );

  app.post(
    '/admin/review/:id/reject',
    { config: REVIEW, schema: { params: reviewParams, body: reviewRejectBody, response: { 200: reviewDecided } } },
    async (request) => decideRoute(request, request.params.id, { approve: false, reason: request.body.reason }),
  );
};
