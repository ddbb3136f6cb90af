import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { periodicJobs } from '#server/db/schema/cluster.ts';

/**
 * The rows of periodic work (decision 050): one a job name, claimed for a lease by one
 * conditional update, so of all the processes one runs each period.
 */

export type PeriodicRow = typeof periodicJobs.$inferSelect;

/**
 * A process knows the job: its row, due `firstAt` when new. A row of an earlier run keeps its
 * time unless it is further off than `latest` (the period was shortened since).
 */
export async function ensurePeriodic(db: DbOrTx, name: string, firstAt: Date, latest: Date): Promise<void> {
  await db
    .insert(periodicJobs)
    .values({ name, nextRunAt: firstAt })
    .onConflictDoUpdate({
      target: periodicJobs.name,
      set: { nextRunAt: sql`least(${periodicJobs.nextRunAt}, ${latest})` },
    });
}

/**
 * Claims the job when it is due and nobody holds it (or its holder's lease ran out): one
 * conditional update, which of two processes at once only one passes (the other finds the row
 * claimed when its update gets to it). Answers the lease's end, the claim's token, or null.
 */
export async function claimPeriodic(
  db: DbOrTx,
  p: { name: string; node: string; now: Date; leaseMs: number },
): Promise<Date | null> {
  const until = new Date(p.now.getTime() + p.leaseMs);
  const t = periodicJobs;
  const [row] = await db
    .update(t)
    .set({ claimedBy: p.node, claimedUntil: until, lastStartedAt: p.now })
    .where(and(eq(t.name, p.name), lte(t.nextRunAt, p.now), or(isNull(t.claimedUntil), lte(t.claimedUntil, p.now))))
    .returning({ until: t.claimedUntil });
  return row?.until ?? null;
}

/** The run ended: next due at `nextRunAt`, the claim let go; only by the claim that holds it. */
export async function finishPeriodic(
  db: DbOrTx,
  p: { name: string; node: string; until: Date; now: Date; nextRunAt: Date; error: string | null },
): Promise<boolean> {
  const t = periodicJobs;
  const rows = await db
    .update(t)
    .set({ nextRunAt: p.nextRunAt, claimedBy: null, claimedUntil: null, lastFinishedAt: p.now, lastError: p.error })
    .where(and(eq(t.name, p.name), eq(t.claimedBy, p.node), eq(t.claimedUntil, p.until)))
    .returning({ name: t.name });
  return rows.length > 0;
}

export async function listPeriodic(db: DbOrTx): Promise<PeriodicRow[]> {
  return db.select().from(periodicJobs).orderBy(periodicJobs.name);
}
