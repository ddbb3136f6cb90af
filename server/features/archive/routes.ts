import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archiveGalleriesResponse,
  archiveLatestResponse,
  archivePageQuery,
  archivePicturesResponse,
  archiveVideosResponse,
} from '#common/api/media.ts';
import { type Locale, PAGE_SIZES } from '#common/constants.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { galleryTilesByIds } from '#server/features/galleries/data.ts';
import { galleryUrls } from '#server/features/galleries/urls.ts';
import { videoTilesByIds } from '#server/features/videos/data.ts';
import { declareAudiences } from '#server/http/audience.ts';
import {
  boughtGalleryList,
  boughtPictures,
  boughtVideos,
  countBoughtGalleries,
  countBoughtPictures,
  countBoughtVideos,
} from './data.ts';
import { presentArchiveGalleries, presentArchivePictures, presentArchiveVideos, presentPage } from './present.ts';

/** How many of each the latest archive shows. */
const LATEST = 4;

/**
 * The member's archive of bought videos and galleries, and of pictures unlocked from messages
 * (under /api), the latest purchase first.
 */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /archive/latest': 'member',
    'GET /archive/videos': 'member',
    'GET /archive/galleries': 'member',
    'GET /archive/pictures': 'member',
  });
  const { db, config } = app.ctx;
  const uniq = (ids: number[]) => [...new Set(ids)];

  const videoPage = async (userId: number, offset: number, limit: number, locale: Locale) => {
    const bought = await boughtVideos(db, userId, offset, limit);
    return presentArchiveVideos(bought, await videoTilesByIds(db, uniq(bought.map((b) => b.videoId)), locale));
  };
  const galleryPage = async (userId: number, offset: number, limit: number, locale: Locale) => {
    const bought = await boughtGalleryList(db, userId, offset, limit);
    const ids = uniq(bought.map((b) => b.galleryId));
    return presentArchiveGalleries(bought, await galleryTilesByIds(db, ids, locale, userId, config.media.signingKey));
  };

  app.get('/archive/latest', { schema: { response: { 200: archiveLatestResponse } } }, async (request) => {
    const user = await requireUser(request);
    const [videos, galleries, videoTotal, galleryTotal] = await Promise.all([
      videoPage(user.id, 0, LATEST, request.locale),
      galleryPage(user.id, 0, LATEST, request.locale),
      countBoughtVideos(db, user.id),
      countBoughtGalleries(db, user.id),
    ]);
    return {
      data: { videos, galleries },
      video_count: videos.length,
      gallery_count: galleries.length,
      video_total: videoTotal,
      gallery_total: galleryTotal,
    };
  });

  app.get(
    '/archive/videos',
    { schema: { querystring: archivePageQuery, response: { 200: archiveVideosResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { page } = request.query;
      const per = PAGE_SIZES.videos;
      const [data, total] = await Promise.all([
        videoPage(user.id, (page - 1) * per, per, request.locale),
        countBoughtVideos(db, user.id),
      ]);
      return presentPage(data, page, per, total);
    },
  );

  app.get(
    '/archive/galleries',
    { schema: { querystring: archivePageQuery, response: { 200: archiveGalleriesResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { page } = request.query;
      const per = PAGE_SIZES.galleries;
      const [data, total] = await Promise.all([
        galleryPage(user.id, (page - 1) * per, per, request.locale),
        countBoughtGalleries(db, user.id),
      ]);
      return presentPage(data, page, per, total);
    },
  );

  app.get(
    '/archive/pictures',
    { schema: { querystring: archivePageQuery, response: { 200: archivePicturesResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { page } = request.query;
      const per = PAGE_SIZES.galleries;
      const [rows, total] = await Promise.all([
        boughtPictures(db, user.id, (page - 1) * per, per),
        countBoughtPictures(db, user.id),
      ]);
      return presentPage(presentArchivePictures(rows, galleryUrls(config.media.signingKey, user.id)), page, per, total);
    },
  );
};
