import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasControlCharacters } from '#common/api/fields.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { refusalPage, sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { galleryImageKey, videoPosterKey } from '#server/media/keys.ts';
import { openReview, openReviewCount, type ReviewItem, reviewQueue } from './data.ts';
import { REASON_MAX, type ReviewNotice, reviewPage } from './html.ts';
import { decideReview } from './mutations.ts';

const idParam = z.object({ id: z.string().max(20).catch('') });
const DONE = ['approved', 'editApproved', 'rejected', 'alreadyDecided'] as const;
const queueQuery = z.object({ done: z.enum(DONE).optional().catch(undefined) });
const QUEUE_SHOWN = 50;
/** Operators only, never cached by a shared cache. */
const PRIVATE = (contentType: string) => ({ contentType, cacheControl: 'private, no-store' });

/**
 * The review queue (/admin/review) for operators with the `review` capability (moderator,
 * admin): every waiting new item and edit, oldest first, with its preview (poster, the clips
 * playable here only, the pictures), approve and reject with a reason. Each decision and its
 * audit entry are one transaction; a second submit finds the item decided and changes nothing.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, storage } = ctx;
  acceptPageForms(app, REASON_MAX * 12 + 1024);

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedInOperator,
    status: number,
    notice: ReviewNotice | null,
    draft: { id: number; reason: string } | null = null,
  ) => {
    const [items, total] = await Promise.all([reviewQueue(db, QUEUE_SHOWN), openReviewCount(db)]);
    const html = reviewPage({
      locale: request.locale,
      items,
      total,
      formToken: consoleFormToken(ctx, signedIn),
      notice,
      draft,
    });
    return sendHtml(reply, status, html);
  };

  app.get('/admin/review', { schema: { querystring: queueQuery } }, async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'review', '/admin/review');
    if ('refused' in gate) return gate.refused;
    const done = request.query.done;
    const notice: ReviewNotice | null = done
      ? { kind: done === 'alreadyDecided' ? 'alert' : 'status', key: done }
      : null;
    return page(request, reply, gate.signedIn, 200, notice);
  });

  /** The open review of the path for an operator who may review, or the answer already given. */
  const reviewOf = async (request: FastifyRequest, reply: FastifyReply, rawId: string) => {
    const id = pathId(rawId);
    const gate = await consoleOperator(ctx, request, reply, 'review', '/admin/review');
    if ('refused' in gate) return { refused: gate.refused };
    const item = id === null ? null : await openReview(db, id);
    return { signedIn: gate.signedIn, item, id };
  };
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(
      reply,
      404,
      refusalPage(request.locale, 'notFound', { back: { href: '/admin/review', label: 'backToConsole' } }),
    );

  // The previews: only files of an item still waiting, only for operators who may review.
  const media = (item: ReviewItem | null, file: string, extra: string | undefined) => {
    if (!item) return null;
    if (item.video && file === 'poster') return { key: videoPosterKey(item.video.ccid), type: 'image/jpeg' };
    const part = item.video?.parts.find((p) => String(p.part) === extra);
    if (item.video && file === 'clip' && part?.storageKey) return { key: part.storageKey, type: 'video/webm' };
    const [imageId, size] = (extra ?? '').split('/');
    if (item.gallery && file === 'picture' && item.gallery.imageIds.some((i) => String(i) === imageId)) {
      const variant = size === 'full' ? 'full' : 'thumb';
      return { key: galleryImageKey(item.gallery.id, Number(imageId), variant), type: 'image/jpeg' };
    }
    return null;
  };
  app.get(
    '/admin/review/:id/:file/*',
    {
      schema: {
        params: z.object({ id: z.string().max(20).catch(''), file: z.string().max(20), '*': z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const found = await reviewOf(request, reply, request.params.id);
      if ('refused' in found) return found.refused;
      const target = media(found.item, request.params.file, request.params['*']);
      if (!target) return notFoundPage(request, reply);
      return sendStored(request, reply, storage, target.key, PRIVATE(target.type));
    },
  );
  app.get('/admin/review/:id/poster', { schema: { params: idParam } }, async (request, reply) => {
    const found = await reviewOf(request, reply, request.params.id);
    if ('refused' in found) return found.refused;
    const target = media(found.item, 'poster', undefined);
    if (!target) return notFoundPage(request, reply);
    return sendStored(request, reply, storage, target.key, PRIVATE(target.type));
  });

  app.post(
    '/admin/review/:id/approve',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const found = await reviewOf(request, reply, request.params.id);
      if ('refused' in found) return found.refused;
      const fields = formFields(request.body);
      if (!consoleFormValid(ctx, request, found.signedIn, fields?.token)) {
        return page(request, reply, found.signedIn, 403, { kind: 'alert', key: 'expired' });
      }
      if (!found.item) {
        return found.id === null
          ? notFoundPage(request, reply)
          : reply.redirect('/admin/review?done=alreadyDecided', 303);
      }
      const decided = await decideReview(db, found.item.id, found.signedIn.operator.id, { approve: true });
      request.log.info(
        { operatorId: found.signedIn.operator.id, reviewId: found.item.id, decided },
        'content approved',
      );
      const done = !decided ? 'alreadyDecided' : found.item.edit ? 'editApproved' : 'approved';
      return reply.redirect(`/admin/review?done=${done}`, 303);
    },
  );

  app.post(
    '/admin/review/:id/reject',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const found = await reviewOf(request, reply, request.params.id);
      if ('refused' in found) return found.refused;
      const fields = formFields(request.body, { multiline: ['reason'] });
      const raw = (fields?.reason ?? '').replace(/\r\n?/g, '\n');
      const draft = found.item ? { id: found.item.id, reason: raw.slice(0, REASON_MAX * 2) } : null;
      if (!consoleFormValid(ctx, request, found.signedIn, fields?.token)) {
        return page(request, reply, found.signedIn, 403, { kind: 'alert', key: 'expired' }, draft);
      }
      if (!found.item) {
        return found.id === null
          ? notFoundPage(request, reply)
          : reply.redirect('/admin/review?done=alreadyDecided', 303);
      }
      const reason = raw.trim();
      const refusal: ReviewNotice | null = !fields
        ? { kind: 'alert', key: 'reasonInvalid' }
        : reason.length === 0
          ? { kind: 'alert', key: 'reasonRequired' }
          : reason.length > REASON_MAX
            ? { kind: 'alert', key: 'reasonTooLong', vars: { max: String(REASON_MAX) } }
            : hasControlCharacters(reason, { multiline: true })
              ? { kind: 'alert', key: 'reasonInvalid' }
              : null;
      if (refusal) return page(request, reply, found.signedIn, 422, refusal, draft);
      const decided = await decideReview(db, found.item.id, found.signedIn.operator.id, { approve: false, reason });
      request.log.info(
        { operatorId: found.signedIn.operator.id, reviewId: found.item.id, decided },
        'content rejected',
      );
      return reply.redirect(`/admin/review?done=${decided ? 'rejected' : 'alreadyDecided'}`, 303);
    },
  );
};
