import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_KINDS } from '#common/api/onboarding.ts';
import { may } from '#common/domain/console-policy.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { refusalPage, sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import { idCheckProvider } from '#server/providers/idcheck/provider.ts';
import { applicationPage, queuePage, recordsPage } from './console-html.ts';
import type { OnboardingText } from './console-texts.ts';
import { applicationDetail, applicationQueue, findRecord } from './data.ts';
import { identityContentType } from './documents.ts';
import { approveApplication, rejectApplication } from './mutations.ts';
import { type RecordForm, type RecordFormErrors, readRecordForm } from './record-form.ts';

const FORM_LIMIT = 16 * 1024;
const idParam = z.object({ id: z.string().max(20).catch('') });
const docParam = z.object({ id: z.string().max(20).catch(''), kind: z.string().max(20).catch('') });
const pageQuery = z.object({ done: z.enum(['approved', 'rejected', 'decided']).optional().catch(undefined) });

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Who may open an application's identity pictures: while it is undecided, whoever decides it
 * (performers); once approved or rejected they are 2257-grade data, for the records capability only.
 */
export const documentsOpenTo = (roles: readonly OperatorRole[], application: { decidedAt: Date | null }) =>
  may(roles, application.decidedAt ? 'records' : 'performers');

/**
 * The console's performer screens (capability `performers`: moderators and administrators): the
 * applications queue, an application with its documents (served only here, never cached), and
 * the decision: approve with the 2257 record, or reject with the reason she is told. The 2257
 * record itself is readable only with the capability `records` (administrators).
 */
