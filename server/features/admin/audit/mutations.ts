import type { DbOrTx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/audit.ts';

export type AuditEntry = {
  /** Null for what a member or the platform did (a closing she asked for, a reopening, an erasure). */
  operatorId: number | null;
  /** Dotted, area first: `member.block`, `operator.roles`, `content.approve`. */
  action: string;
  subjectType: string;
  subjectId: string | number;
  /** Only the fields the action changed; never a secret (hash, TOTP key, token, card data). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  /** The console form's key: a second entry under one key is refused (see FormUsed). */
  formKey?: string | null;
};

/**
 * Writes one entry of the audit log. Call it inside the transaction of the change it records, so
 * the change and its entry are kept or lost together.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    formKey: entry.formKey ?? null,
  });
}
