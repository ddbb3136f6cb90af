import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { ageChecks } from '#server/db/schema/avs.ts';
import { performerApplications, sandboxIdChecks } from '#server/db/schema/onboarding.ts';
import { type SandboxChannel, sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';
import { ADULT, avsState, settledStatus, startCheck, submitForm } from '#server/features/avs/testing.ts';
import { createTestApp, openTestDatabase, TestClient, type TestContext } from '#server/test/harness.ts';
import { readyApplicant } from '#server/test/onboarding.ts';
import { callbackBody, sandboxAvsKeys } from './avs/sandbox.ts';
import { AVS_PROCESSING_MS, AVS_RETRY_MS, avsDelivery } from './avs/sandbox-delivery.ts';
import { sandboxIdCheckKeys } from './idcheck/sandbox.ts';
import { IDCHECK_RETRY_MS, idCheckDelivery } from './idcheck/sandbox-delivery.ts';
import { createOutboxWorker, enqueueSandboxCall, eventIdOf, type OutboxPolicy } from './sandbox-outbox.ts';

/**
 * The ID check's and the age check's callbacks leave through the sandboxes' outbox: they survive
 * the process that showed the page, any process delivers them, retries follow the provider's
 * pauses, and a report that arrives twice stays a replay.
 */

type Logged = { level: string; obj: object; msg: string };
function recorder() {
  const logged: Logged[] = [];
  const at = (level: string) => (obj: object, msg: string) => void logged.push({ level, obj, msg });
  return { log: { info: at('info'), warn: at('warn'), error: at('error') }, logged };
}

const rowsOf = (db: TestContext['db'], channel: SandboxChannel) =>
  db.select().from(sandboxOutbox).where(eq(sandboxOutbox.channel, channel)).orderBy(asc(sandboxOutbox.id));

/** The same database served by a new process, as after a crash of the first one. */
const nextProcess = (t: TestContext): Promise<App> =>
  buildApp(t.config, { database: t.database, redis: t.redis, mailTransport: null, storage: t.storage });

/** A browser of `t` now served by `app` (the same cookies and address). */
function sameBrowser(client: TestClient, app: App) {
  const moved = new TestClient(app, 'en', client.ip);
  moved.cookies = client.cookies;
  return moved;
}

describe('an age check verdict', () => {
  let t: TestContext;
  let next: App | null = null;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await next?.close();
    await t.close();
  });

  it('is written with the page and delivered by the next process when the one that showed it died', async () => {
    const visitor = t.client();
    const { id, page } = await startCheck(visitor, {});
    expect((await submitForm(visitor, page, ADULT)).statusCode).toBe(303);
    // The process goes before its "processing" moment is over: nothing was sent yet.
    await t.app.close();
    expect((await rowsOf(t.db, 'avs')).map((r) => [r.state, r.attempts])).toEqual([['pending', 0]]);
    next = await nextProcess(t);
    expect((await settledStatus(sameBrowser(visitor, next), id)).check).toMatchObject({ state: 'passed' });
    // The verdict shows as soon as the shop has taken the call; the sender notes the answer after.
    await expect.poll(async () => (await rowsOf(t.db, 'avs'))[0]?.state).toBe('delivered');
    const [row] = await rowsOf(t.db, 'avs');
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
  });

  it('delivered twice (its first answer lost) is a replay the second time: nothing changes', async () => {
    const app = next as App;
    const visitor = sameBrowser(t.client(), app);
    const { id } = await startCheck(visitor, {});
    const [check] = await t.db.select().from(ageChecks).where(eq(ageChecks.id, id));
    const body = callbackBody(check?.providerRef ?? '', null);
    const later = new Date(Date.now() + 3600_000);
    // Due in an hour, so only this test's sender (its clock an hour ahead) takes it.
    await enqueueSandboxCall(t.db, { channel: 'avs', eventId: eventIdOf(body), body, dueAt: later });
    const real = avsDelivery(sandboxAvsKeys(t.config).callbackKey, (request) => app.inject(request));
    const answers: number[] = [];
    let lose = true;
    const policy: OutboxPolicy = {
      ...real,
      send: async (b) => {
        const status = await real.send(b);
        answers.push(status);
        if (lose) {
          lose = false;
          throw new Error('connection reset before the answer');
        }
        return status;
      },
    };
    const worker = createOutboxWorker({ db: t.db, policy, log: recorder().log });
    expect(await worker.tick(later)).toEqual([expect.objectContaining({ delivered: false, attempts: 1 })]);
    const before = await avsState(t);
    expect(before.ageChecks.find((c) => c.id === id)).toMatchObject({ state: 'passed' });
    const retried = await worker.tick(new Date(later.getTime() + (AVS_RETRY_MS[0] ?? 0)));
    expect(retried).toEqual([expect.objectContaining({ delivered: true, attempts: 2 })]);
    expect(answers).toEqual([200, 200]);
    expect(await avsState(t)).toEqual(before);
  });
});