export const onboardingConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { config, db, storage } = ctx;
  const provider = idCheckProvider(config, db);
  acceptPageForms(app, FORM_LIMIT);

  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 404, refusalPage(request.locale, 'notFound'));

  const renderApplication = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedInOperator,
    id: number,
    status: number,
    extra: {
      notice?: OnboardingText | null;
      form?: RecordForm;
      errors?: RecordFormErrors;
      reason?: string;
      reasonError?: boolean;
    } = {},
  ) => {
    const detail = await applicationDetail(db, id);
    if (!detail) return notFoundPage(request, reply);
    const a = detail.application;
    let providerNow: string | null = null;
    if (a.idCheckRef && (a.idCheckState === 'started' || a.idCheckState === 'pending')) {
      const now = await provider.status(a.idCheckRef).catch(() => null);
      providerNow = now ? now.state : null;
    }
    const html = applicationPage({
      locale: request.locale,
      detail,
      providerNow,
      formToken: consoleFormToken(ctx, signedIn),
      custodian: config.legal.records,
      today: isoDay(new Date()),
      showRecordsLink: detail.status === 'active' && may(signedIn.operator.roles, 'records'),
      showDocuments: documentsOpenTo(signedIn.operator.roles, a),
      notice: extra.notice ?? null,
      ...(extra.form ? { form: extra.form } : {}),
      ...(extra.errors ? { errors: extra.errors } : {}),
      ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
      ...(extra.reasonError ? { reasonError: true } : {}),
    });
    return sendHtml(reply, status, html);
  };

  app.get('/admin/performers', async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'performers', '/admin/performers');
    if ('refused' in gate) return gate.refused;
    const rows = await applicationQueue(db);
    return sendHtml(reply, 200, queuePage(request.locale, rows, new Date()));
  });

  app.get('/admin/performers/:id', { schema: { params: idParam, querystring: pageQuery } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'performers', `/admin/performers/${id ?? ''}`);
    if ('refused' in gate) return gate.refused;
    if (id === null) return notFoundPage(request, reply);
    return renderApplication(request, reply, gate.signedIn, id, 200, { notice: request.query.done ?? null });
  });

  // The documents: only to operators with the capability, never stored by a browser or proxy.
  // While the application is open the moderator deciding it sees them (performers); once decided
  // they belong to the 2257 records and only the records capability opens them. Every view is audited.
  app.get('/admin/performers/:id/documents/:kind', { schema: { params: docParam } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'performers', `/admin/performers/${id ?? ''}`);
    if ('refused' in gate) return gate.refused;
    const { operator } = gate.signedIn;
    const kind = DOCUMENT_KINDS.find((k) => k === request.params.kind);
    const detail = id === null || !kind ? null : await applicationDetail(db, id);
    if (!detail || !kind || id === null) return notFoundPage(request, reply);
    const a = detail.application;
    if (!documentsOpenTo(operator.roles, a)) return sendHtml(reply, 403, refusalPage(request.locale, 'forbidden'));
    const key = kind === 'id_front' ? a.idFrontKey : kind === 'id_back' ? a.idBackKey : a.selfieKey;
    if (!key || !(await storage.exists(key))) return notFoundPage(request, reply);
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
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-origin')
      .type(identityContentType(key))
      .send(storage.read(key));
  });

  app.post(
    '/admin/performers/:id/approve',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'performers', `/admin/performers/${id ?? ''}`);
      if ('refused' in gate) return gate.refused;
      const { signedIn } = gate;
      if (id === null || !(await applicationDetail(db, id))) return notFoundPage(request, reply);
      const fields = formFields(request.body);
      if (!fields || !consoleFormValid(ctx, request, signedIn, fields.token)) {
        return sendHtml(reply, 403, refusalPage(request.locale, 'forbidden', { message: 'expired' }));
      }
      const { form, record, errors } = readRecordForm(fields, isoDay(new Date()));
      if (!record) return renderApplication(request, reply, signedIn, id, 422, { form, errors });
      const done = await approveApplication(
        db,
        id,
        { ...record, custodian: config.legal.records },
        { operatorId: signedIn.operator.id },
      );
      if (!done.ok) {
        const detail = await applicationDetail(db, id);
        if (detail?.application.decidedAt) return reply.redirect(`/admin/performers/${id}?done=decided`, 303);
        return renderApplication(request, reply, signedIn, id, 409, { notice: 'err_state', form });
      }
      await ctx.mailer.send({
        to: done.email,
        template: 'performer_approved',
        locale: done.locale === 'en' ? 'en' : 'de',
        vars: { link: `${config.publicUrl}/studio/login` },
      });
      request.log.info({ operatorId: signedIn.operator.id, performerId: id }, 'performer approved');
      return reply.redirect(`/admin/performers/${id}?done=approved`, 303);
    },
  );

  app.post(
    '/admin/performers/:id/reject',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'performers', `/admin/performers/${id ?? ''}`);
      if ('refused' in gate) return gate.refused;
      const { signedIn } = gate;
      if (id === null || !(await applicationDetail(db, id))) return notFoundPage(request, reply);
      const fields = formFields(request.body, { multiline: ['reason'] });
      if (!fields || !consoleFormValid(ctx, request, signedIn, fields.token)) {
        return sendHtml(reply, 403, refusalPage(request.locale, 'forbidden', { message: 'expired' }));
      }
      const reason = (fields.reason ?? '').replace(/\r\n?/g, '\n').trim();
      if (reason.length < 5 || reason.length > 1000) {
        return renderApplication(request, reply, signedIn, id, 422, {
          reason: reason.slice(0, 2000),
          reasonError: true,
        });
      }
      const done = await rejectApplication(db, id, reason, { operatorId: signedIn.operator.id });
      if (!done.ok) return reply.redirect(`/admin/performers/${id}?done=decided`, 303);
      await ctx.mailer.send({
        to: done.email,
        template: 'performer_rejected',
        locale: done.locale === 'en' ? 'en' : 'de',
        vars: { reason, link: `${config.publicUrl}/studio/login` },
      });
      request.log.info({ operatorId: signedIn.operator.id, performerId: id }, 'performer rejected');
      return reply.redirect(`/admin/performers/${id}?done=rejected`, 303);
    },
  );

  // The 2257 record: administrators only (capability records); a moderator hears 403.
  app.get('/admin/performers/:id/records', { schema: { params: idParam } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'records', `/admin/performers/${id ?? ''}/records`);
    if ('refused' in gate) return gate.refused;
    const detail = id === null ? null : await applicationDetail(db, id);
    if (!detail || id === null) return notFoundPage(request, reply);
    const record = await findRecord(db, id);
    await recordAudit(db, {
      operatorId: gate.signedIn.operator.id,
      action: 'performer.records_view',
      subjectType: 'performer',
      subjectId: id,
    });
    return sendHtml(reply, 200, recordsPage(request.locale, detail.application.showName, id, record));
  });
};
