import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { dataExports } from '#server/db/schema/data-exports.ts';
import { users } from '#server/db/schema/users.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';

/** One copy a day: a request answers "too soon" until this long after the last one. */
export const EXPORT_EVERY_MS = 24 * 60 * 60_000;
/** The mailed link works this long. */
export const LINK_TTL_MS = 24 * 60 * 60_000;

export type ExportRow = typeof dataExports.$inferSelect;

/** A member's own action in the audit log: no operator, the member is the subject. */
const audit = (db: DbOrTx, action: string, userId: number, after: Record<string, unknown>) =>
  recordAudit(db, { operatorId: null, action, subjectType: 'user', subjectId: userId, after });

/**
 * Records a request, unless one was made in the last day (then answers when the next may be).
 * The member's row is locked for the check and the insert, so two requests at once make one.
 */
export async function requestExport(
  db: DbOrTx,
  opts: { userId: number; locale: string; cookieChoice: string | null; now: Date },
): Promise<{ row: ExportRow } | { nextAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, opts.userId)).for('update');
    const [last] = await tx
      .select({ at: dataExports.requestedAt })
      .from(dataExports)
      .where(eq(dataExports.userId, opts.userId))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    const nextAt = last ? new Date(last.at.getTime() + EXPORT_EVERY_MS) : null;
    if (nextAt && nextAt > opts.now) return { nextAt };
    const [row] = await tx
      .insert(dataExports)
      .values({ userId: opts.userId, locale: opts.locale, cookieChoice: opts.cookieChoice, requestedAt: opts.now })
      .returning();
    if (!row) throw new Error('data export insert returned nothing');
    await audit(tx, 'data_export.request', opts.userId, { export: row.id, language: opts.locale });
    return { row };
  });
}

/** The archive is in storage: the link's hash and end are kept, the operators see it ready. */
export async function markReady(
  db: DbOrTx,
  row: Pick<ExportRow, 'id' | 'userId'>,
  done: { storageKey: string; sizeBytes: number; tokenHash: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({
        status: 'ready',
        readyAt: done.now,
        storageKey: done.storageKey,
        sizeBytes: done.sizeBytes,
        tokenHash: done.tokenHash,
        expiresAt: new Date(done.now.getTime() + LINK_TTL_MS),
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'pending')));
    await audit(tx, 'data_export.ready', row.userId, { export: row.id, bytes: done.sizeBytes });
  });
}

export async function markFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', error: error.slice(0, 500) })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
}

/**
 * Uses a link once: only the member it was made for, while it is ready and not run out. One
 * conditional update, so two downloads at once send the file once. Null when it is not usable.
 */
export async function consumeLink(
  db: DbOrTx,
  opts: { tokenHash: string; userId: number; now: Date },
): Promise<ExportRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataExports)
      .set({ status: 'downloaded', downloadedAt: opts.now })
      .where(
        and(
          eq(dataExports.tokenHash, opts.tokenHash),
          eq(dataExports.userId, opts.userId),
          eq(dataExports.status, 'ready'),
          sql`${dataExports.expiresAt} > ${opts.now}`,
        ),
      )
      .returning();
    if (row) await audit(tx, 'data_export.download', opts.userId, { export: row.id });
    return row ?? null;
  });
}

/** Links that ran out become expired; answers the archives whose files are still to delete. */
export async function expireLinks(db: DbOrTx, now: Date): Promise<Pick<ExportRow, 'id' | 'storageKey'>[]> {
  await db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
  return db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(
      and(
        isNull(dataExports.fileDeletedAt),
        or(eq(dataExports.status, 'expired'), eq(dataExports.status, 'downloaded')),
      ),
    )
    .limit(200);
}

export async function markFileDeleted(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(dataExports).set({ fileDeletedAt: now }).where(eq(dataExports.id, id));
}
