import { inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatPrice } from '#common/domain/chat-session.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { testServices } from '#server/env.ts';
import { chatClock, streamsOnAir } from '#server/test/chat.ts';
import {
  type BulkMember,
  insertMembers,
  insertRunningSessions,
  insertShows,
  type Running,
  walletsOffLedger,
} from '#server/test/chat-members.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { endSessions } from './mutations.ts';

const priced = (price: number) => ({ flags: { exclusive: 0 }, pricePerMinute: price, priceFactorExclusive: 150 });

// Two ticks (or a tick and a stop) meet only where transactions run side by side: PostgreSQL only.
describe.skipIf(!testServices().databaseUrl)('concurrent chat ticks (needs TEST_DATABASE_URL: real PostgreSQL)', () => {
  let t: TestContext;
  let clock: ReturnType<typeof chatClock>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    vi.restoreAllMocks();
    streamsOnAir(t);
    clock = chatClock(t);
  });
  // Each test's clock starts at the real time again: the sessions of the one before must not come due in it.
  afterEach(async () => {
    await t.db
      .update(chatSessions)
      .set({ endedAt: new Date(), endReason: 'stopped', nextMinuteAt: null })
      .where(isNull(chatSessions.endedAt));
  });

  /**
   * Privates on `watched` shows, each with a voyeur (so that ticks meet on the show's earnings
   * wallet too), and privates on `alone` more shows, all with their first minute paid now and able
   * to pay 30 minutes.
   */
  async function sessions(watched: number, alone: number) {
    const withVoyeur = await insertShows(t.db, Array(watched).fill(20));
    const privates = [...withVoyeur, ...(await insertShows(t.db, Array(alone).fill(30)))];
    const voyeurPrice = chatPrice('voyeur', priced(20), t.config.chat.voyeurPercent);
    const members = await insertMembers(t.db, [
      ...privates.map((s) => s.pricePerMinute * 30),
      ...Array(watched).fill(voyeurPrice * 30),
    ]);
    const member = (i: number) => members[i] as BulkMember;
    const all = await insertRunningSessions(
      t.db,
      [
        ...privates.map((show, i) => ({
          show,
          member: member(i),
          kind: 'private' as const,
          price: show.pricePerMinute,
        })),
        ...withVoyeur.map((show, i) => ({
          show,
          member: member(privates.length + i),
          kind: 'voyeur' as const,
          price: voyeurPrice,
        })),
      ],
      {
        now: new Date(clock.now()),
        minuteSeconds: 60,
        sharePercent: t.config.chat.performerSharePercent,
        node: t.config.chat.node,
      },
    );
    return { privates: all.slice(0, privates.length), all };
  }

  /** Each session's billed minutes, and that its ledger holds exactly those minutes' rows. */
  async function billedMinutes(started: Running[]) {
    const ids = started.map((s) => s.id);
    const rows = await t.db.select().from(chatSessions).where(inArray(chatSessions.id, ids));
    const keysOf = new Map<string, string[]>();
    for (const l of await t.db.select().from(coinLedger).where(like(coinLedger.idempotencyKey, 'chat:%'))) {
      if (l.reason === 'chat')
        keysOf.set(l.reference ?? '', [...(keysOf.get(l.reference ?? '') ?? []), l.idempotencyKey]);
    }
    const minutes = new Map<string, number>();
    for (const row of rows) {
      const expected = Array.from({ length: row.billedMinutes }, (_, i) => `chat:${row.id}:${i + 1}`).sort();
      expect((keysOf.get(`chat:${row.id}`) ?? []).sort(), row.id).toEqual(expected);
      minutes.set(row.id, row.billedMinutes);
    }
    expect(await walletsOffLedger(t.db)).toEqual([]);
    return minutes;
  }

  const sessionRows = async (started: Running[]) =>
    new Map(
      (
        await t.db
          .select()
          .from(chatSessions)
          .where(
            inArray(
              chatSessions.id,
              started.map((s) => s.id),
            ),
          )
      ).map((r) => [r.id, r]),
    );

  /** Waits until `n` statements of this database wait for a lock. */
  async function waitForBlocked(n: number) {
    await expect
      .poll(
        async () => {
          const result = await t.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`);
          return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
        },
        { interval: 20, timeout: 5_000 },
      )
      .toBe(n);
  }

  /** A transaction of its own that holds what `take` locks until `release` is called. */
  async function holdLocks(take: Parameters<TestContext['db']['transaction']>[0]) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken = () => {};
    const holding = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const done = t.db.transaction(async (tx) => {
      await take(tx);
      taken();
      await released;
    });
    await holding;
    return {
      release: async () => {
        release();
        await done;
      },
    };
  }

  it('bills each due minute once when 2 to 5 ticks run at the same moment, minute after minute', {
    timeout: 60_000,
  }, async () => {
    // Each show's private and voyeur pay into one earnings account, so ticks that split the sessions
    // between them credit the same accounts at once: they deadlocked until they took them in one order.
    const { all } = await sessions(600, 0);
    const rounds = [2, 5, 4, 4, 3, 4, 2, 4];
    for (const [round, ticks] of rounds.entries()) {
      await clock.beating(60_000);
      const results = await Promise.all(Array.from({ length: ticks }, () => t.app.ctx.chat.tick()));
      expect(
        results.reduce((sum, r) => sum + r.billed, 0),
        `minute ${round + 2}`,
      ).toBe(all.length);
      expect(results.every((r) => r.ended === 0)).toBe(true);
    }
    const minutes = await billedMinutes(all);
    expect(new Set(minutes.values())).toEqual(new Set([rounds.length + 1]));
  });

  it('bills a minute at most once when ticks meet stops of the same sessions, and none after a stop', async () => {
    const { privates, all } = await sessions(50, 50);
    await clock.beating(60_000);
    // Half of the privates stop just as their second minute comes due (their voyeurs end with them).
    const stopping = privates.filter((_, i) => i % 2 === 0);
    await Promise.all([
      t.app.ctx.chat.tick(),
      ...stopping.map((s) => t.app.ctx.chat.stop(s.id, s.webSessionId)),
      t.app.ctx.chat.tick(),
    ]);
    const after = await billedMinutes(all);
    const rows = await sessionRows(all);
    for (const s of stopping) {
      expect([1, 2], s.id).toContain(after.get(s.id));
      expect(rows.get(s.id)?.endReason).toBe('stopped');
    }
    // Every session still open was billed its second minute once.
    for (const s of all) if (rows.get(s.id)?.endedAt === null) expect(after.get(s.id), s.id).toBe(2);

    await clock.beating(60_000);
    await Promise.all([t.app.ctx.chat.tick(), t.app.ctx.chat.tick()]);
    const later = await billedMinutes(all);
    for (const s of all) expect(later.get(s.id), s.id).toBe(rows.get(s.id)?.endedAt === null ? 3 : after.get(s.id));
  });

  it('does not bill a minute whose session a stop is ending at that moment', async () => {
    const { privates } = await sessions(0, 1);
    const [session] = privates;
    if (!session) throw new Error('no session');
    await clock.beating(60_000);
    // The stop's update has taken the row and not committed yet: the tick passes it by.
    const stop = await holdLocks(async (tx) => {
      await endSessions(tx, [session.id], 'stopped', new Date(clock.now()));
    });
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    await stop.release();
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    expect((await billedMinutes(privates)).get(session.id)).toBe(1);
  });

  it('ends a session whose minute a tick is paying at that moment after the payment, once', async () => {
    const { privates } = await sessions(0, 1);
    const [session] = privates;
    if (!session) throw new Error('no session');
    await clock.beating(60_000);
    // Her wallet is busy, so the tick waits holding her session; the stop waits for the tick.
    const wallet = await holdLocks(async (tx) => {
      await tx.execute(sql`select 1 from wallets where user_id = ${session.member.user.id} for update`);
    });
    const tick = t.app.ctx.chat.tick();
    await waitForBlocked(1);
    const stop = t.app.ctx.chat.stop(session.id, session.webSessionId);
    await waitForBlocked(2);
    await wallet.release();
    expect(await tick).toEqual({ billed: 1, ended: 0 });
    expect(await stop).toMatchObject({ open: false, minutes: 2 });
    await clock.beating(60_000);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    expect((await billedMinutes(privates)).get(session.id)).toBe(2);
    expect((await sessionRows(privates)).get(session.id)?.endReason).toBe('stopped');
  });
});
