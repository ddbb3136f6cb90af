import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  complaintDecisionBody,
  complaintList,
  complaintListQuery,
  decisionResult,
  noticeDecisionBody,
  noticeDetail,
  noticeList,
  noticeListQuery,
} from '#common/api/admin-notices.ts';
import { idParam } from '#common/api/fields.ts';
import { AppError, notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import {
  complaintById,
  complaintsOfNotice,
  noticeById,
  noticeTargetRows,
  openComplaintCount,
  openNoticeCount,
} from '#server/features/notices/data.ts';
import { complaintListPage, noticeListPage, operatorNames } from '#server/features/notices/lists.ts';
import { decideComplaint, decideNotice, ensureNoticeTargets } from '#server/features/notices/mutations.ts';
import { presentNotice } from './present.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const CONSOLE = forOperators('notices');

/**
 * The console's notices and complaints (/api/admin/notices*), for moderators and administrators:
 * the lists, a notice with what it names and its complaints, and the decisions. A decision goes
 * through features/notices (one transaction with its audit entry, under the action's key), then
 * the parties are mailed there and the other operators' screens read again.
 */
export const noticesConsoleApi: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    '/admin/notices',
    { config: CONSOLE, schema: { querystring: noticeListQuery, response: { 200: noticeList } } },
    async (request) => {
      await requireOperator(request);
      const [page, openNotices, openComplaints] = await Promise.all([
        noticeListPage(db, request.query),
        openNoticeCount(db),
        openComplaintCount(db),
      ]);
      return {
        rows: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt) })),
        total: page.total,
        openNotices,
        openComplaints,
      };
    },
  );

  app.get(
    '/admin/notices/complaints',
    { config: CONSOLE, schema: { querystring: complaintListQuery, response: { 200: complaintList } } },
    async (request) => {
      await requireOperator(request);
      const page = await complaintListPage(db, request.query);
      return {
        rows: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt) })),
        total: page.total,
      };
    },
  );

  app.get(
    '/admin/notices/:id',
    { config: CONSOLE, schema: { params: idParam, response: { 200: noticeDetail } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const notice = await noticeById(db, request.params.id);
      if (!notice) throw notFound();
      // A notice stored before its URLs were resolved gets its targets when it is first opened.
      await ensureNoticeTargets(ctx, notice.id);
      const [targets, complaints] = await Promise.all([
        noticeTargetRows(db, notice.id),
        complaintsOfNotice(db, notice.id),
      ]);
      const names = await operatorNames(db, [notice.decidedBy, ...complaints.map((c) => c.decidedBy)]);
      return presentNotice(notice, targets, complaints, names, operator.id);
    },
  );

  app.post(
    '/admin/notices/:id/decision',
    { config: CONSOLE, schema: { params: idParam, body: noticeDecisionBody, response: { 200: decisionResult } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const { action, ground, reasoning } = request.body;
      const result = await decideNotice(ctx, {
        noticeId: request.params.id,
        operatorId: operator.id,
        decision: { action, ground, reasoning },
        formKey,
      });
      request.log.info({ operatorId: operator.id, noticeId: request.params.id, action, result }, 'notice decision');
      if (result === 'not_found') throw notFound();
      if (result === 'already_decided') throw new AppError('conflict', { message: 'notice_decided' });
      if (result === 'decided') consoleChanged(ctx.realtime, ['notices']);
      return { outcome: result === 'repeat' ? ('repeat' as const) : ('done' as const) };
    },
  );

  app.post(
    '/admin/notices/complaints/:id/decision',
    { config: CONSOLE, schema: { params: idParam, body: complaintDecisionBody, response: { 200: decisionResult } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const complaint = await complaintById(db, request.params.id);
      if (!complaint) throw notFound();
      const { outcome, reasoning } = request.body;
      const result = await decideComplaint(ctx, {
        complaintId: complaint.id,
        operatorId: operator.id,
        outcome,
        reasoning,
        formKey,
      });
      request.log.info({ operatorId: operator.id, complaintId: complaint.id, outcome, result }, 'complaint decision');
      if (result === 'not_found') throw notFound();
      // DSA Art. 20(6): the moderator who decided the notice does not decide the complaint about it.
      if (result === 'same_moderator') throw new AppError('forbidden', { message: 'same_moderator' });
      if (result === 'already_decided') throw new AppError('conflict', { message: 'complaint_decided' });
      if (result === 'decided') consoleChanged(ctx.realtime, ['notices']);
      return { outcome: result === 'repeat' ? ('repeat' as const) : ('done' as const) };
    },
  );
};
