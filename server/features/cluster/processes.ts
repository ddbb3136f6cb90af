import { eq, sql } from 'drizzle-orm';
import { leaseUntil } from '#common/domain/process-lease.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { apiProcesses } from '#server/db/schema/cluster.ts';

/**
 * The rows of `api_processes` (decision 050): each API process's lease, renewed while it lives,
 * and the claim by which one other process takes over a process whose lease ran out.
 */

export type ProcessRow = typeof apiProcesses.$inferSelect;

/** A process starts: its row, a fresh lease (a row of its last run is replaced). */
export async function registerProcess(db: DbOrTx, p: { node: string; internalUrl: string; now: Date }): Promise<void> {
  const lease = leaseUntil(p.now);
  await db
    .insert(apiProcesses)
    .values({ node: p.node, internalUrl: p.internalUrl, startedAt: p.now, leaseUntil: lease })
    .onConflictDoUpdate({
      target: apiProcesses.node,
      set: { internalUrl: p.internalUrl, startedAt: p.now, leaseUntil: lease },
    });
}

/**
 * Its lease goes on. False when its row is gone: another process took it for dead (it was silent
 * past its lease) and settled its chat sessions.
 */
export async function renewLease(db: DbOrTx, node: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiProcesses)
    .set({ leaseUntil: leaseUntil(now) })
    .where(eq(apiProcesses.node, node))
    .returning({ node: apiProcesses.node });
  return rows.length > 0;
}

/**
 * Claims one process whose lease ran out by `now` (not `self`): its row is deleted and its name
 * answered, within the caller's transaction, so the settling of its sessions commits with the
 * claim or not at all. SKIP LOCKED: two processes looking at once claim different dead ones
 * (or one of them none), never the same.
 */
export async function claimDeadProcess(tx: DbOrTx, self: string, now: Date): Promise<string | null> {
  const result = await tx.execute(sql`
    delete from api_processes
    where node = (
      select node from api_processes
      where lease_until <= ${now} and node <> ${self}
      order by lease_until
      limit 1
      for update skip locked
    )
    returning node
  `);
  const [row] = (result as unknown as { rows: { node: string }[] }).rows;
  return row?.node ?? null;
}

/** A process closing: its row goes at once (its sessions are settled with it). */
export async function releaseProcess(tx: DbOrTx, node: string): Promise<string> {
  await tx.delete(apiProcesses).where(eq(apiProcesses.node, node));
  return node;
}

/** The processes alive by their leases (operators, tests). */
export async function listProcesses(db: DbOrTx): Promise<ProcessRow[]> {
  return db.select().from(apiProcesses).orderBy(apiProcesses.node);
}
