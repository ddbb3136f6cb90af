import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleOutcome } from '#common/api/admin.ts';
import {
  generatedStatements,
  generateStatementsBody,
  markedPaid,
  markPaidBody,
  PAYOUT_ERRORS,
  payoutMonthParams,
  payoutOverview,
  statementPage,
  statementParams,
  statementsQuery,
} from '#common/api/admin-payouts.ts';
import {
  centsPerCoinText,
  isPaymentDate,
  isPaymentReference,
  lastClosedPeriod,
  payoutDay,
  periodClosed,
  periodOf,
  recentPeriods,
} from '#common/domain/payouts.ts';
import { AppError, invalidField, notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import {
  latestStatementPeriod,
  periodSummaries,
  statementById,
  statementsOfPeriod,
} from '#server/features/payouts/data.ts';
import { generateStatements, markStatementPaid } from '#server/features/payouts/mutations.ts';
import { statementsCsv } from './csv.ts';
import { pageOf, presentMonth, presentStatement } from './present.ts';

/** Months the overview lists back from the last closed one. */
export const PAYOUT_PERIODS_SHOWN = 12;

/** Whether a month's statements may be made now: it has ended, and no later month has statements. */
const canGenerate = (period: string, latest: string | null, now: Date) =>
  periodClosed(period, now) && (latest === null || period >= latest);

/**
 * The console's performer payouts (/api/admin/payouts), for operators holding `payouts` (admins):
 * the months and their statements, making a closed month's statements, marking one paid, and a
 * month's CSV for the bank run. Each change is audited under its action key, so a key acts once.
 */
export const payoutConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, config } = ctx;
  const payouts = forOperators('payouts');

  app.get('/admin/payouts', { config: payouts, schema: { response: { 200: payoutOverview } } }, async (request) => {
    await requireOperator(request);
    const now = new Date();
    const [summaries, latest] = await Promise.all([periodSummaries(db), latestStatementPeriod(db)]);
    const listed = new Set([...recentPeriods(lastClosedPeriod(now), PAYOUT_PERIODS_SHOWN), ...summaries.keys()]);
    const months = [...listed]
      .sort()
      .reverse()
      .map((period) => presentMonth(period, summaries.get(period) ?? null, canGenerate(period, latest, now)));
    return {
      months,
      current: periodOf(now),
      centsPerCoin: centsPerCoinText(config.payouts.rate),
      minimumCents: config.payouts.minimumCents,
    };
  });

  app.get(
    '/admin/payouts/:period',
    {
      config: payouts,
      schema: { params: payoutMonthParams, querystring: statementsQuery, response: { 200: statementPage } },
    },
    async (request) => {
      await requireOperator(request);
      const { period } = request.params;
      const [rows, summaries, latest] = await Promise.all([
        statementsOfPeriod(db, period),
        periodSummaries(db),
        latestStatementPeriod(db),
      ]);
      return {
        month: presentMonth(period, summaries.get(period) ?? null, canGenerate(period, latest, new Date())),
        statements: pageOf(rows, request.query),
        total: rows.length,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/admin/payouts/:period/statements.csv',
    { config: payouts, schema: { params: payoutMonthParams, response: { 200: z.string() } } },
    async (request, reply) => {
      await requireOperator(request);
      const { period } = request.params;
      const rows = await statementsOfPeriod(db, period);
      // Bank data: downloaded, never kept by a browser or a proxy, never read as anything but CSV.
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="payouts-${period}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .type('text/csv; charset=utf-8')
        .send(statementsCsv(rows));
    },
  );

  app.post(
    '/admin/payouts/generate',
    { config: payouts, schema: { body: generateStatementsBody, response: { 200: generatedStatements } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const { period } = request.body;
      if (!periodClosed(period, new Date())) throw invalidField('period', PAYOUT_ERRORS.notClosed);
      const made = await generateStatements(ctx, {
        period,
        rate: config.payouts.rate,
        minimumCents: config.payouts.minimumCents,
        operatorId: operator.id,
        formKey,
      });
      if (!made.ok) throw new AppError('conflict', { message: 'later_exists' });
      const outcome: ConsoleOutcome = made.repeated ? 'repeat' : made.created > 0 ? 'done' : 'unchanged';
      request.log.info({ operatorId: operator.id, period, outcome, created: made.created }, 'payout statements made');
      if (outcome === 'done') consoleChanged(ctx.realtime, ['payouts']);
      return { outcome, created: made.created, existing: made.existing };
    },
  );

  app.post(
    '/admin/payouts/statements/:id/paid',
    {
      config: payouts,
      schema: { params: statementParams, body: markPaidBody, response: { 200: markedPaid } },
    },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const statement = await statementById(db, request.params.id);
      if (!statement) throw notFound();
      const { paidOn, reference } = request.body;
      if (!isPaymentDate(paidOn, statement.period, payoutDay(new Date()))) {
        throw invalidField('paidOn', PAYOUT_ERRORS.paidOn);
      }
      if (!isPaymentReference(reference)) throw invalidField('reference', PAYOUT_ERRORS.reference);
      const result = await markStatementPaid(ctx, {
        statementId: statement.id,
        paidOn,
        reference,
        operatorId: operator.id,
        formKey,
      });
      if (!result.ok) {
        if (result.reason === 'not_found') throw notFound();
        throw new AppError('conflict', { message: result.reason === 'no_coins' ? 'no_coins' : 'not_due' });
      }
      const outcome: ConsoleOutcome = result.repeated ? 'repeat' : result.replayed ? 'unchanged' : 'done';
      request.log.info({ operatorId: operator.id, statementId: statement.id, outcome }, 'payout statement paid');
      if (outcome === 'done') consoleChanged(ctx.realtime, ['payouts']);
      return { outcome, statement: presentStatement(result.statement) };
    },
  );
};
