import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sandboxPspOutbox } from '#server/db/schema/sandbox-psp.ts';

/**
 * The sandbox PSP's postback sender: picks due rows of its outbox, posts them to the shop, and
 * while the answer is not 2xx tries again after a growing pause, until it gives up after
 * OUTBOX_GIVE_UP_MS and marks the row failed. A row is claimed by one statement (FOR UPDATE SKIP
 * LOCKED) that also pushes its next attempt a lease ahead, so two processes never send one
 * postback at the same time, and a row whose sender died is picked up again once the lease ends.
 * Rows left pending by a stopped process are sent by the next one that starts.
 */

/** The pause after the first failed attempt; it doubles with every further one. */
export const OUTBOX_FIRST_RETRY_MS = 2_000;
export const OUTBOX_MAX_RETRY_MS = 10 * 60_000;
/** A postback not delivered within this time of being written is given up. */
export const OUTBOX_GIVE_UP_MS = 24 * 3600_000;
/** How long a claimed row belongs to its sender; longer than any one attempt may take. */
export const OUTBOX_LEASE_MS = 60_000;
/** How often an idle worker looks for due rows (rows of other processes, retries). */
export const OUTBOX_POLL_MS = 30_000;
const BATCH = 20;

/** The pause before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_RETRY_MS);

/** Posts one postback body; answers the HTTP status, or throws when the shop cannot be reached. */
export type SendPostback = (body: string) => Promise<number>;
type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Attempt = { id: number; eventId: string; delivered: boolean; attempts: number; lastStatus: number | null };

type Claimed = { id: number; eventId: string; body: string; attempts: number; createdAt: Date };

async function claim(db: Db, now: Date, only?: number): Promise<Claimed[]> {
  const t = sandboxPspOutbox;
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.state, 'pending'), lte(t.nextAttemptAt, now), only === undefined ? undefined : eq(t.id, only)))
    .orderBy(asc(t.nextAttemptAt), asc(t.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOX_LEASE_MS) })
    .where(inArray(t.id, due))
    .returning({ id: t.id, eventId: t.eventId, body: t.body, attempts: t.attempts, createdAt: t.createdAt });
  // Oldest first: the order the shop hears of payments in.
  return rows.sort((a, b) => a.id - b.id);
}

/** One attempt of a claimed row, and its bookkeeping (only while the claim is still ours). */
async function attempt(db: Db, send: SendPostback, log: Log, row: Claimed, now: Date): Promise<Attempt> {
  let status: number | null = null;
  try {
    status = await send(row.body);
  } catch {
    status = null;
  }
  const t = sandboxPspOutbox;
  const ours = and(eq(t.id, row.id), eq(t.attempts, row.attempts), eq(t.state, 'pending'));
  const delivered = status !== null && status >= 200 && status < 300;
  const facts = { eventId: row.eventId, attempts: row.attempts, status };
  const update = (set: Partial<typeof t.$inferInsert>) =>
    db
      .update(t)
      .set({ ...set, lastStatus: status })
      .where(ours)
      .returning({ id: t.id });
  if (delivered) {
    await update({ state: 'delivered', deliveredAt: now });
  } else if (now.getTime() - row.createdAt.getTime() >= OUTBOX_GIVE_UP_MS) {
    // Only the holder of the row records the outcome (a sender past its lease has lost it).
    if ((await update({ state: 'failed', gaveUpAt: now })).length) {
      log.error(facts, 'sandbox postback undelivered: given up');
    }
  } else if ((await update({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) })).length) {
    log.warn(facts, 'sandbox postback not accepted, will retry');
  }
  return { id: row.id, eventId: row.eventId, delivered, attempts: row.attempts, lastStatus: status };
}

export type OutboxWorker = {
  /** Sends every due row once (by `now`); answers what was tried. */
  tick(now?: Date): Promise<Attempt[]>;
  /** One attempt of this row now, if it is due and nobody else holds it (null otherwise). */
  sendNow(id: number, now?: Date): Promise<Attempt | null>;
  /** Runs a tick soon (a postback was just written). */
  kick(): void;
  /** Starts the background loop: a tick at once (rows left by a stopped process), then polls. */
  start(): void;
  /** Stops the loop and waits for the attempt in flight. */
  stop(): Promise<void>;
};

export function createOutboxWorker(deps: { db: Db; send: SendPostback; log: Log; now?: () => Date }): OutboxWorker {
  const { db, send, log } = deps;
  const clock = deps.now ?? (() => new Date());
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;

  const tick = async (now = clock()) => {
    const results: Attempt[] = [];
    for (;;) {
      const rows = await claim(db, now);
      for (const row of rows) results.push(await attempt(db, send, log, row, now));
      if (rows.length < BATCH) return results;
    }
  };

  /** When the next row falls due (capped by the poll interval). */
  const nextDelay = async () => {
    const [row] = await db
      .select({ at: min(sandboxPspOutbox.nextAttemptAt) })
      .from(sandboxPspOutbox)
      .where(eq(sandboxPspOutbox.state, 'pending'));
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
        log.warn({ err }, 'sandbox outbox run failed');
        schedule(OUTBOX_POLL_MS);
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    tick,
    async sendNow(id, now = clock()) {
      const [row] = await claim(db, now, id);
      return row ? attempt(db, send, log, row, now) : null;
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
