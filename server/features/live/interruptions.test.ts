import { eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { livePublications } from '#server/db/schema/live.ts';
import { billDueMinutes } from '#server/features/chat/billing.ts';
import { insertMembers, insertRunningSessions, insertShows, type Running } from '#server/test/chat-members.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { LivePublications } from './publications.ts';

/**
 * A show's picture interrupted (the media server carrying it was lost): its paid chat minutes wait,
 * and are moved on by the time without a picture when her stream is back.
 */
describe('interrupted live pictures and the chat minute', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const log = pino({ level: 'silent' });
  let here: LivePublications;
  let other: LivePublications;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    db = opened.database.db;
    drop = opened.drop;
    here = new LivePublications({ db, node: 'here', internalUrl: 'http://127.0.0.1:1', log });
    other = new LivePublications({ db, node: 'other', internalUrl: 'http://127.0.0.1:2', log });
  });
  afterAll(() => drop?.());

  /** One paid private per show, its first minute paid 61 s ago: the second is due now. */
  async function showsWithSessions(n: number) {
    const shows = await insertShows(db, Array(n).fill(20));
    const members = await insertMembers(db, Array(n).fill(200));
    const sessions = await insertRunningSessions(
      db,
      shows.map((show, i) => ({
        show,
        member: members[i] as (typeof members)[number],
        kind: 'private' as const,
        price: 20,
      })),
      { now: new Date(Date.now() - 61_000), minuteSeconds: 60, sharePercent: 50, node: 'here' },
    );
    return { shows, sessions };
  }

  /** Each session's next minute as the database keeps it (microseconds), and its minutes paid. */
  async function nextMinutes(sessions: Running[]) {
    const result = await db.execute(sql`
      select id, extract(epoch from next_minute_at)::float8 as next, billed_minutes as billed
      from chat_sessions where id in ${sessions.map((s) => s.id)}`);
    const rows = (result as unknown as { rows: { id: string; next: number; billed: number }[] }).rows;
    return new Map(rows.map((r) => [r.id, { next: Number(r.next), billed: Number(r.billed) }]));
  }

  const mark = async (universalId: string) =>
    (
      await db
        .select({ at: livePublications.interruptedAt })
        .from(livePublications)
        .where(eq(livePublications.showUniversalId, universalId))
    )[0]?.at;

  const bill = () => billDueMinutes(db, new Date(), new Date(Date.now() - 120_000));

  it("bills no minute of a show whose picture is interrupted, and every other show's as before", async () => {
    const { shows, sessions } = await showsWithSessions(3);
    const [cut, live] = shows.map((s) => s.universalId);
    const [cutSession, liveSession, offAirSession] = sessions as [Running, Running, Running];
    expect(await here.claim(cut as string, 'camera')).toBe(true);
    expect(await here.claim(live as string, 'camera')).toBe(true);
    await here.interrupt(cut as string);
    expect(await mark(cut as string)).toBeInstanceOf(Date);
    expect(await mark(live as string)).toBeNull();

    const before = await nextMinutes(sessions);
    const { billed, unpaid } = await bill();
    expect(unpaid).toEqual([]);
    // The third show has no publication row at all: nothing interrupts its minute.
    expect(billed.map((b) => b.sessionId).sort()).toEqual([liveSession.id, offAirSession.id].sort());
    const after = await nextMinutes(sessions);
    expect(after.get(cutSession.id)).toEqual(before.get(cutSession.id));
    expect(after.get(liveSession.id)?.billed).toBe(2);

    // Her stream is back: the waiting minute is moved on by the gap, then billed when it comes due.
    const back = await here.resumed(cut as string);
    expect(back).toMatchObject({ sessions: 1 });
    expect(await mark(cut as string)).toBeNull();
    const moved = (await nextMinutes([cutSession])).get(cutSession.id);
    expect(moved?.next).toBeCloseTo((before.get(cutSession.id)?.next ?? 0) + (back?.seconds ?? 0), 5);
    const later = await billDueMinutes(db, new Date(Date.now() + 5_000), new Date(Date.now() - 120_000));
    expect(later.billed.map((b) => b.sessionId)).toEqual([cutSession.id]);
  });

  it('moves every open paid session of the show on by exactly the interruption, and nothing else', async () => {
    const { shows, sessions } = await showsWithSessions(2);
    const [cut, elsewhere] = shows as [(typeof shows)[number], (typeof shows)[number]];
    const [cutSession, elsewhereSession] = sessions as [Running, Running];
    // On the same show: a voyeur who joined during the interruption, a free chat, and a session that ended.
    const [voyeurMember, endedMember] = await insertMembers(db, [200, 200]);
    const [voyeur, ended] = (await insertRunningSessions(
      db,
      [
        { show: cut, member: voyeurMember as NonNullable<typeof voyeurMember>, kind: 'voyeur', price: 10 },
        { show: cut, member: endedMember as NonNullable<typeof endedMember>, kind: 'voyeur', price: 10 },
      ],
      { now: new Date(), minuteSeconds: 60, sharePercent: 50, node: 'here' },
    )) as [Running, Running];
    await db
      .update(chatSessions)
      .set({ endedAt: new Date(), endReason: 'stopped' })
      .where(eq(chatSessions.id, ended.id));
    const [free] = await db
      .insert(chatSessions)
      .values({
        id: crypto.randomUUID(),
        showId: cut.id,
        webSessionId: 'free-guest',
        nickname: 'Guest',
        kind: 'free',
        pricePerMinute: 0,
        performerShare: 0,
        minuteSeconds: 60,
        node: 'here',
        startedAt: new Date(),
        lastSeenAt: new Date(),
      })
      .returning({ id: chatSessions.id });
    expect(await here.claim(cut.universalId, 'camera')).toBe(true);
    expect(await here.claim(elsewhere.universalId, 'camera')).toBe(true);
    // Interrupted 8 s ago, the voyeur in for 3 s of it (one transaction: the same now() for both).
    await db.transaction(async (tx) => {
      await tx
        .update(livePublications)
        .set({ interruptedAt: sql`now() - interval '8 seconds'` })
        .where(eq(livePublications.showUniversalId, cut.universalId));
      await tx
        .update(chatSessions)
        .set({ startedAt: sql`now() - interval '3 seconds'` })
        .where(eq(chatSessions.id, voyeur.id));
    });
    const all = [cutSession, elsewhereSession, voyeur, ended];
    const before = await nextMinutes(all);

    const back = await here.resumed(cut.universalId);
    expect(back?.sessions).toBe(2);
    const seconds = back?.seconds ?? 0;
    expect(seconds).toBeGreaterThanOrEqual(8);
    expect(seconds).toBeLessThan(10);
    const after = await nextMinutes(all);
    const shift = (s: Running) => (after.get(s.id)?.next ?? 0) - (before.get(s.id)?.next ?? 0);
    expect(shift(cutSession)).toBeCloseTo(seconds, 5);
    expect(shift(voyeur)).toBeCloseTo(seconds - 5, 5);
    expect(shift(elsewhereSession)).toBe(0);
    expect(shift(ended)).toBe(0);
    const freeRow = await db
      .select()
      .from(chatSessions)
      .where(eq(chatSessions.id, free?.id ?? ''));
    expect(freeRow[0]?.nextMinuteAt).toBeNull();
    expect(await mark(cut.universalId)).toBeNull();

    // Once cleared, a second call moves nothing on.
    expect(await here.resumed(cut.universalId)).toBeNull();
    expect(await nextMinutes(all)).toEqual(after);
  });

  it("leaves alone a row another process holds, and keeps an interruption's start", async () => {
    const { shows, sessions } = await showsWithSessions(1);
    const show = (shows[0] as (typeof shows)[number]).universalId;
    expect(await other.claim(show, 'camera')).toBe(true);
    await here.interrupt(show);
    expect(await mark(show)).toBeNull();

    await other.interrupt(show);
    const first = await mark(show);
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await other.interrupt(show);
    expect(await mark(show)).toEqual(first);

    // Only the holder ends it; her republish on the same process (a claim) keeps the mark for `resumed`.
    const before = await nextMinutes(sessions);
    expect(await here.resumed(show)).toBeNull();
    expect(await mark(show)).toEqual(first);
    expect(await nextMinutes(sessions)).toEqual(before);
    expect(await other.claim(show, 'camera')).toBe(true);
    expect(await mark(show)).toEqual(first);
    expect(await other.resumed(show)).toMatchObject({ sessions: 1 });
  });

  it('an interruption that ends with her show going offline moves nothing: the row goes, mark and all', async () => {
    const { shows, sessions } = await showsWithSessions(1);
    const show = (shows[0] as (typeof shows)[number]).universalId;
    expect(await here.claim(show, 'camera')).toBe(true);
    await here.interrupt(show);
    expect((await bill()).billed.map((b) => b.sessionId)).not.toContain(sessions[0]?.id);
    const before = await nextMinutes(sessions);
    await here.release(show);
    expect(
      await db
        .select()
        .from(livePublications)
        .where(inArray(livePublications.showUniversalId, [show])),
    ).toEqual([]);
    expect(await here.resumed(show)).toBeNull();
    expect(await nextMinutes(sessions)).toEqual(before);
  });
});
