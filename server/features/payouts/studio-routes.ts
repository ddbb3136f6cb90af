import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studioPayouts, studioStatement } from '#common/api/payouts.ts';
import { amountCents, centsPerCoinText } from '#common/domain/payouts.ts';
import { notFound } from '#server/errors.ts';
import { requirePerformer } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { runningEarnings, statementById, statementsOfShow } from './data.ts';
import { presentStudioStatement } from './present.ts';

const idParam = z.object({ id: z.string().max(20) });

/**
 * Her payouts in the studio (/api/studio/payouts): her own show's statements only (the show comes
 * from her session; another show's statement answers 404 as if there were none), and what she
 * has earned in the month running now.
 */
export const studioPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /studio/payouts': 'performer',
    'GET /studio/payouts/:id': 'performer',
  });
  const { ctx } = app;
  const { db, config } = ctx;

  app.get('/studio/payouts', { schema: { response: { 200: studioPayouts } } }, async (request) => {
    const { performer } = await requirePerformer(request);
    const [rows, running] = await Promise.all([
      statementsOfShow(db, performer.showId),
      runningEarnings(db, performer.showId, new Date()),
    ]);
    return {
      statements: rows.map(presentStudioStatement),
      current: { ...running.current, amountCents: amountCents(running.current.earned, config.payouts.rate) },
      waiting: running.waiting,
      centsPerCoin: centsPerCoinText(config.payouts.rate),
      minimumCents: config.payouts.minimumCents,
    };
  });

  app.get(
    '/studio/payouts/:id',
    { schema: { params: idParam, response: { 200: studioStatement } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const raw = request.params.id;
      const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? Number(raw) : null;
      const row = id === null ? null : await statementById(db, id);
      if (!row || row.showId !== performer.showId) throw notFound();
      return presentStudioStatement(row);
    },
  );
};
