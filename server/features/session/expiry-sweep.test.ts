import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { SESSION_SWEEP_FIRST_MS, SESSION_SWEEP_MS, startSessionSweep } from './expiry-sweep.ts';
import { purgeExpiredSessions } from './mutations.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());
afterEach(async () => {
  vi.useRealTimers();
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

/** A log whose next `info` line resolves `swept`. */
function recordingLog() {
  const lines: object[] = [];
  let wake = () => {};
  const log = {
    info: (obj: object) => {
      lines.push(obj);
      wake();
    },
    warn: (obj: object) => lines.push({ warn: obj }),
  };
  const swept = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  return { log, lines, swept };
}

describe('the expired session sweep', () => {
  it('deletes expired sessions soon after the start and then daily, keeps live ones, and stops', async () => {
    // Only the timers are fake: the database and the sessions' expiry run on the real clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const expired = [await session(-HOUR_MS), await session(-3 * 86_400_000)];
    const live = [await session(HOUR_MS), await session(2 * 86_400_000)];
    const { log, lines, swept } = recordingLog();
    const stop = startSessionSweep(database.db, log);

    await vi.advanceTimersByTimeAsync(SESSION_SWEEP_FIRST_MS - 1);
    expect(await left()).toEqual(sorted([...expired, ...live]));
    let done = swept();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(lines).toEqual([{ sessions: 2 }]);
    expect(await left()).toEqual(sorted(live));

    // A session that expires after the first sweep goes with the next, a day later.
    const later = await session(-1);
    await vi.advanceTimersByTimeAsync(SESSION_SWEEP_MS - 1);
    expect(await left()).toContain(later);
    done = swept();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(lines).toEqual([{ sessions: 2 }, { sessions: 1 }]);
    expect(await left()).toEqual(sorted(live));

    await stop();
    const afterStop = await session(-1);
    await vi.advanceTimersByTimeAsync(3 * SESSION_SWEEP_MS);
    expect(await left()).toContain(afterStop);
    expect(lines).toHaveLength(2);
  });

  it('deletes a backlog larger than its batch, batch by batch', async () => {
    const live = await session(HOUR_MS);
    for (let i = 0; i < 7; i++) await session(-HOUR_MS);
    expect(await purgeExpiredSessions(database.db, new Date(), 3)).toBe(7);
    expect(await left()).toEqual([live]);
    expect(await purgeExpiredSessions(database.db, new Date(), 3)).toBe(0);
  });
});
