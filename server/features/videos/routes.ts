import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyBody, buyVideoResponse, playResponse, rateBody, rateResponse, videoDetail } from '#common/api/media.ts';
import {
  type ImageFormat,
  type ImageWidth,
  imageContentType,
  VARIANT_SUFFIX,
  variantPath,
} from '#common/domain/images.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { requireUser, requireVerifiedUser, sessionUser } from '#server/features/accounts/policy.ts';
import { requireAgeChecked } from '#server/features/avs/policy.ts';
import { owns } from '#server/features/purchases/data.ts';
import { contentPartParams, idField, tokenParams } from '#server/features/purchases/params.ts';
import { MEDIA_URL_SECONDS, signMedia, verifyMedia } from '#server/features/purchases/tokens.ts';
import { phoneChatLineOf } from '#server/features/shows/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { enforce } from '#server/http/throttle.ts';
import { videoPosterKey } from '#server/media/keys.ts';
import { ensureRendition } from '#server/media/renditions.ts';
import { videoByCcid, videoById, videoDetailView, videoItem, videoPart } from './data.ts';
import { buyVideoPart, countView, rateVideoPart } from './mutations.ts';

/** A poster's number (only 1 exists) and, for a rendition, its suffix: `1`, `1.360w.webp`. */
const posterField = z.string().regex(/^[1-9]\d{0,5}(?:\.\d{1,4}w\.[a-z]{3,4})?$/);

/** The storage key of poster `n` (`1` the JPEG, `1.<width>w.<format>` a rendition), or null. */
function posterKeyOf(ccid: number, n: string): string | null {
  if (n === '1') return videoPosterKey(ccid);
  const m = VARIANT_SUFFIX.exec(n);
  if (!m || n !== `1${m[0]}`) return null;
  return variantPath(videoPosterKey(ccid), Number(m[1]) as ImageWidth, m[2] as ImageFormat);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Play URLs one address may ask for in PLAY_WINDOW_SECONDS (a page of players, not a script). */
export const PLAYS_PER_WINDOW = 60;
export const PLAY_WINDOW_SECONDS = 60;
/** A viewer counts one view of a video at most this often, or once per length of the part when longer. */
export const VIEW_WINDOW_MIN_SECONDS = 60;

/** The videos calls (under /api): detail, poster, buying, rating, playing and counting views. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /videos/:id': 'public',
    'GET /videos/image/:id/:n': 'public',
    'POST /videos/buy/:ccid/:part': 'verified',
    'POST /videos/rate/:ccid/:part': 'verified',
    'GET /videos/play/:ccid/:part': 'public',
    'POST /videos/view/*': 'public',
  });
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
      return videoDetailView(db, video, user?.id ?? null, request.locale, phoneChatLineOf(config));
    },
  );

  app.get(
    '/videos/image/:id/:n',
    { schema: { params: z.object({ id: idField, n: posterField }) } },
    async (request, reply) => {
      const video = await videoById(db, request.params.id);
      const key = video && posterKeyOf(video.ccid, request.params.n);
      if (!key) throw notFound();
      await ensureRendition(storage, key);
      return sendStored(request, reply, storage, key, {
        contentType: imageContentType(key),
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
      return {
        video: await videoDetailView(db, video, user.id, request.locale, phoneChatLineOf(config)),
        coins: result.balance,
      };
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
      await enforce(throttle, `video-play:${addressKey(request.ip)}`, PLAYS_PER_WINDOW, PLAY_WINDOW_SECONDS);
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

  // The player posts its view URL once playback starts. A viewer (the member the URL was made
  // for, else the address) counts one view of a video per window, however many URLs they fetch.
  app.post('/videos/view/*', { schema: { params: tokenParams } }, async (request, reply) => {
    const grant = verifyMedia(config.media.signingKey, request.params['*'], 'view', nowSeconds());
    const [, id, n] = grant?.key.split(':') ?? [];
    const videoId = Number(id);
    const partNo = Number(n);
    if (!grant || !Number.isSafeInteger(videoId) || !Number.isSafeInteger(partNo)) throw forbidden();
    const part = (await videoById(db, videoId)) && (await videoPart(db, videoId, partNo));
    if (!part) throw notFound();
    const viewer = grant.userId ?? addressKey(request.ip);
    const window = Math.max(VIEW_WINDOW_MIN_SECONDS, part.duration);
    const first = await throttle.hit(`video-view:${viewer}:${videoId}`, 1, window);
    if (first.allowed) await countView(db, videoId);
    return reply.code(204).send();
  });
};
