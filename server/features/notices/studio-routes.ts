import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#common/api/fields.ts';
import { complaintBody, type StudioStatement, studioStatement, studioStatementsResponse } from '#common/api/notices.ts';
import { AppError, notFound } from '#server/errors.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requirePerformer } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { type StatementRow, statementOfShow, statementsOfShow } from './data.ts';
import { PERFORMER_MAIL_LOCALE } from './mails.ts';
import { complaintUntil, fileComplaint } from './mutations.ts';

type StatementWithComplaint = StatementRow & {
  complaint: Awaited<ReturnType<typeof statementsOfShow>>[number]['complaint'];
};

function presentStatement(s: StatementWithComplaint, now: Date): StudioStatement {
  const until = complaintUntil(s.createdAt);
  return {
    id: s.id,
    notice_id: s.noticeId,
    created_at: s.createdAt.toISOString(),
    restricted: s.restricted.map((r) => ({ kind: r.kind, title: r.title })),
    ground: s.ground,
    reasoning: s.reasoning,
    automated: s.automated,
    complaint_until: until.toISOString(),
    can_complain: !s.complaint && now <= until,
    complaint: s.complaint
      ? {
          status: s.complaint.status,
          text: s.complaint.text,
          created_at: s.complaint.createdAt.toISOString(),
          reasoning: s.complaint.status === 'open' ? null : s.complaint.reasoning,
        }
      : null,
  };
}

/**
 * The performer's statements of reasons (DSA Art. 17) and her complaints about them (Art. 20), in
 * her studio: only her own show's, by her studio session.
 */
export const studioNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /studio/statements': 'performer',
    'POST /studio/statements/:id/complaint': 'performer',
  });
  const { ctx } = app;
  const { db } = ctx;

  app.get('/studio/statements', { schema: { response: { 200: studioStatementsResponse } } }, async (request) => {
    const { performer } = await requirePerformer(request);
    const now = new Date();
    const rows = await statementsOfShow(db, performer.showId);
    return { data: rows.map((s) => presentStatement(s, now)) };
  });

  app.post(
    '/studio/statements/:id/complaint',
    { schema: { params: idParam, body: complaintBody, response: { 201: studioStatement } } },
    async (request, reply) => {
      const { performer } = await requirePerformer(request);
      await enforce(ctx.throttle, `studio-complaint:${performer.id}`, 10, 3600);
      const statement = await statementOfShow(db, performer.showId, request.params.id);
      if (!statement) throw notFound();
      const filed = await fileComplaint(db, {
        noticeId: statement.noticeId,
        party: 'performer',
        showId: performer.showId,
        text: request.body.text,
      });
      if (filed === 'exists') throw new AppError('conflict', { message: 'complaint_exists' });
      if (filed === 'too_late' || filed === 'not_decided')
        throw new AppError('conflict', { message: 'complaint_closed' });
      consoleChanged(ctx.realtime, ['notices']);
      await ctx.mailer.send({
        to: performer.email,
        template: 'complaint_received',
        locale: PERFORMER_MAIL_LOCALE,
        vars: { id: String(statement.noticeId) },
      });
      const rows = await statementsOfShow(db, performer.showId);
      const row = rows.find((s) => s.id === statement.id);
      if (!row) throw notFound();
      return reply.code(201).send(presentStatement(row, new Date()));
    },
  );
};
