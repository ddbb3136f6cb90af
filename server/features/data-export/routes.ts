import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataExportDownloadQuery, dataExportQuery, dataExportStatus } from '#common/api/data-export.ts';
import { CONSENT_COOKIE } from '#common/constants.ts';
import { AppError, dataExportTooSoon, forbidden, linkExpired, notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { exportByToken, latestExport } from './data.ts';
import { BUILD_JOB, type BuildPayload, buildOrFail, CLEANUP_EVERY_MS, CLEANUP_JOB, cleanUp, linkHash } from './job.ts';
import { consumeLink, markFileDeleted, requestExport } from './mutations.ts';
import { linkState, presentStatus } from './present.ts';

/** The analytics cookie's value as the browser sent it, if it is one the banner writes. */
const cookieChoice = (value: string | undefined) => (value && /^[a-z0-9_-]{1,20}$/i.test(value) ? value : null);

/**
 * A member's copy of her data (decision 068): the request (recorded, answered at once, built by
 * a delayed job), where it stands, and the mailed link's single download. The routes ask her to be
 * signed in as the member the copy is of; the link alone is not enough.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /user/data-export': 'member',
    'POST /user/data-export': 'member',
    'GET /user/data-export/download': 'member',
  });
  const { ctx } = app;
  const { db, config, storage, scheduler, background } = ctx;
  scheduler.handle<BuildPayload>(BUILD_JOB, (payload, now) => buildOrFail(ctx, payload, now));
  scheduler.every(CLEANUP_JOB, { everyMs: CLEANUP_EVERY_MS, run: (now) => cleanUp(ctx, now, app.log) });

  app.get(
    '/user/data-export',
    {
      schema: {
        summary: 'Says where the member’s latest data copy stands, and whether a mailed link still works.',
        querystring: dataExportQuery,
        response: { 200: dataExportStatus },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = new Date();
      const { token } = request.query;
      const link = token
        ? linkState(await exportByToken(db, linkHash(config.sessionSecret, token)), user.id, now)
        : null;
      return presentStatus(await latestExport(db, user.id), now, link);
    },
  );

  app.post(
    '/user/data-export',
    {
      schema: {
        summary: 'Asks for a copy of the member’s data, built in the background and mailed; one a day.',
        response: { 202: dataExportStatus },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const now = new Date();
      const result = await requestExport(db, {
        userId: user.id,
        locale: user.locale,
        cookieChoice: cookieChoice(request.cookies[CONSENT_COOKIE]),
        now,
      });
      if ('nextAt' in result) throw dataExportTooSoon(result.nextAt, now);
      await scheduler.later(BUILD_JOB, { exportId: result.row.id } satisfies BuildPayload, { delayMs: 0 });
      return reply.code(202).send(presentStatus(result.row, now));
    },
  );

  app.get(
    '/user/data-export/download',
    {
      schema: {
        summary: 'Sends the member’s data copy as a ZIP, once, through the mailed link.',
        querystring: dataExportDownloadQuery,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const now = new Date();
      const tokenHash = linkHash(config.sessionSecret, request.query.token);
      const row = await consumeLink(db, { tokenHash, userId: user.id, now });
      if (!row?.storageKey) {
        const state = linkState(await exportByToken(db, tokenHash), user.id, now);
        if (state === 'other') throw forbidden();
        if (state === 'unknown') throw notFound();
        throw linkExpired();
      }
      const key = row.storageKey;
      const size = await storage.size(key);
      if (size === null) throw new AppError('not_found');
      // The file goes once the answer has gone out (or the connection broke): the link is used.
      background.afterReply(reply, 'data export delete', async () => {
        await storage.delete(key);
        await markFileDeleted(db, row.id, new Date());
      });
      const day = row.requestedAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(storage.read(key));
    },
  );
};
