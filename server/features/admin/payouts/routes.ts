import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isPaymentDate,
  isPaymentReference,
  isPeriod,
  lastClosedPeriod,
  PAYMENT_REFERENCE_MAX,
  payoutDay,
  periodClosed,
  periodOf,
  recentPeriods,
} from '#common/domain/payouts.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import type { StatementRow } from '#server/features/payouts/data.ts';
import {
  latestStatementPeriod,
  periodSummaries,
  statementById,
  statementsOfPeriod,
} from '#server/features/payouts/data.ts';
import { generateStatements, markStatementPaid } from '#server/features/payouts/mutations.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import { statementsCsv } from './csv.ts';
import {
  type PayoutNotice,
  payoutNotFoundPage,
  payoutPeriodPage,
  payoutPeriodsPage,
  payoutStatementPage,
} from './html.ts';

/** Months the payouts page lists back from the last closed one. */
export const PAYOUT_PERIODS_SHOWN = 12;
/** The payout forms are small: a token, a key, a date and a reference. */
const FORM_LIMIT = 4096;
/** The mark-paid form's key (one form, one answer). */
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;

const idParam = z.object({ id: z.string().max(20).catch('') });
const periodParam = z.object({ period: z.string().max(20).catch('') });
const periodQuery = z.object({
  made: z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined),
  had: z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined),
});
const statementQuery = z.object({ done: z.enum(['paid', 'replayed']).optional().catch(undefined) });

/**
 * The console's performer payouts (/admin/payouts), for operators holding `payouts` (admins): the
 * closed months and their statements, creating a month's statements, a statement's page with the
 * form that marks it paid, and a month's CSV for the bank run. Forms carry the operator session's
 * token and come from this site (as the support desk's); every change is audited with it.
 */
