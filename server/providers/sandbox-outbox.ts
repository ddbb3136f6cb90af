import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { type SandboxChannel, type SandboxFollowUp, sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';

/**
 * The sandbox providers' sender: picks due rows of one provider's outbox (its channel), posts them
 * to the shop's callback, and while the answer is not 2xx tries again after the provider's pause,
 * until the provider gives up and the row is marked failed. A row is claimed by one statement (FOR
 * UPDATE SKIP LOCKED) that also pushes its next attempt a lease ahead, so two processes never send
 * one call at the same time, and a row whose sender died is picked up again once the lease ends.
 * Rows left pending by a stopped process are sent by the next one that starts, whichever it is.
 */

/** How long a claimed row belongs to its sender; longer than any one attempt may take. */
export const OUTBOX_LEASE_MS = 60_000;
/** How often an idle worker looks for due rows (rows of other processes, retries). */
export const OUTBOX_POLL_MS = 30_000;
const BATCH = 20;

/** Posts one body (signing it now); answers the HTTP status, or throws when the shop cannot be reached. */
export type SendCall = (body: string) => Promise<number>;

/**
 * Answers a request the way Fastify's `inject` does: the sandbox's server calling the shop's, in
 * the process that claimed the row (any process serves the shop's callbacks).
 */
export type Inject = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number }>;

/** A provider's retry schedule as a list of pauses: after the last one it gives up. */
export const pausesOf =
  (pauses: readonly number[]) =>
  (attempts: number): number | null =>
    pauses[attempts - 1] ?? null;

/** The event id a sandbox call's JSON body carries (`id` or the PSP's `event_id`). */
export function eventIdOf(body: string): string {
  const json = JSON.parse(body) as { id?: unknown; event_id?: unknown };
  const id = json.id ?? json.event_id;
  if (typeof id !== 'string') throw new Error('sandbox call without an event id');
  return id;
}
type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** How a provider delivers: its channel, its sender, its pauses and when it gives up, its log lines. */
export type OutboxPolicy = {
  channel: SandboxChannel;
  send: SendCall;
  /** The pause before the next attempt after `attempts` failed ones, `ageMs` after the row was written; null: give up. */
  retryAfter: (attempts: number, ageMs: number) => number | null;
  messages: { retry: string; givenUp: string };
};

export type Attempt = { id: number; eventId: string; delivered: boolean; attempts: number; lastStatus: number | null };

type Claimed = {
  id: number;
  eventId: string;
  body: string;
  attempts: number;
  createdAt: Date;
  followUp: SandboxFollowUp | null;
};

/** Queues a call (in the transaction of the change it reports, when there is one); answers the row id. */
export async function enqueueSandboxCall(
  db: DbOrTx,
  call: { channel: SandboxChannel; eventId: string; body: string; dueAt: Date; followUp?: SandboxFollowUp | null },
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .insert(sandboxOutbox)
    .values({
      channel: call.channel,
      eventId: call.eventId,
      body: call.body,
      followUp: call.followUp ?? null,
      nextAttemptAt: call.dueAt,
      createdAt: now,
    })
    .returning({ id: sandboxOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

async function claim(db: Db, channel: SandboxChannel, now: Date, only?: number): Promise<Claimed[]> {
  const t = sandboxOutbox;
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.channel, channel),
        eq(t.state, 'pending'),
        lte(t.nextAttemptAt, now),
        only === undefined ? undefined : eq(t.id, only),
      ),
    )
    .orderBy(asc(t.nextAttemptAt), asc(t.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOX_LEASE_MS) })
    .where(inArray(t.id, due))
    .returning({
      id: t.id,
      eventId: t.eventId,
      body: t.body,
      attempts: t.attempts,
      createdAt: t.createdAt,
      followUp: t.followUp,
    });
  // Oldest first: the order the shop hears of things in.
  return rows.sort((a, b) => a.id - b.id);
}

