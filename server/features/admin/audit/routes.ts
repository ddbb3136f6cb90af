import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { sendHtml } from '#server/features/admin/html.ts';
import { listOperators } from '#server/features/admin/operators/data.ts';
import { type AuditFilter, auditPage } from './data.ts';
import { type AuditQuery, auditPageHtml } from './html.ts';
import type { AuditText } from './texts.ts';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

const ACTION = /^[a-z0-9_.]{1,60}$/;
const SUBJECT_TYPE = /^[a-z_]{1,40}$/;
const SUBJECT_ID = /^[\x21-\x7e]{1,64}$/;

/** Anything may arrive in the address: every field read as text (a repeated one as absent) and checked below. */
const text = z.string().optional().catch(undefined);
const auditQuery = z.object({ operator: text, action: text, type: text, subject: text, before: text });

/** The filter of a query, or the reason it cannot be one. */
function filterOf(q: z.infer<typeof auditQuery>): { filter: AuditFilter } | { refusal: AuditText } {
  const filter: AuditFilter = {};
  if (q.operator) {
    const id = pathId(q.operator);
    if (id === null) return { refusal: 'operatorInvalid' };
    filter.operatorId = id;
  }
  if (q.action) {
    if (!ACTION.test(q.action)) return { refusal: 'actionInvalid' };
    filter.action = q.action;
  }
  if (q.type) {
    if (!SUBJECT_TYPE.test(q.type)) return { refusal: 'subjectTypeInvalid' };
    filter.subjectType = q.type;
  }
  if (q.subject) {
    if (!q.type || !SUBJECT_ID.test(q.subject)) return { refusal: 'subjectIdInvalid' };
    filter.subjectId = q.subject;
  }
  if (q.before) {
    const id = pathId(q.before);
    if (id === null) return { refusal: 'beforeInvalid' };
    filter.before = id;
  }
  return { filter };
}

/**
 * The audit log (/admin/audit), for operators with the capability `audit`: read-only, newest
 * first, 50 a page, filtered by operator, the start of the action, and the record (type and
 * number). It has no form that changes anything, and the table refuses changes itself (0022).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/admin/audit', { schema: { querystring: auditQuery } }, async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'audit', '/admin/audit');
    if ('refused' in gate) return gate.refused;
    const q = request.query;
    const query: AuditQuery = {
      operator: (q.operator ?? '').slice(0, 20),
      action: (q.action ?? '').slice(0, 60),
      type: (q.type ?? '').slice(0, 40),
      subject: (q.subject ?? '').slice(0, 64),
    };
    const operators = await listOperators(ctx.db);
    const read = filterOf(q);
    const page = 'filter' in read ? await auditPage(ctx.db, read.filter, AUDIT_PAGE_SIZE) : { rows: [], older: null };
    const html = auditPageHtml({
      locale: request.locale,
      query,
      operators,
      ...page,
      first: !q.before,
      refusal: 'refusal' in read ? read.refusal : null,
    });
    return sendHtml(reply, 'refusal' in read ? 422 : 200, html);
  });
};