describe("an ID check's report", () => {
  let t: TestContext;
  let next: App | null = null;
  const REVIEW_MS = 10 * 60_000;
  beforeAll(async () => {
    t = await createTestApp({ env: { ID_CHECK_SANDBOX_PENDING_MS: String(REVIEW_MS) } });
  });
  afterAll(async () => {
    await next?.close();
    await t.close();
  });

  it("after 'pending' is a row of its own, due after the review, and any process sends it then", async () => {
    const a = await readyApplicant(t);
    const page = new URL(a.link).pathname;
    const submitted = await a.client.raw('POST', page, {
      payload: new URLSearchParams({ outcome: 'pending_approved', reason: 'document_unreadable' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submitted.statusCode, submitted.body).toBe(303);
    const stateOf = async () =>
      (
        await t.db
          .select({ state: performerApplications.idCheckState })
          .from(performerApplications)
          .where(eq(performerApplications.performerId, a.id))
      )[0]?.state;
    const providerState = async () =>
      (await t.db.select().from(sandboxIdChecks).where(eq(sandboxIdChecks.reference, a.reference)))[0]?.state;
    await expect.poll(stateOf).toBe('pending');
    await expect.poll(async () => (await rowsOf(t.db, 'idcheck')).length).toBe(2);
    const [pending, result] = await rowsOf(t.db, 'idcheck');
    expect(pending).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(result).toMatchObject({ state: 'pending', attempts: 0, followUp: null });
    const due = (pending?.deliveredAt?.getTime() ?? 0) + REVIEW_MS;
    expect(result?.nextAttemptAt.getTime()).toBe(due);
    expect(await providerState()).toBe('pending');

    // The process that showed the page dies during the review; another one sends the result.
    await t.app.close();
    next = await nextProcess(t);
    const app = next;
    const policy = idCheckDelivery(t.db, sandboxIdCheckKeys(t.config).callbackKey, (request) => app.inject(request));
    const worker = createOutboxWorker({ db: t.db, policy, log: recorder().log });
    expect(await worker.tick(new Date(due - 1000))).toEqual([]);
    expect(await stateOf()).toBe('pending');
    expect(await worker.tick(new Date(due))).toEqual([expect.objectContaining({ delivered: true, attempts: 1 })]);
    expect(await stateOf()).toBe('passed');
    expect(await providerState()).toBe('passed');
    expect(await worker.tick(new Date(due + REVIEW_MS))).toEqual([]);
  });
});

describe('the sandbox callbacks on an unanswering shop', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  const T0 = new Date('2026-11-28T12:00:00Z');
  const at = (ms: number) => new Date(T0.getTime() + ms);
  const unanswered = async () => 503;
  const cases = [
    {
      channel: 'avs' as const,
      policy: (): OutboxPolicy => ({ ...avsDelivery('k', async () => ({ statusCode: 503 })), send: unanswered }),
      first: AVS_PROCESSING_MS,
      pauses: AVS_RETRY_MS,
      givenUp: 'sandbox age check: callback given up',
    },
    {
      channel: 'idcheck' as const,
      policy: (): OutboxPolicy => ({
        ...idCheckDelivery(database.db, 'k', async () => ({ statusCode: 503 })),
        send: unanswered,
      }),
      first: 0,
      pauses: IDCHECK_RETRY_MS,
      givenUp: 'sandbox ID check: callback given up',
    },
  ];

  it.each(cases)('$channel: retries after the same pauses as before, then gives up and logs it', async (c) => {
    const body = JSON.stringify({ id: `evt_${c.channel}_retries`, type: 'check.passed', reference: 'r', reason: null });
    await enqueueSandboxCall(
      database.db,
      { channel: c.channel, eventId: eventIdOf(body), body, dueAt: at(c.first) },
      T0,
    );
    const { log, logged } = recorder();
    const worker = createOutboxWorker({ db: database.db, policy: c.policy(), log });
    if (c.first > 0) expect(await worker.tick(at(c.first - 1))).toEqual([]);
    let now = c.first;
    for (const [i, pause] of c.pauses.entries()) {
      expect(await worker.tick(at(now))).toEqual([expect.objectContaining({ delivered: false, attempts: i + 1 })]);
      expect(await worker.tick(at(now + pause - 1))).toEqual([]);
      now += pause;
    }
    expect(await worker.tick(at(now))).toEqual([expect.objectContaining({ attempts: c.pauses.length + 1 })]);
    const [row] = await database.db
      .select()
      .from(sandboxOutbox)
      .where(and(eq(sandboxOutbox.channel, c.channel), eq(sandboxOutbox.eventId, eventIdOf(body))));
    expect(row).toMatchObject({ state: 'failed', gaveUpAt: at(now), lastStatus: 503 });
    expect(logged.filter((l) => l.level === 'warn')).toHaveLength(c.pauses.length);
    expect(logged.at(-1)).toMatchObject({ level: 'error', msg: c.givenUp });
    expect(await worker.tick(at(now + 3600_000))).toEqual([]);
  });
});
