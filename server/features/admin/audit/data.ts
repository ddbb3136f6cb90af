import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditFilter } from '#common/api/admin-audit.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { operators } from '#server/db/schema/operators.ts';

/** Reads of the audit log screen (/api/admin/audit): a page at a time, sorted by time, filtered. */

export type AuditRow = {
  id: number;
  at: Date;
  operatorId: number | null;
  operatorName: string | null;
  operatorEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
};

/** `_` and `%` are LIKE's wildcards, `\` its escape: taken literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.operator !== undefined) where.push(eq(auditLog.operatorId, filter.operator));
  if (filter.action) where.push(sql`${auditLog.action} like ${likePrefix(filter.action)}`);
  if (filter.type) where.push(eq(auditLog.subjectType, filter.type));
  if (filter.subject !== undefined) where.push(eq(auditLog.subjectId, filter.subject));
  return where.length ? and(...where) : undefined;
}

/**
 * A page of entries by time (`desc`: newest first; entries written in one instant by their
 * number), and how many match the filter. Each filter narrows by an index that also holds the
 * time: operator (audit_log_operator), record (audit_log_subject); the whole log reads audit_log_at.
 */
export async function auditPage(
  db: DbOrTx,
  filter: AuditFilter,
  opts: { page: number; pageSize: number; sort: 'asc' | 'desc' },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conditions(filter);
  const order = opts.sort === 'asc' ? [asc(auditLog.at), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      operatorId: auditLog.operatorId,
      operatorName: operators.displayName,
      operatorEmail: operators.email,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
    })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where)
    .orderBy(...order)
    .limit(opts.pageSize)
    .offset(opts.page * opts.pageSize);
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: counted?.n ?? 0 };
}