/** One attempt of a claimed row, and its bookkeeping (only while the claim is still ours). */
async function attempt(db: Db, policy: OutboxPolicy, log: Log, row: Claimed, now: Date): Promise<Attempt> {
  let status: number | null = null;
  try {
    status = await policy.send(row.body);
  } catch {
    status = null;
  }
  const t = sandboxOutbox;
  const ours = and(eq(t.id, row.id), eq(t.attempts, row.attempts), eq(t.state, 'pending'));
  const delivered = status !== null && status >= 200 && status < 300;
  const facts = { eventId: row.eventId, attempts: row.attempts, status };
  const update = (tx: DbOrTx, set: Partial<typeof t.$inferInsert>) =>
    tx
      .update(t)
      .set({ ...set, lastStatus: status })
      .where(ours)
      .returning({ id: t.id });
  const pause = delivered ? null : policy.retryAfter(row.attempts, now.getTime() - row.createdAt.getTime());
  if (delivered) {
    const followUp = row.followUp;
    await db.transaction(async (tx) => {
      // The next call is owed only once this one arrived, and exactly once.
      if ((await update(tx, { state: 'delivered', deliveredAt: now })).length && followUp) {
        const dueAt = new Date(now.getTime() + followUp.delayMs);
        await enqueueSandboxCall(tx, { channel: policy.channel, ...followUp, dueAt }, now);
      }
    });
  } else if (pause === null) {
    // Only the holder of the row records the outcome (a sender past its lease has lost it).
    if ((await update(db, { state: 'failed', gaveUpAt: now })).length) log.error(facts, policy.messages.givenUp);
  } else if ((await update(db, { nextAttemptAt: new Date(now.getTime() + pause) })).length) {
    log.warn(facts, policy.messages.retry);
  }
  return { id: row.id, eventId: row.eventId, delivered, attempts: row.attempts, lastStatus: status };
}

export type OutboxWorker = {
  /** Sends every due row once (by `now`); answers what was tried. */
  tick(now?: Date): Promise<Attempt[]>;
  /** One attempt of this row now, if it is due and nobody else holds it (null otherwise). */
  sendNow(id: number, now?: Date): Promise<Attempt | null>;
  /** Runs a tick soon (a call was just written). */
  kick(): void;
  /** Starts the background loop: a tick at once (rows left by a stopped process), then polls. */
  start(): void;
  /** Stops the loop and waits for the attempt in flight. */
  stop(): Promise<void>;
};

export function createOutboxWorker(deps: { db: Db; policy: OutboxPolicy; log: Log; now?: () => Date }): OutboxWorker {
  const { db, policy, log } = deps;
  const { channel } = policy;
  const clock = deps.now ?? (() => new Date());
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;

  const tick = async (now = clock()) => {
    const results: Attempt[] = [];
    for (;;) {
      const rows = await claim(db, channel, now);
      for (const row of rows) results.push(await attempt(db, policy, log, row, now));
      if (rows.length < BATCH) return results;
    }
  };

  /** When the next row falls due (capped by the poll interval). */
  const nextDelay = async () => {
    const t = sandboxOutbox;
    const [row] = await db
      .select({ at: min(t.nextAttemptAt) })
      .from(t)
      .where(and(eq(t.channel, channel), eq(t.state, 'pending')));
    const at = row?.at ? new Date(row.at).getTime() - Date.now() : OUTBOX_POLL_MS;
    return Math.min(Math.max(at, 50), OUTBOX_POLL_MS);
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await tick();
      } while (again && !stopped);
      schedule(await nextDelay());
    })()
      .catch((err: unknown) => {
        log.warn({ err, channel }, 'sandbox outbox run failed');
        schedule(OUTBOX_POLL_MS);
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    tick,
    async sendNow(id, now = clock()) {
      const [row] = await claim(db, channel, now, id);
      return row ? attempt(db, policy, log, row, now) : null;
    },
    kick: () => run(),
    start() {
      stopped = false;
      run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
