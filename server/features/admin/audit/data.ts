import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { operators } from '#server/db/schema/operators.ts';

/** Reads of the audit log screen (/admin/audit): newest first, a page at a time, filtered. */

export type AuditFilter = {
  operatorId?: number;
  /** The start of the action: `operator.` or `operator.roles`. */
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** Entries older than this id (the next page). */
  before?: number;
};

export type AuditRow = {
  id: number;
  at: Date;
  operatorId: number;
  operatorName: string;
  operatorEmail: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
};

/** `_` and `%` are LIKE's wildcards, `\` its escape: taken literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of entries, newest first (by id: entries are numbered as they are written), and whether
 * older ones follow. Each filter narrows by an index: operator (audit_log_operator), subject
 * (audit_log_subject); the unfiltered log reads the primary key backwards.
 */
export async function auditPage(
  db: DbOrTx,
  filter: AuditFilter,
  limit: number,
): Promise<{ rows: AuditRow[]; older: number | null }> {
  const where: SQL[] = [];
  if (filter.operatorId !== undefined) where.push(eq(auditLog.operatorId, filter.operatorId));
  if (filter.action) where.push(sql`${auditLog.action} like ${likePrefix(filter.action)}`);
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId !== undefined) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
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
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, older: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}
