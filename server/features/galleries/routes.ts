import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyBody, buyGalleryResponse, galleryDetail, rateBody, rateResponse } from '#common/api/media.ts';
import type { Locale } from '#common/constants.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { requireVerifiedUser, sessionUser } from '#server/features/accounts/policy.ts';
import { requireAgeChecked } from '#server/features/avs/policy.ts';
import { boughtGalleries } from '#server/features/purchases/data.ts';
import { idField, universalIdField } from '#server/features/purchases/params.ts';
import { phoneChatLineOf } from '#server/features/shows/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { freeGalleryOfShow, type GalleryRow, galleryDetailView, galleryOfShow } from './data.ts';
import { buyGallery, rateGallery } from './mutations.ts';
import { isUnlocked } from './present.ts';
import { galleryUrls } from './urls.ts';

const showGalleryParams = z.object({ showId: universalIdField, galleryId: idField });

/** The galleries calls (under /api): a gallery of a show, its free gallery, buying and rating. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /galleries/free/:showId': 'public',
    'GET /galleries/:showId/:galleryId': 'public',
    'POST /galleries/buy/:showId/:galleryId': 'verified',
    'POST /galleries/rate/:showId/:galleryId': 'verified',
  });
  const { db, config } = app.ctx;

  /** The gallery as this member or visitor sees it: plain thumbs and pictures behind signed URLs once unlocked. */
  function view(row: GalleryRow, userId: number | null, locale: Locale) {
    return galleryDetailView(
      db,
      row,
      userId,
      locale,
      galleryUrls(config.media.signingKey, userId),
      phoneChatLineOf(config),
    );
  }

  /** The detail; unlocked pictures are explicit media and need the age check where it applies. */
  async function detail(request: Parameters<typeof sessionUser>[0], row: GalleryRow | null) {
    if (!row) throw notFound();
    const user = await sessionUser(request);
    const userId = user?.id ?? null;
    if (isUnlocked(row, (await boughtGalleries(db, userId, [row.id])).has(row.id))) {
      await requireAgeChecked(request, 'media');
    }
    return view(row, userId, request.locale);
  }

  app.get(
    '/galleries/free/:showId',
    { schema: { params: z.object({ showId: universalIdField }), response: { 200: galleryDetail } } },
    async (request) => detail(request, await freeGalleryOfShow(db, request.params.showId)),
  );

  app.get(
    '/galleries/:showId/:galleryId',
    { schema: { params: showGalleryParams, response: { 200: galleryDetail } } },
    async (request) => detail(request, await galleryOfShow(db, request.params.showId, request.params.galleryId)),
  );

  app.post(
    '/galleries/buy/:showId/:galleryId',
    { schema: { params: showGalleryParams, body: buyBody, response: { 200: buyGalleryResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      await requireAgeChecked(request, 'media');
      const gallery = await galleryOfShow(db, request.params.showId, request.params.galleryId);
      if (!gallery) throw notFound();
      if (gallery.free || gallery.price <= 0) throw new AppError('not_for_sale');
      const result = await buyGallery(app.ctx, {
        userId: user.id,
        galleryId: gallery.id,
        price: gallery.price,
        useVoucher: request.body.use_voucher === 1,
      });
      if (!result.ok) throw new AppError(result.reason);
      return { gallery: await view(gallery, user.id, request.locale), coins: result.balance };
    },
  );

  app.post(
    '/galleries/rate/:showId/:galleryId',
    { schema: { params: showGalleryParams, body: rateBody, response: { 200: rateResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      const gallery = await galleryOfShow(db, request.params.showId, request.params.galleryId);
      if (!gallery) throw notFound();
      if (!isUnlocked(gallery, (await boughtGalleries(db, user.id, [gallery.id])).has(gallery.id))) throw forbidden();
      const rated = await rateGallery(db, { userId: user.id, galleryId: gallery.id, rating: request.body.rating });
      if (!rated) throw notFound();
      return rated;
    },
  );
};
