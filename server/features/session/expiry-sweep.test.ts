import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { periodicJobs } from '#server/db/schema/cluster.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { createScheduler } from '#server/features/jobs/scheduler.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { SESSION_SWEEP_FIRST_MS, SESSION_SWEEP_MS, sessionSweepJob } from './expiry-sweep.ts';
import { purgeExpiredSessions } from './mutations.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());
afterEach(async () => {
  await database.db.delete(sessions);
});

const HOUR_MS = 3_600_000;
let n = 0;
/** A session that expires `inMs` from now (negative: expired that long ago). */
async function session(inMs: number) {
  const id = `sweep-test-${++n}`;
  await database.db.insert(sessions).values({ id, expiresAt: new Date(Date.now() + inMs) });
  return id;
}
const sorted = (ids: string[]) => [...ids].sort((a, b) => a.localeCompare(b));
const left = async () => sorted((await database.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id));

/** A log that keeps its info lines. */
function recordingLog() {
  const lines: object[] = [];
  return { log: { info: (obj: object) => void lines.push(obj) }, lines };
}
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('the expired session sweep', () => {
  it('deletes expired sessions soon after the job is known and then daily, keeping live ones', async () => {
    const expired = [await session(-HOUR_MS), await session(-3 * 86_400_000)];
    // Live past the second sweep's day, which the scheduler's clock reaches.
    const live = [await session(2 * 86_400_000), await session(3 * 86_400_000)];
    const { log, lines } = recordingLog();
    const scheduler = createScheduler({ db: () => database.db, node: 'sweep-test', log: silent });
    scheduler.every('expired-session-sweep', sessionSweepJob(database.db, log));
    const t0 = Date.now();

    expect((await scheduler.runDue(new Date(t0))).periodic).toEqual([]);
    expect((await scheduler.runDue(new Date(t0 + SESSION_SWEEP_FIRST_MS - 1))).periodic).toEqual([]);
    expect(await left()).toEqual(sorted([...expired, ...live]));
    expect((await scheduler.runDue(new Date(t0 + SESSION_SWEEP_FIRST_MS))).periodic).toEqual(['expired-session-sweep']);
    expect(lines).toEqual([{ sessions: 2 }]);
    expect(await left()).toEqual(sorted(live));

    // A session that expires after the first sweep goes with the next, a day later.
    const later = await session(-1);
    const next = t0 + SESSION_SWEEP_FIRST_MS + SESSION_SWEEP_MS;
    expect((await scheduler.runDue(new Date(next - 1))).periodic).toEqual([]);
    expect(await left()).toContain(later);
    expect((await scheduler.runDue(new Date(next))).periodic).toEqual(['expired-session-sweep']);
    expect(lines).toEqual([{ sessions: 2 }, { sessions: 1 }]);
    expect(await left()).toEqual(sorted(live));
    await database.db.delete(periodicJobs);
  });

  it('deletes a backlog larger than its batch, batch by batch', async () => {
    const live = await session(HOUR_MS);
    for (let i = 0; i < 7; i++) await session(-HOUR_MS);
    expect(await purgeExpiredSessions(database.db, new Date(), 3)).toBe(7);
    expect(await left()).toEqual([live]);
    expect(await purgeExpiredSessions(database.db, new Date(), 3)).toBe(0);
  });
});
