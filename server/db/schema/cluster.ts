import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The API processes alive now, one row each (decision 050): written at start, its lease renewed
 * every few seconds. A row whose lease ran out belongs to a process that died; another process
 * deletes it and settles the chat sessions it held (features/cluster).
 */
export const apiProcesses = pgTable('api_processes', {
  /** NODE_NAME: the name its chat sessions carry. */
  node: text('node').primaryKey(),
  /** Where the other processes reach it past the balancer (INTERNAL_URL). */
  internalUrl: text('internal_url').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});

/**
 * Periodic work by name (sweeps, reconciliation): one row a job, claimed by one conditional
 * update for a lease, so each period runs in one process; the claimer moves `next_run_at` on.
 */
export const periodicJobs = pgTable('periodic_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The process running it now (null: nobody), until `claimed_until`. */
  claimedBy: text('claimed_by'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The last run's failure (null after a run that succeeded). */
  lastError: text('last_error'),
});

/**
 * One-off work due at `run_at` (a demo performer's reply): claimed with FOR UPDATE SKIP LOCKED,
 * `run_at` pushed a lease ahead while it runs, retried with a growing pause, `failed` once given
 * up. Done rows are deleted. A `key` names a job a newer one replaces while it is pending.
 */
export const delayedJobs = pgTable(
  'delayed_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: text('state').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The token of the claim that holds it now: only its holder records the outcome. */
    claim: text('claim'),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('delayed_jobs_due').on(t.runAt).where(sql`${t.state} = 'pending'`),
    uniqueIndex('delayed_jobs_pending_key').on(t.key).where(sql`${t.state} = 'pending'`),
  ],
);
