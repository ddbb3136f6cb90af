import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';
import { sandboxPspPayments } from '#server/db/schema/sandbox-psp.ts';
import { testServices } from '#server/env.ts';
import { createOutboxWorker, OUTBOX_LEASE_MS, type SendCall } from '#server/providers/sandbox-outbox.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { newSandboxId, type SandboxPostback } from './sandbox.ts';
import {
  OUTBOX_FIRST_RETRY_MS,
  OUTBOX_GIVE_UP_MS,
  OUTBOX_MAX_RETRY_MS,
  pspDelivery,
  retryDelayMs,
} from './sandbox-delivery.ts';
import { submitPayment } from './sandbox-records.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.delete(sandboxOutbox);
  await database.db.delete(sandboxPspPayments);
});

const T0 = new Date('2026-11-21T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
let reference = 1000;

function postback(): SandboxPostback {
  reference += 1;
  return {
    event_id: newSandboxId('evt'),
    type: 'payment.succeeded',
    order_id: reference,
    txn_id: newSandboxId('txn'),
    amount_cents: 2500,
    currency: 'EUR',
    failure_code: null,
    card_last4: '4242',
    created: Math.floor(T0.getTime() / 1000),
  };
}

/** A payment booked at T0 with its postback; answers the postback. */
async function booked() {
  const p = postback();
  const r = await submitPayment(
    database.db,
    { reference: p.order_id, amountCents: 2500, currency: 'EUR' },
    { challenge: false, postback: p },
    T0,
  );
  expect(r).toMatchObject({ outboxId: expect.any(Number) });
  return p;
}

/** The PSP's delivery schedule with a stand-in for the shop. */
const psp = (send: SendCall) => ({ ...pspDelivery('unused', async () => ({ statusCode: 500 })), send });

type Logged = { level: string; obj: object; msg: string };
function recorder() {
  const logged: Logged[] = [];
  const log = {
    info: (obj: object, msg: string) => void logged.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => void logged.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg: string) => void logged.push({ level: 'error', obj, msg }),
  };
  return { log, logged };
}

/** A shop answering with the given statuses in turn (0: unreachable), recording what it got. */
function shop(answers: number[]) {
  const got: string[] = [];
  const send: SendCall = async (body) => {
    got.push(JSON.parse(body).event_id);
    const status = answers.shift() ?? 200;
    if (status === 0) throw new Error('connection refused');
    return status;
  };
  return { send, got };
}

const rowOf = async (eventId: string) =>
  (await database.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.eventId, eventId)))[0];

