import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions } from '#server/db/schema/chat.ts';
import { showHistory } from '#server/db/schema/member-catalog.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
let guardShow: TestShow;
const GUARD_UNIVERSAL_ID = '77000001';

let n = 0;
const newMember = () => registerAndVerify(t, `history-${++n}@example.com`);
const historyRows = (userId: number) =>
  t.db.select().from(showHistory).where(eq(showHistory.userId, userId)).orderBy(showHistory.showId);
const allHistory = () => t.db.select().from(showHistory).orderBy(showHistory.userId, showHistory.showId);

beforeAll(async () => {
  t = await createTestApp();
  member = (await newMember()).client;
  guardShow = await createShow(t.db, { universalId: GUARD_UNIVERSAL_ID });
});
afterAll(() => t.close());

describe('POST /api/user/history/:id and GET /api/user/history', () => {
  it('records a visit once per show and lists the latest first', async () => {
    const { client, user } = await newMember();
    const [first, second] = [await createShow(t.db), await createShow(t.db)];
    for (const show of [first, second, first]) {
      const res = await client.post(`/api/user/history/${show.universalId}`);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await historyRows(user.id)).toHaveLength(2);
    const res = await client.get('/api/user/history');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((h: { id: number }) => h.id)).toEqual([first.id, second.id]);
    expect(data[0].show).toMatchObject({ id: first.id, universalId: first.universalId, showName: first.showName });
    expect(Date.parse(data[0].visited_at)).toBeGreaterThan(Date.parse(data[1].visited_at));
  });

  it('lists at most 20 visits', async () => {
    const { client, user } = await newMember();
    const many = [];
    for (let i = 0; i < 22; i++) many.push(await createShow(t.db, { images: 0 }));
    await t.db
      .insert(showHistory)
      .values(
        many.map((s, i) => ({ userId: user.id, showId: s.id, visitedAt: new Date(Date.now() - (22 - i) * 60_000) })),
      );
    const { data } = (await client.get('/api/user/history')).json();
    expect(data).toHaveLength(20);
    expect(data[0].id).toBe(many[21]?.id);
    expect(data[19].id).toBe(many[2]?.id);
  });

  it("keeps members' histories apart", async () => {
    const one = await newMember();
    const other = await newMember();
    await one.client.post(`/api/user/history/${guardShow.universalId}`);
    expect((await other.client.get('/api/user/history')).json().data).toEqual([]);
  });

  it('records and lists nothing while the member keeps no history', async () => {
    const { client, user } = await newMember();
    await client.post(`/api/user/history/${guardShow.universalId}`);
    const off = await client.put('/api/user/update', { show_history: false });
    expect(off.statusCode, off.body).toBe(200);
    const visited = await createShow(t.db);
    expect((await client.post(`/api/user/history/${visited.universalId}`)).statusCode).toBe(204);
    expect((await historyRows(user.id)).map((r) => r.showId)).toEqual([guardShow.id]);
    expect((await client.get('/api/user/history')).json()).toEqual({ data: [] });
  });

  it.each(['424242424', "1'%20OR%20'1'='1", '1%3Bdelete%20from%20show_history', '%25%5F'])(
    'answers 404 for the unknown show %s and records nothing',
    async (id) => {
      const before = await allHistory();
      await expectRefused(t, () => member.post(`/api/user/history/${id}`), 404, 'not_found');
      expect(await allHistory()).toEqual(before);
    },
  );

  it('refuses an id over 40 characters with 422', async () => {
    await expectRefused(t, () => member.post(`/api/user/history/${'9'.repeat(41)}`), 422, 'validation_failed');
  });

  it('refuses visitors with 401', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const before = await allHistory();
    await expectRefused(t, () => visitor.post(`/api/user/history/${guardShow.universalId}`), 401, 'unauthenticated');
    await expectRefused(t, () => visitor.get('/api/user/history'), 401, 'unauthenticated');
    expect(await allHistory()).toEqual(before);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [{ method: 'POST', url: `/api/user/history/${GUARD_UNIVERSAL_ID}`, body: {}, as: 'member' }],
);

/** A chat session row as the chat feature writes them (1 coin a minute unless said). */
const chatRow = (userId: number, showId: number, over: Partial<typeof chatSessions.$inferInsert>) => ({
  id: randomUUID(),
  userId,
  showId,
  webSessionId: 'web',
  nickname: 'Chatter',
  kind: 'free' as const,
  pricePerMinute: 1,
  performerShare: 0,
  minuteSeconds: 60,
  node: 'test',
  startedAt: new Date(),
  lastSeenAt: new Date(),
  endedAt: new Date(),
  ...over,
});

describe('GET /api/user/chathistory', () => {
  it("answers the member's chats, latest first, at most 50, with the time of the answer", async () => {
    const { client, user } = await newMember();
    const other = await newMember();
    const show = await createShow(t.db, { showName: 'Chatty' });
    const start = Date.now() - 3600_000;
    await t.db.insert(chatSessions).values(
      Array.from({ length: 52 }, (_, i) =>
        chatRow(user.id, show.id, {
          kind: i % 2 ? 'private' : 'voyeur',
          startedAt: new Date(start + i * 1000),
          endedAt: i === 51 ? null : new Date(start + i * 1000 + 500),
          billedMinutes: i,
        }),
      ),
    );
    await t.db.insert(chatSessions).values(chatRow(other.user.id, show.id, { kind: 'voyeur', billedMinutes: 3 }));
    const res = await client.get('/api/user/chathistory');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.list).toHaveLength(50);
    expect(body.list[0]).toMatchObject({
      show: { id: show.id, showName: 'Chatty' },
      session_type: 'private',
      started_at: new Date(start + 51_000).toISOString(),
      ended_at: null,
      minutes: 51,
      coins: 51,
      rating: null,
    });
    expect(body.list[1].ended_at).toBe(new Date(start + 50_500).toISOString());
    expect(body.list.map((c: { coins: number }) => c.coins)).toEqual(Array.from({ length: 50 }, (_, i) => 51 - i));
    expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect((await other.client.get('/api/user/chathistory')).json().list).toHaveLength(1);
  });

  it('answers an empty list without chats, and 401 to visitors', async () => {
    const { client } = await newMember();
    expect((await client.get('/api/user/chathistory')).json().list).toEqual([]);
    await expectRefused(t, () => t.client().get('/api/user/chathistory'), 401, 'unauthenticated');
  });

  it('leaves chats of deleted shows out', async () => {
    const { client, user } = await newMember();
    const show = await createShow(t.db);
    await t.db.insert(chatSessions).values(chatRow(user.id, show.id, { kind: 'free', pricePerMinute: 0 }));
    await t.db.execute(sql`delete from shows where id = ${show.id}`);
    expect((await client.get('/api/user/chathistory')).json().list).toEqual([]);
  });
});
