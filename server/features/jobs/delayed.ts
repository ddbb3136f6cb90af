import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { delayedJobs } from '#server/db/schema/cluster.ts';

/**
 * The rows of one-off work due later (decision 050), as the sandbox PSP's outbox claims its
 * postbacks: FOR UPDATE SKIP LOCKED, the claim pushing `run_at` a lease ahead and naming itself
 * with a token, so a claimer that died leaves the row to be claimed again after the lease, and
 * only the claim that holds a row records its outcome.
 */

export type DelayedRow = typeof delayedJobs.$inferSelect;
export type ClaimedJob = Pick<DelayedRow, 'id' | 'name' | 'key' | 'payload' | 'attempts' | 'createdAt'> & {
  claim: string;
};

/**
 * A job due at `runAt`. With a `key`, it replaces the pending job of that key (its payload and
 * time, its attempts counted afresh); one running now loses its claim, so its end leaves the new
 * one pending.
 */
export async function enqueueDelayed(
  db: DbOrTx,
  j: { name: string; key?: string | null; payload: unknown; runAt: Date; now: Date },
): Promise<void> {
  const t = delayedJobs;
  const values = { name: j.name, key: j.key ?? null, payload: j.payload, runAt: j.runAt, createdAt: j.now };
  const insert = db.insert(t).values(values);
  if (!j.key) {
    await insert;
    return;
  }
  await insert.onConflictDoUpdate({
    target: t.key,
    targetWhere: sql`${t.state} = 'pending'`,
    set: {
      name: j.name,
      payload: j.payload,
      runAt: j.runAt,
      createdAt: j.now,
      attempts: 0,
      claim: null,
      claimedBy: null,
      lastError: null,
    },
  });
}

/** Claims up to `batch` due jobs of these names (the ones this process can run). */
export async function claimDelayed(
  db: DbOrTx,
  p: { names: string[]; node: string; now: Date; leaseMs: number; batch: number },
): Promise<ClaimedJob[]> {
  if (!p.names.length) return [];
  const t = delayedJobs;
  const claim = randomUUID();
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.state, 'pending'), lte(t.runAt, p.now), inArray(t.name, p.names)))
    .orderBy(asc(t.runAt), asc(t.id))
    .limit(p.batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({
      attempts: sql`${t.attempts} + 1`,
      runAt: new Date(p.now.getTime() + p.leaseMs),
      claim,
      claimedBy: p.node,
    })
    .where(inArray(t.id, due))
    .returning({
      id: t.id,
      name: t.name,
      key: t.key,
      payload: t.payload,
      attempts: t.attempts,
      createdAt: t.createdAt,
    });
  return rows.map((r) => ({ ...r, claim })).sort((x, y) => x.id - y.id);
}

const held = (job: ClaimedJob) => and(eq(delayedJobs.id, job.id), eq(delayedJobs.claim, job.claim));

/** Done: the row goes (unless a newer job replaced it meanwhile). */
export async function finishDelayed(db: DbOrTx, job: ClaimedJob): Promise<void> {
  await db.delete(delayedJobs).where(held(job));
}

/** Failed: tried again at `runAt`, or given up (`failed`, kept for the operator) when `runAt` is null. */
export async function failDelayed(db: DbOrTx, job: ClaimedJob, error: string, runAt: Date | null): Promise<boolean> {
  const set = runAt
    ? { runAt, claim: null, claimedBy: null, lastError: error }
    : { state: 'failed', claim: null, lastError: error };
  const rows = await db.update(delayedJobs).set(set).where(held(job)).returning({ id: delayedJobs.id });
  return rows.length > 0;
}

export async function listDelayed(db: DbOrTx): Promise<DelayedRow[]> {
  return db.select().from(delayedJobs).orderBy(delayedJobs.id);
}
