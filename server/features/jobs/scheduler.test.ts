import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_FIRST_RETRY_MS, JOB_MAX_ATTEMPTS, jobRetryDelayMs } from '#common/domain/process-lease.ts';
import type { Database } from '#server/db/client.ts';
import { delayedJobs, periodicJobs } from '#server/db/schema/cluster.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { claimDelayed, listDelayed } from './delayed.ts';
import { claimPeriodic, listPeriodic } from './periodic.ts';
import { createScheduler, DELAYED_LEASE_MS, type Scheduler } from './scheduler.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.delete(periodicJobs);
  await database.db.delete(delayedJobs);
});

type Line = { level: string; obj: object; msg: string };
/** A scheduler of a process named `node` on the test's database, its log lines kept. */
function apiProcess(node: string) {
  const lines: Line[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  const scheduler = createScheduler({
    db: () => database.db,
    node,
    log: { info: at('info'), warn: at('warn'), error: at('error') },
  });
  return { scheduler, lines };
}

const MINUTE = 60_000;

describe('periodic jobs across processes', () => {
  it('run each period once, in one of two processes on one database', async () => {
    const runs: string[] = [];
    const a = apiProcess('api-a');
    const b = apiProcess('api-b');
    for (const [node, p] of [
      ['api-a', a],
      ['api-b', b],
    ] as const) {
      p.scheduler.every('sweep', { everyMs: MINUTE, run: async () => void runs.push(node) });
    }
    const t0 = Date.now();
    const both = (ms: number) =>
      Promise.all([a.scheduler.runDue(new Date(t0 + ms)), b.scheduler.runDue(new Date(t0 + ms))]);
    await both(0);
    expect(runs).toEqual([]);
    await both(MINUTE);
    expect(runs).toHaveLength(1);
    await both(MINUTE + 1_000);
    expect(runs).toHaveLength(1);
    await both(2 * MINUTE);
    expect(runs).toHaveLength(2);
    const [row] = await listPeriodic(database.db);
    expect(row).toMatchObject({ name: 'sweep', claimedBy: null, lastError: null });
  });

  it('take a run again whose claimer died once its lease ran out', async () => {
    const runs: number[] = [];
    const b = apiProcess('api-b');
    b.scheduler.every('retention', { everyMs: MINUTE, leaseMs: 5 * MINUTE, run: async (now) => void runs.push(+now) });
    const t0 = Date.now();
    await b.scheduler.runDue(new Date(t0));
    // A process claims the due run and dies before it ends.
    expect(
      await claimPeriodic(database.db, {
        name: 'retention',
        node: 'api-a',
        now: new Date(t0 + MINUTE),
        leaseMs: 5 * MINUTE,
      }),
    ).not.toBeNull();
    await b.scheduler.runDue(new Date(t0 + 2 * MINUTE));
    expect(runs).toEqual([]);
    await b.scheduler.runDue(new Date(t0 + 6 * MINUTE));
    expect(runs).toEqual([t0 + 6 * MINUTE]);
    expect((await listPeriodic(database.db))[0]).toMatchObject({
      claimedBy: null,
      nextRunAt: new Date(t0 + 7 * MINUTE),
    });
  });

  it('log a failed run, keep its error, and run again the next period', async () => {
    const a = apiProcess('api-a');
    let fail = true;
    a.scheduler.every('flaky', {
      everyMs: MINUTE,
      run: async () => {
        if (fail) throw new Error('database away');
      },
    });
    const t0 = Date.now();
    await a.scheduler.runDue(new Date(t0));
    await a.scheduler.runDue(new Date(t0 + MINUTE));
    expect(a.lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'periodic job failed' }));
    expect((await listPeriodic(database.db))[0]).toMatchObject({ lastError: 'database away', claimedBy: null });
    fail = false;
    expect((await a.scheduler.runDue(new Date(t0 + 2 * MINUTE))).periodic).toEqual(['flaky']);
    expect((await listPeriodic(database.db))[0]).toMatchObject({ lastError: null });
  });
});

