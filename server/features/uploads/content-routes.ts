import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentList,
  contentParams,
  editContentBody,
  submitGalleryBody,
  submitVideoBody,
} from '#common/api/uploads.ts';
import { notFound } from '#server/errors.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { repeatEvery } from '#server/repeat.ts';
import { contentOfShow } from './content-data.ts';
import { editContent, submitGallery, submitVideo } from './content-mutations.ts';
import { createMediaWorker } from './processing.ts';
import { activePerformer } from './routes.ts';

/**
 * "My content" in the studio: her videos and galleries with their status; a received video or
 * pictures submitted as a pending video or gallery (processed in the background, then reviewed);
 * a change of texts and prices (reviewed before it shows on a published item).
 */
export const studioContentRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /studio/content': 'performer',
    'POST /studio/content/videos': 'performer',
    'POST /studio/content/galleries': 'performer',
    'PATCH /studio/content/videos/:id': 'performer',
    'PATCH /studio/content/galleries/:id': 'performer',
  });
  const { db, config, storage } = app.ctx;
  // A processed item waits in the review queue from now: the moderators' screens read it again.
  const worker = createMediaWorker(
    { db, storage, uploadDir: config.uploads.dir },
    (err) => app.log.error({ err }, 'media processing failed'),
    () => consoleChanged(app.ctx.realtime, ['review']),
  );
  // Under test the tests run the jobs themselves (processMediaJobs); elsewhere a submission
  // starts the worker, and a timer finds work a restart or another process left. Per process on
  // purpose: it only wakes this process's worker, whose jobs are claimed row by row already.
  const auto = config.env !== 'test';
  const stopTimer = auto
    ? repeatEvery(
        30_000,
        async () => worker.kick(),
        () => {},
      )
    : null;
  if (auto) app.addHook('onReady', async () => worker.kick());
  app.addHook('preClose', async () => {
    await stopTimer?.();
    await worker.idle();
  });

  app.get('/studio/content', { schema: { response: { 200: contentList } } }, async (request, reply) => {
    const performer = await activePerformer(request);
    reply.header('cache-control', 'no-store');
    return { data: await contentOfShow(db, performer.showId) };
  });

  app.post('/studio/content/videos', { schema: { body: submitVideoBody } }, async (request, reply) => {
    const performer = await activePerformer(request);
    const video = await submitVideo(db, performer.id, performer.showId, request.body);
    request.log.info({ performerId: performer.id, videoId: video.id }, 'video submitted');
    if (auto) worker.kick();
    return reply.code(201).send({ id: video.id });
  });

  app.post('/studio/content/galleries', { schema: { body: submitGalleryBody } }, async (request, reply) => {
    const performer = await activePerformer(request);
    const gallery = await submitGallery(db, performer.id, performer.showId, request.body);
    request.log.info({ performerId: performer.id, galleryId: gallery.id }, 'gallery submitted');
    if (auto) worker.kick();
    return reply.code(201).send({ id: gallery.id });
  });

  for (const kind of ['videos', 'galleries'] as const) {
    app.patch(
      `/studio/content/${kind}/:id`,
      { schema: { params: contentParams, body: editContentBody } },
      async (request) => {
        const performer = await activePerformer(request);
        const target = kind === 'videos' ? { videoId: request.params.id } : { galleryId: request.params.id };
        const { price, partPrices, ...texts } = request.body;
        const edit = {
          ...texts,
          ...(kind === 'galleries' && price !== undefined ? { price } : {}),
          ...(kind === 'videos' && partPrices ? { partPrices } : {}),
        };
        if (!(await editContent(db, performer.id, performer.showId, target, edit))) throw notFound();
        // A change (or a rejected item changed) waits for review now, its media processed long ago.
        consoleChanged(app.ctx.realtime, ['review']);
        return { ok: true as const };
      },
    );
  }
};
