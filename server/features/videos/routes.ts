import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyBody, buyVideoResponse, playResponse, rateBody, rateResponse, videoDetail } from '#common/api/media.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { requireUser, requireVerifiedUser, sessionUser } from '#server/features/accounts/policy.ts';
import { requireAgeChecked } from '#server/features/avs/policy.ts';
import { owns } from '#server/features/purchases/data.ts';
import { contentPartParams, idField, tokenParams } from '#server/features/purchases/params.ts';
import { MEDIA_URL_SECONDS, signMedia, tokenId, verifyMedia } from '#server/features/purchases/tokens.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { videoPosterKey } from '#server/media/keys.ts';
import { videoByCcid, videoById, videoDetailView, videoItem, videoPart } from './data.ts';
import { buyVideoPart, countView, rateVideoPart } from './mutations.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The videos calls (under /api): detail, poster, buying, rating, playing and counting views. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage, throttle } = app.ctx;

  /** The video and part of a ccid/part path, or 404. */
  async function videoAndPart(ccid: number, part: number) {
    const video = await videoByCcid(db, ccid);
    const row = video && (await videoPart(db, video.id, part));
    if (!video || !row) throw notFound();
    return { video, part: row };
  }

  app.get(
    '/videos/:id',
    { schema: { params: z.object({ id: idField }), response: { 200: videoDetail } } },
    async (request) => {
      const video = await videoById(db, request.params.id);
      if (!video) throw notFound();
      const user = await sessionUser(request);
      return videoDetailView(db, video, user?.id ?? null, request.locale);
    },
  );

  app.get(
    '/videos/image/:id/:n',
    { schema: { params: z.object({ id: idField, n: idField }) } },
    async (request, reply) => {
      const video = await videoById(db, request.params.id);
      if (!video || request.params.n !== 1) throw notFound();
      return sendStored(request, reply, storage, videoPosterKey(video.ccid), {
        contentType: 'image/jpeg',
        cacheControl: 'public, max-age=86400',
      });
    },
  );

  app.post(
    '/videos/buy/:ccid/:part',
    { schema: { params: contentPartParams, body: buyBody, response: { 200: buyVideoResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      await requireAgeChecked(request, 'media');
      const { video, part } = await videoAndPart(request.params.ccid, request.params.part);
      if (part.free || part.price <= 0) throw new AppError('not_for_sale');
      const result = await buyVideoPart(app.ctx, {
        userId: user.id,
        videoId: video.id,
        part: part.part,
        price: part.price,
        useVoucher: request.body.use_voucher === 1,
      });
      if (!result.ok) throw new AppError(result.reason);
      return { video: await videoDetailView(db, video, user.id, request.locale), coins: result.balance };
    },
  );

  app.post(
    '/videos/rate/:ccid/:part',
    { schema: { params: contentPartParams, body: rateBody, response: { 200: rateResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      const { video, part } = await videoAndPart(request.params.ccid, request.params.part);
      if (!part.free && !(await owns(db, user.id, videoItem(video.id, part.part)))) throw forbidden();
      const rated = await rateVideoPart(db, {
        userId: user.id,
        videoId: video.id,
        part: part.part,
        rating: request.body.rating,
      });
      if (!rated) throw notFound();
      return rated;
    },
  );

  app.get(
    '/videos/play/:ccid/:part',
    { schema: { params: contentPartParams, response: { 200: playResponse } } },
    async (request) => {
      const { video, part } = await videoAndPart(request.params.ccid, request.params.part);
      // Anyone may play a free part; any other only the member who bought it.
      const user = part.free ? await sessionUser(request) : await requireUser(request);
      if (!part.free && (!user || !(await owns(db, user.id, videoItem(video.id, part.part))))) throw forbidden();
      await requireAgeChecked(request, 'media');
      if (!part.storageKey) throw notFound();
      // Long enough to watch the whole part: the player keeps asking for ranges while it plays.
      const expires = nowSeconds() + MEDIA_URL_SECONDS + part.duration;
      const userId = user?.id ?? null;
      const key = config.media.signingKey;
      return {
        url: `/media/clips/${signMedia(key, { kind: 'clip', key: part.storageKey, userId, expires })}`,
        view_url: `/api/videos/view/${signMedia(key, { kind: 'view', key: videoItem(video.id, part.part), userId, expires })}`,
        expires,
      };
    },
  );

  // The player posts its view URL once playback starts; each URL counts one view at most.
  app.post('/videos/view/*', { schema: { params: tokenParams } }, async (request, reply) => {
    const token = request.params['*'];
    const grant = verifyMedia(config.media.signingKey, token, 'view', nowSeconds());
    const videoId = Number(grant?.key.split(':')[1]);
    if (!grant || !Number.isSafeInteger(videoId)) throw forbidden();
    // Remembered for as long as the token works, so it counts once.
    const first = await throttle.hit(`video-view:${tokenId(token)}`, 1, grant.expires - nowSeconds() + 60);
    if (first.allowed) await countView(db, videoId);
    return reply.code(204).send();
  });
};
