import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationQueue,
  applicationQueueQuery,
  approveApplicationBody,
  decisionAnswer,
  documentParams,
  performerApplication,
  performerRecord,
  rejectApplicationBody,
} from '#common/api/admin-performers.ts';
import { idParam } from '#common/api/fields.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { idCheckProvider } from '#server/providers/idcheck/provider.ts';
import { performerCloseRoute } from './close-route.ts';
import {
  documentKey,
  documentsOpenTo,
  presentApplication,
  presentQueueEntry,
  presentRecord,
} from './console-present.ts';
import { applicationDetail, applicationQueuePage, findRecord } from './data.ts';
import { identityContentType } from './documents.ts';
import { attemptsOf } from './id-check.ts';
import { approveApplication, rejectApplication } from './mutations.ts';
import { readRecordForm } from './record-form.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The identity pictures as the OpenAPI document names them: the bytes of a JPEG, PNG or WebP image. */
const picture = { schema: z.any().describe('The bytes of the picture') };
const pictureAnswer = {
  description: 'The identity picture; never stored by a browser or a shared cache',
  content: { 'image/jpeg': picture, 'image/png': picture, 'image/webp': picture },
};

/**
 * The console's performer applications (/api/admin/performers..., capability `performers`:
 * moderators and administrators): the queue, an application with its documents (served only
 * here, never cached), and the decision: approve with the 2257 record, or reject with the reason
 * she is told. The 2257 record itself is readable only with the capability `records`.
 */
export const onboardingConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { config, db, storage } = ctx;
  const provider = idCheckProvider(config, db);

  const detailOf = async (id: number) => {
    const detail = await applicationDetail(db, id);
    if (!detail) throw notFound();
    return detail;
  };

  app.get(
    '/admin/performers',
    {
      config: forOperators('performers'),
      schema: { querystring: applicationQueueQuery, response: { 200: applicationQueue } },
    },
    async (request) => {
      await requireOperator(request);
      const { rows, total } = await applicationQueuePage(db, request.query);
      return { rows: rows.map(presentQueueEntry), total };
    },
  );

  app.get(
    '/admin/performers/:id',
    { config: forOperators('performers'), schema: { params: idParam, response: { 200: performerApplication } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const detail = await detailOf(request.params.id);
      const a = detail.application;
      // While the provider's result is open, what it says now (a manual review there, say).
      let providerNow: string | null = null;
      if (a.idCheckRef && (a.idCheckState === 'started' || a.idCheckState === 'pending')) {
        providerNow = (await provider.status(a.idCheckRef).catch(() => null))?.state ?? null;
      }
      return presentApplication(detail, {
        roles: operator.roles,
        providerNow,
        custodian: config.legal.records,
        attempts: await attemptsOf(db, a.performerId),
      });
    },
  );

  // The documents: only to operators with the capability, never stored by a browser or a proxy.
  // While the application is open the moderator deciding it sees them (performers); once decided
  // they belong to the 2257 records and only the records capability opens them. Every view is audited.
  app.get(
    '/admin/performers/:id/documents/:kind',
    { config: forOperators('performers'), schema: { params: documentParams, response: { 200: pictureAnswer } } },
    async (request, reply) => {
      const { operator } = await requireOperator(request);
      const { id, kind } = request.params;
      const a = (await detailOf(id)).application;
      if (!documentsOpenTo(operator.roles, a)) throw forbidden();
      const key = documentKey(a, kind);
      if (!key || !(await storage.exists(key))) throw notFound();
      await recordAudit(db, {
        operatorId: operator.id,
        action: 'performer.document_view',
        subjectType: 'performer',
        subjectId: id,
        after: { document: kind },
      });
      request.log.info({ operatorId: operator.id, performerId: id, kind }, 'identity document viewed');
      return reply
        .code(200)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cross-origin-resource-policy', 'same-origin')
        .type(identityContentType(key))
        .send(storage.read(key));
    },
  );

  app.post(
    '/admin/performers/:id/approve',
    {
      config: forOperators('performers'),
      schema: { params: idParam, body: approveApplicationBody, response: { 200: decisionAnswer } },
    },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const id = request.params.id;
      await detailOf(id);
      const { record, errors } = readRecordForm(request.body, isoDay(new Date()));
      if (!record) {
        const fields = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [key]]));
        throw new AppError('validation_failed', { errors: fields });
      }
      const custodian = config.legal.records;
      const done = await approveApplication(db, id, { ...record, custodian }, { operatorId: operator.id, formKey });
      if (!done.ok) return refusedDecision(id, done.refused);
      await ctx.mailer.send({
        to: done.email,
        template: 'performer_approved',
        locale: done.locale === 'en' ? 'en' : 'de',
        vars: { link: `${config.publicUrl}/studio/login` },
      });
      request.log.info({ operatorId: operator.id, performerId: id }, 'performer approved');
      consoleChanged(ctx.realtime, ['performers']);
      return { outcome: 'done' as const, status: 'active' as const };
    },
  );

  app.post(
    '/admin/performers/:id/reject',
    {
      config: forOperators('performers'),
      schema: { params: idParam, body: rejectApplicationBody, response: { 200: decisionAnswer } },
    },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const id = request.params.id;
      await detailOf(id);
      const { reason } = request.body;
      const done = await rejectApplication(db, id, reason, { operatorId: operator.id, formKey });
      if (!done.ok) return refusedDecision(id, done.refused);
      await ctx.mailer.send({
        to: done.email,
        template: 'performer_rejected',
        locale: done.locale === 'en' ? 'en' : 'de',
        vars: { reason, link: `${config.publicUrl}/studio/login` },
      });
      request.log.info({ operatorId: operator.id, performerId: id }, 'performer rejected');
      consoleChanged(ctx.realtime, ['performers']);
      return { outcome: 'done' as const, status: 'rejected' as const };
    },
  );

  /**
   * A decision that did not act: its key decided already (`repeat`, answered with her status
   * now), or the application is decided or not approvable (409: `decided`, `state`).
   */
  async function refusedDecision(id: number, refused: 'state' | 'repeat') {
    const detail = await detailOf(id);
    if (refused === 'repeat') return { outcome: 'repeat' as const, status: detail.status };
    throw new AppError('conflict', { message: detail.application.decidedAt ? 'decided' : 'state' });
  }

  // The 2257 record: administrators only (capability records); a moderator hears 403.
  app.get(
    '/admin/performers/:id/records',
    { config: forOperators('records'), schema: { params: idParam, response: { 200: performerRecord } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const id = request.params.id;
      const detail = await detailOf(id);
      const record = await findRecord(db, id);
      await recordAudit(db, {
        operatorId: operator.id,
        action: 'performer.records_view',
        subjectType: 'performer',
        subjectId: id,
      });
      return presentRecord(detail.application.showName, record);
    },
  );

  performerCloseRoute(app);
};
