import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { testServices } from '#server/env.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { chatClock, startChat, streamsOnAir } from '#server/test/chat.ts';
import { insertMembers, signIn, walletsOffLedger } from '#server/test/chat-members.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

// PGlite has one connection and runs one transaction after another: only a PostgreSQL server
// (TEST_DATABASE_URL, a pool of 20) lets two starts meet inside the database.
describe.skipIf(!testServices().databaseUrl)('chat starts racing (needs TEST_DATABASE_URL: real PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    vi.restoreAllMocks();
    streamsOnAir(t);
    chatClock(t);
  });

  const refusedWith = (body: { errors?: Record<string, string[]> }) => Object.keys(body.errors ?? {})[0];
  const walletsOf = (ids: number[]) =>
    t.db.select().from(wallets).where(inArray(wallets.userId, ids)).orderBy(wallets.userId);
  const chatRowsOf = (ids: number[]) =>
    t.db
      .select()
      .from(coinLedger)
      .where(and(inArray(coinLedger.userId, ids), like(coinLedger.reference, 'chat:%')));
  const earningsRows = async (show: TestShow) => {
    const [row] = await t.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, show.id));
    if (!row?.id) return [];
    return t.db.select().from(coinLedger).where(eq(coinLedger.userId, row.id));
  };

  /** Counts the transactions that roll back (a start that lost at the insert rolls back). */
  function countRollbacks() {
    const original = t.db.transaction.bind(t.db);
    const counter = { count: 0, stop: () => spy.mockRestore() };
    const spy = vi.spyOn(t.db, 'transaction').mockImplementation((run, config) =>
      original(run, config).catch((err: unknown) => {
        counter.count += 1;
        throw err;
      }),
    );
    return counter;
  }

  /** `n` signed-in members with 100 coins each start a private with the show at the same moment. */
  async function race(show: TestShow, n: number) {
    const members = await insertMembers(t.db, Array(n).fill(100));
    const clients = await Promise.all(members.map((m) => signIn(t, m.email)));
    const ids = members.map((m) => m.user.id);
    const before = await walletsOf(ids);
    const rolledBack = countRollbacks();
    const answers = await Promise.all(clients.map((c) => startChat(c, show.universalId, 'private')));
    rolledBack.stop();
    // The starts met in the database: losers got past every check before it and lost at the insert.
    expect(rolledBack.count, 'starts refused by the unique index').toBeGreaterThan(0);
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const a of lost) {
      expect(a.statusCode, a.body).toBe(409);
      expect(refusedWith(a.json())).toBe('chat.show_not_available_private');
    }
    const winner = members[answers.findIndex((a) => a.statusCode === 200)];
    if (!winner) throw new Error('no winner');
    const sessionId: string = won[0]?.json().login;
    // Exactly one first minute: the winner's, under its key; nobody else's wallet moved at all.
    const rows = await chatRowsOf(ids);
    expect(rows.map((r) => [r.userId, r.delta, r.idempotencyKey])).toEqual([
      [winner.user.id, -25, `chat:${sessionId}:1`],
    ]);
    const after = await walletsOf(ids);
    expect(after.filter((w) => w.userId !== winner.user.id)).toEqual(before.filter((w) => w.userId !== winner.user.id));
    expect(after.find((w) => w.userId === winner.user.id)?.balance).toBe(75);
    // The losers left no session behind, and one private runs.
    const sessions = await t.db.select().from(chatSessions).where(eq(chatSessions.showId, show.id));
    expect(sessions.filter((s) => s.endedAt === null).map((s) => [s.id, s.userId, s.billedMinutes])).toEqual([
      [sessionId, winner.user.id, 1],
    ]);
    expect(sessions.filter((s) => ids.includes(s.userId ?? 0))).toHaveLength(1);
    return { winner: clients[members.indexOf(winner)], sessionId };
  }

  it('lets one of two members start a private on one show at once; the other hears it is taken', async () => {
    const show = await createShow(t.db, { online: true, free: true, pricePerMinute: 25 });
    await race(show, 2);
    expect((await earningsRows(show)).map((r) => r.delta)).toEqual([12]);
    expect(await walletsOffLedger(t.db)).toEqual([]);
  });

  it('lets one of 20 members through, on a show without and then with its earnings account', async () => {
    const show = await createShow(t.db, { online: true, free: false, pricePerMinute: 25 });
    // The first race also makes the show's earnings account (two first uses at once make one).
    const first = await race(show, 20);
    await first.winner?.post(`/api/chatsession/stop/${first.sessionId}`);
    await race(show, 20);
    expect((await earningsRows(show)).map((r) => r.delta)).toEqual([12, 12]);
    expect(await walletsOffLedger(t.db)).toEqual([]);
  });

  it('lets a member start one paid session when she starts five on five shows at once', async () => {
    const own = await Promise.all(
      [10, 20, 30, 40, 50].map((price) => createShow(t.db, { online: true, free: true, pricePerMinute: price })),
    );
    const [member] = await insertMembers(t.db, [500]);
    if (!member) throw new Error('no member');
    const client = await signIn(t, member.email);
    const rolledBack = countRollbacks();
    const answers = await Promise.all(own.map((show) => startChat(client, show.universalId, 'private')));
    rolledBack.stop();
    expect(rolledBack.count, 'starts refused by the unique index').toBeGreaterThan(0);
    const won = answers.findIndex((a) => a.statusCode === 200);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(refusedWith(a.json())).toBe('chat.session_running');
    }
    const price = own[won]?.pricePerMinute ?? 0;
    const sessionId: string = answers[won]?.json().login;
    expect((await chatRowsOf([member.user.id])).map((r) => [r.delta, r.idempotencyKey])).toEqual([
      [-price, `chat:${sessionId}:1`],
    ]);
    expect((await walletsOf([member.user.id]))[0]?.balance).toBe(500 - price);
    const open = await t.db
      .select()
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.userId, member.user.id),
          inArray(
            chatSessions.showId,
            own.map((s) => s.id),
          ),
        ),
      );
    expect(open.map((s) => s.id)).toEqual([sessionId]);
    // The shows that lost kept no earnings account made for a minute never paid.
    for (const [i, show] of own.entries()) {
      const [row] = await t.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, show.id));
      expect(row?.id !== null, `show ${i}`).toBe(i === won);
    }
    expect(await walletsOffLedger(t.db)).toEqual([]);
  });
});