describe('delayed jobs across processes', () => {
  const handled = (s: Scheduler, seen: unknown[], fail: () => boolean = () => false) =>
    s.handle<{ n: number }>('greet', async (payload) => {
      if (fail()) throw new Error('mail server away');
      seen.push(payload);
    });

  it('run once, after their delay, whichever process claims them', async () => {
    const seen: unknown[] = [];
    const a = apiProcess('api-a');
    const b = apiProcess('api-b');
    handled(a.scheduler, seen);
    handled(b.scheduler, seen);
    await a.scheduler.later('greet', { n: 1 }, { delayMs: MINUTE });
    await a.scheduler.later('greet', { n: 2 }, { delayMs: 2 * MINUTE });
    const t0 = Date.now();
    const both = async (ms: number) =>
      (await Promise.all([a.scheduler.runDue(new Date(t0 + ms)), b.scheduler.runDue(new Date(t0 + ms))])).map(
        (r) => r.delayed,
      );
    expect(await both(MINUTE - 1_000)).toEqual([0, 0]);
    expect((await both(MINUTE + 1_000)).sort()).toEqual([0, 1]);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await both(2 * MINUTE + 1_000)).sort()).toEqual([0, 1]);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await listDelayed(database.db)).toEqual([]);
  });

  it('leave a job of a name a process does not know to the processes that do', async () => {
    const a = apiProcess('api-a');
    await a.scheduler.later('unknown-here', { n: 1 }, { delayMs: 0 });
    expect((await a.scheduler.runDue(new Date(Date.now() + 1_000))).delayed).toBe(0);
    expect(await listDelayed(database.db)).toHaveLength(1);
  });

  it('retry a failed job with a growing pause and give it up in the end, logged', async () => {
    const seen: unknown[] = [];
    const a = apiProcess('api-a');
    let failing = true;
    handled(a.scheduler, seen, () => failing);
    await a.scheduler.later('greet', { n: 3 }, { delayMs: 0 });
    let at = Date.now() + 1_000;
    expect((await a.scheduler.runDue(new Date(at))).delayed).toBe(1);
    let [row] = await listDelayed(database.db);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'mail server away', claim: null });
    expect(row?.runAt).toEqual(new Date(at + JOB_FIRST_RETRY_MS));
    // Not before its pause; then it succeeds.
    expect((await a.scheduler.runDue(new Date(at + JOB_FIRST_RETRY_MS - 1))).delayed).toBe(0);
    failing = false;
    expect((await a.scheduler.runDue(new Date(at + JOB_FIRST_RETRY_MS))).delayed).toBe(1);
    expect(seen).toEqual([{ n: 3 }]);
    expect(await listDelayed(database.db)).toEqual([]);

    // One that keeps failing is given up after JOB_MAX_ATTEMPTS, kept as failed.
    failing = true;
    await a.scheduler.later('greet', { n: 4 }, { delayMs: 0 });
    at = Date.now() + 1_000;
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      expect((await a.scheduler.runDue(new Date(at))).delayed).toBe(1);
      at += jobRetryDelayMs(attempt);
    }
    expect((await a.scheduler.runDue(new Date(at + 86_400_000))).delayed).toBe(0);
    [row] = await listDelayed(database.db);
    expect(row).toMatchObject({ state: 'failed', attempts: JOB_MAX_ATTEMPTS });
    expect(a.lines.filter((l) => l.msg === 'delayed job failed, will retry')).toHaveLength(JOB_MAX_ATTEMPTS);
    expect(a.lines.filter((l) => l.msg === 'delayed job given up')).toHaveLength(1);
  });

  it('take a job again whose claimer died, once the lease ran out', async () => {
    const seen: unknown[] = [];
    const b = apiProcess('api-b');
    handled(b.scheduler, seen);
    await b.scheduler.later('greet', { n: 5 }, { delayMs: 0 });
    const at = Date.now() + 1_000;
    expect(
      await claimDelayed(database.db, {
        names: ['greet'],
        node: 'api-a',
        now: new Date(at),
        leaseMs: DELAYED_LEASE_MS,
        batch: 10,
      }),
    ).toHaveLength(1);
    expect((await b.scheduler.runDue(new Date(at + DELAYED_LEASE_MS - 1))).delayed).toBe(0);
    expect((await b.scheduler.runDue(new Date(at + DELAYED_LEASE_MS))).delayed).toBe(1);
    expect(seen).toEqual([{ n: 5 }]);
  });
});
