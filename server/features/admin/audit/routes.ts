import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuditEntry, auditOperators, auditPageAnswer, auditQuery } from '#common/api/admin-audit.ts';
import { forOperators } from '#server/features/admin/action-key.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { listOperators } from '#server/features/admin/operators/data.ts';
import { type AuditRow, auditPage } from './data.ts';

const config = forOperators('audit');

const presentEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  operator:
    row.operatorId === null
      ? null
      : { id: row.operatorId, displayName: row.operatorName ?? '', email: row.operatorEmail ?? '' },
  action: row.action,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  before: row.before,
  after: row.after,
  reason: row.reason,
});

/**
 * The audit log (/api/admin/audit), for operators with the capability `audit`: read-only, a page
 * at a time sorted by time, filtered by the operator who acted, the start of the action and the
 * record. Nothing here writes: the entries are written by the changes themselves, in their
 * transactions, and the table refuses changes (migration 0022).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/admin/audit',
    { config, schema: { querystring: auditQuery, response: { 200: auditPageAnswer } } },
    async (request) => {
      await requireOperator(request);
      const { page, pageSize, sort, ...filter } = request.query;
      const { rows, total } = await auditPage(db, filter, { page, pageSize, sort });
      return { entries: rows.map(presentEntry), total, page, pageSize };
    },
  );

  app.get('/admin/audit/operators', { config, schema: { response: { 200: auditOperators } } }, async (request) => {
    await requireOperator(request);
    const team = await listOperators(db);
    return { operators: team.map((o) => ({ id: o.id, displayName: o.displayName, email: o.email })) };
  });
};