export const payoutConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, config } = ctx;
  acceptPageForms(app, FORM_LIMIT);

  const periodsHtml = async (request: FastifyRequest, signedIn: SignedInOperator, notice: PayoutNotice | null) => {
    const now = new Date();
    const [summaries, latest] = await Promise.all([periodSummaries(db), latestStatementPeriod(db)]);
    const listed = new Set([...recentPeriods(lastClosedPeriod(now), PAYOUT_PERIODS_SHOWN), ...summaries.keys()]);
    const periods = [...listed]
      .sort()
      .reverse()
      .map((period) => ({
        period,
        summary: summaries.get(period) ?? null,
        canCreate: periodClosed(period, now) && (latest === null || period >= latest),
      }));
    return payoutPeriodsPage({
      locale: request.locale,
      periods,
      current: periodOf(now),
      rate: config.payouts.rate,
      minimumCents: config.payouts.minimumCents,
      formToken: consoleFormToken(ctx, signedIn),
      notice,
    });
  };

  const statementHtml = (
    request: FastifyRequest,
    signedIn: SignedInOperator,
    statement: StatementRow,
    notice: PayoutNotice | null,
    draft: { paidOn?: string; reference?: string } = {},
  ) => {
    const today = payoutDay(new Date());
    return payoutStatementPage({
      locale: request.locale,
      statement,
      notice,
      form:
        statement.state === 'due'
          ? {
              token: consoleFormToken(ctx, signedIn),
              key: randomBytes(24).toString('base64url'),
              paidOn: draft.paidOn ?? today,
              reference: draft.reference ?? '',
              today,
            }
          : null,
    });
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 404, payoutNotFoundPage(request.locale));

  app.get('/admin/payouts', async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'payouts', '/admin/payouts');
    if ('refused' in gate) return gate.refused;
    return sendHtml(reply, 200, await periodsHtml(request, gate.signedIn, null));
  });

  app.post('/admin/payouts/generate', { config: { csrf: false } }, async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'payouts', '/admin/payouts');
    if ('refused' in gate) return gate.refused;
    const { signedIn } = gate;
    const page = async (status: number, notice: PayoutNotice) =>
      sendHtml(reply, status, await periodsHtml(request, signedIn, notice));
    const fields = formFields(request.body);
    if (!fields || !consoleFormValid(ctx, request, signedIn, fields.token)) {
      return page(403, { kind: 'alert', key: 'expired' });
    }
    const period = fields.period ?? '';
    if (!isPeriod(period)) return page(422, { kind: 'alert', key: 'periodInvalid' });
    if (!periodClosed(period, new Date())) return page(422, { kind: 'alert', key: 'notClosed', vars: { period } });
    const made = await generateStatements(ctx, {
      period,
      rate: config.payouts.rate,
      minimumCents: config.payouts.minimumCents,
      operatorId: signedIn.operator.id,
    });
    if (!made.ok) return page(422, { kind: 'alert', key: 'laterExists', vars: { period, latest: made.latest } });
    request.log.info({ operatorId: signedIn.operator.id, period, ...made }, 'payout statements made');
    return reply.redirect(`/admin/payouts/${period}?made=${made.created}&had=${made.existing}`, 303);
  });

  app.get(
    '/admin/payouts/:period',
    { schema: { params: periodParam, querystring: periodQuery } },
    async (request, reply) => {
      const { period } = request.params;
      const gate = await consoleOperator(
        ctx,
        request,
        reply,
        'payouts',
        isPeriod(period) ? `/admin/payouts/${period}` : '/admin/payouts',
      );
      if ('refused' in gate) return gate.refused;
      if (!isPeriod(period)) return notFound(request, reply);
      const [rows, summaries] = await Promise.all([statementsOfPeriod(db, period), periodSummaries(db)]);
      const { made, had } = request.query;
      const notice: PayoutNotice | null =
        made === undefined
          ? null
          : { kind: 'status', key: 'generated', vars: { created: String(made), existing: String(had ?? 0) } };
      return sendHtml(
        reply,
        200,
        payoutPeriodPage({ locale: request.locale, period, rows, summary: summaries.get(period) ?? null, notice }),
      );
    },
  );

  app.get('/admin/payouts/:period/statements.csv', { schema: { params: periodParam } }, async (request, reply) => {
    const { period } = request.params;
    const gate = await consoleOperator(ctx, request, reply, 'payouts', '/admin/payouts');
    if ('refused' in gate) return gate.refused;
    if (!isPeriod(period)) return notFound(request, reply);
    const rows = await statementsOfPeriod(db, period);
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="payouts-${period}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .type('text/csv; charset=utf-8')
      .send(statementsCsv(rows));
  });

  app.get(
    '/admin/payouts/statements/:id',
    { schema: { params: idParam, querystring: statementQuery } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'payouts', `/admin/payouts/statements/${id ?? ''}`);
      if ('refused' in gate) return gate.refused;
      const statement = id === null ? null : await statementById(db, id);
      if (!statement) return notFound(request, reply);
      const { done } = request.query;
      const notice: PayoutNotice | null = done
        ? { kind: 'status', key: done === 'paid' ? 'paid' : 'alreadyPaid' }
        : null;
      return sendHtml(reply, 200, statementHtml(request, gate.signedIn, statement, notice));
    },
  );

  app.post(
    '/admin/payouts/statements/:id/paid',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'payouts', `/admin/payouts/statements/${id ?? ''}`);
      if ('refused' in gate) return gate.refused;
      const { signedIn } = gate;
      const statement = id === null ? null : await statementById(db, id);
      if (!statement) return notFound(request, reply);
      const fields = formFields(request.body);
      const draft = {
        paidOn: (fields?.paidOn ?? '').slice(0, 10),
        reference: (fields?.reference ?? '').slice(0, PAYMENT_REFERENCE_MAX * 2),
      };
      const page = (status: number, notice: PayoutNotice, s = statement) =>
        sendHtml(reply, status, statementHtml(request, signedIn, s, notice, draft));
      if (!fields || !consoleFormValid(ctx, request, signedIn, fields.token) || !FORM_KEY.test(fields.key ?? '')) {
        return page(403, { kind: 'alert', key: 'expired' });
      }
      // Already paid (a second submit, another operator): the statement as it is, nothing changed.
      if (statement.state === 'paid')
        return reply.redirect(`/admin/payouts/statements/${statement.id}?done=replayed`, 303);
      if (statement.state !== 'due') return page(422, { kind: 'alert', key: 'notDue' });
      const reference = draft.reference.trim().replace(/\s+/g, ' ');
      if (!isPaymentDate(draft.paidOn, statement.period, payoutDay(new Date()))) {
        return page(422, { kind: 'alert', key: 'dateInvalid' });
      }
      if (!isPaymentReference(reference)) return page(422, { kind: 'alert', key: 'referenceInvalid' });
      const result = await markStatementPaid(ctx, {
        statementId: statement.id,
        paidOn: draft.paidOn,
        reference,
        operatorId: signedIn.operator.id,
      });
      if (!result.ok) {
        if (result.reason === 'not_found') return notFound(request, reply);
        const fresh = (await statementById(db, statement.id)) ?? statement;
        return page(
          result.reason === 'no_coins' ? 409 : 422,
          {
            kind: 'alert',
            key: result.reason === 'no_coins' ? 'noCoins' : 'notDue',
          },
          fresh,
        );
      }
      request.log.info(
        { operatorId: signedIn.operator.id, statementId: statement.id, replayed: result.replayed },
        'payout statement paid',
      );
      const done = result.replayed ? 'replayed' : 'paid';
      return reply.redirect(`/admin/payouts/statements/${statement.id}?done=${done}`, 303);
    },
  );
};