describe('the sandbox outbox worker', () => {
  it('pauses twice as long after every failed attempt, up to a ceiling', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([
      OUTBOX_FIRST_RETRY_MS,
      2 * OUTBOX_FIRST_RETRY_MS,
      4 * OUTBOX_FIRST_RETRY_MS,
      8 * OUTBOX_FIRST_RETRY_MS,
    ]);
    expect(retryDelayMs(40)).toBe(OUTBOX_MAX_RETRY_MS);
  });

  it('delivers a due postback once and marks it delivered', async () => {
    const p = await booked();
    const { send, got } = shop([200]);
    const worker = createOutboxWorker({ db: database.db, policy: psp(send), log: recorder().log });
    expect(await worker.tick(at(0))).toEqual([
      expect.objectContaining({ eventId: p.event_id, delivered: true, attempts: 1, lastStatus: 200 }),
    ]);
    expect(await rowOf(p.event_id)).toMatchObject({ state: 'delivered', deliveredAt: at(0), attempts: 1 });
    expect(await worker.tick(at(60_000))).toEqual([]);
    expect(got).toEqual([p.event_id]);
  });

  it('retries while the shop does not answer 2xx, after growing pauses, and not before they are over', async () => {
    const p = await booked();
    const { send, got } = shop([500, 0, 503, 200]);
    const { log, logged } = recorder();
    const worker = createOutboxWorker({ db: database.db, policy: psp(send), log });
    let now = 0;
    for (const attempt of [1, 2, 3]) {
      expect((await worker.tick(at(now)))[0]).toMatchObject({ delivered: false, attempts: attempt });
      const pause = retryDelayMs(attempt);
      expect((await rowOf(p.event_id))?.nextAttemptAt).toEqual(at(now + pause));
      expect(await worker.tick(at(now + pause - 1))).toEqual([]);
      now += pause;
    }
    expect((await worker.tick(at(now)))[0]).toMatchObject({ delivered: true, attempts: 4, lastStatus: 200 });
    expect(got).toEqual([p.event_id, p.event_id, p.event_id, p.event_id]);
    expect(logged.filter((l) => l.level === 'warn').map((l) => l.obj)).toEqual([
      { eventId: p.event_id, attempts: 1, status: 500 },
      { eventId: p.event_id, attempts: 2, status: null },
      { eventId: p.event_id, attempts: 3, status: 503 },
    ]);
  });

  it('gives up after its time and marks the row failed', async () => {
    const p = await booked();
    const { log, logged } = recorder();
    const worker = createOutboxWorker({ db: database.db, policy: psp(shop([401, 401]).send), log });
    await worker.tick(at(0));
    expect((await rowOf(p.event_id))?.state).toBe('pending');
    await worker.tick(at(OUTBOX_GIVE_UP_MS));
    expect(await rowOf(p.event_id)).toMatchObject({
      state: 'failed',
      gaveUpAt: at(OUTBOX_GIVE_UP_MS),
      lastStatus: 401,
    });
    expect(logged.at(-1)).toMatchObject({ level: 'error', msg: 'sandbox postback undelivered: given up' });
    expect(await worker.tick(at(2 * OUTBOX_GIVE_UP_MS))).toEqual([]);
  });

  it('never lets a second worker send a postback another one holds, and takes it over after the lease', async () => {
    const p = await booked();
    let release: (status: number) => void = () => {};
    const stuck = createOutboxWorker({
      db: database.db,
      log: recorder().log,
      policy: psp(() => new Promise<number>((resolve) => (release = resolve))),
    });
    const holding = stuck.tick(at(0));
    // Wait until the first worker has claimed the row and is sending it.
    for (let i = 0; i < 100 && (await rowOf(p.event_id))?.attempts !== 1; i++)
      await new Promise((r) => setTimeout(r, 5));
    const other = shop([200]);
    const second = createOutboxWorker({ db: database.db, policy: psp(other.send), log: recorder().log });
    expect(await second.tick(at(1000))).toEqual([]);
    expect(other.got).toEqual([]);
    // The first one is gone (a crash while sending): once its lease is over, another takes over.
    expect(await second.tick(at(OUTBOX_LEASE_MS))).toEqual([expect.objectContaining({ delivered: true, attempts: 2 })]);
    // The late answer of the first one changes nothing: the row is no longer its own.
    release(500);
    await holding;
    expect(await rowOf(p.event_id)).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
  });

  it('sends one row now on request, only when it is due', async () => {
    const p = await booked();
    const { send, got } = shop([500, 200]);
    const worker = createOutboxWorker({ db: database.db, policy: psp(send), log: recorder().log });
    const id = (await rowOf(p.event_id))?.id ?? 0;
    expect(await worker.sendNow(id, at(0))).toMatchObject({ delivered: false, attempts: 1 });
    expect(await worker.sendNow(id, at(1))).toBeNull();
    expect(await worker.sendNow(id, at(retryDelayMs(1)))).toMatchObject({ delivered: true, attempts: 2 });
    expect(got).toHaveLength(2);
  });
});

describe.skipIf(!testServices().databaseUrl)('the sandbox outbox under real concurrency (PostgreSQL only)', () => {
  it('sends every postback exactly once when several workers run at the same moment', async () => {
    const events = [];
    for (let i = 0; i < 45; i++) events.push((await booked()).event_id);
    const sent: string[] = [];
    const send: SendCall = async (body) => {
      sent.push(JSON.parse(body).event_id);
      await new Promise((r) => setTimeout(r, 2));
      return 200;
    };
    const workers = Array.from({ length: 4 }, () =>
      createOutboxWorker({ db: database.db, policy: psp(send), log: recorder().log }),
    );
    await Promise.all(workers.map((w) => w.tick(at(0))));
    expect(sent.toSorted()).toEqual(events.toSorted());
    const rows = await database.db.select().from(sandboxOutbox);
    expect(rows.every((r) => r.state === 'delivered' && r.attempts === 1)).toBe(true);
  });
});
