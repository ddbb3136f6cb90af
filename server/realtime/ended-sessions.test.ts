import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { hashToken } from '#server/features/session/tokens.ts';
import { loginClient, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket, record, type TestSocket } from '#server/test/sockets.ts';

/**
 * A session that ends (logout, password change, a second login, any path that deletes it) takes
 * its sockets with it: they hear `user:logout`, are disconnected, and no member event reaches
 * them afterwards, while the member's other sessions go on hearing theirs.
 */
let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
afterEach(closeAll);
afterAll(() => t.close());

let count = 0;
async function member() {
  count += 1;
  const email = `ended${count}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { username: `endeduser${count}` });
  return { client, email, id: user.id };
}

/** Resolves when the server closed the socket, with the reason the client saw; fails after 5 s. */
const disconnected = (socket: TestSocket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed connected')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** `user:coins` to the member, then a marker: once the marker arrived on `live`, the coins went everywhere they go. */
async function coinsThenMarker(userId: number, live: TestSocket, coins: number) {
  const got = nextEvent(live, 'user:coins');
  t.app.ctx.realtime.toUser(userId, 'user:coins', { coins });
  expect(await got).toEqual([{ coins }]);
  const marker = nextEvent(live, 'user:mc');
  t.app.ctx.realtime.toUser(userId, 'user:mc');
  await marker;
}

/** Opens a socket for the client and one for a second login of the same member. */
async function twoSessions(m: { client: TestClient; email: string }) {
  const other = await loginClient(t, m.email);
  const [mine, theirs] = await Promise.all([openSocket(baseUrl, m.client), openSocket(baseUrl, other)]);
  return { mine, theirs, other };
}

describe('sockets of ended sessions', () => {
  it("logout disconnects the session's sockets after user:logout; the other session still hears user:coins", async () => {
    const m = await member();
    const { mine, theirs } = await twoSessions(m);
    const second = await openSocket(baseUrl, m.client);
    const seen = [record(mine), record(second)];
    const gone = [disconnected(mine), disconnected(second)];
    expect((await m.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const events of seen) expect(events.map((e) => e.event)).toEqual(['user:logout']);
    expect(mine.connected).toBe(false);
    await coinsThenMarker(m.id, theirs, 11);
    for (const events of seen) expect(events.map((e) => e.event)).toEqual(['user:logout']);
  });

  it("a password change disconnects the other sessions' sockets and keeps this one's", async () => {
    const m = await member();
    const { mine, theirs } = await twoSessions(m);
    const seenByOther = record(theirs);
    const gone = disconnected(theirs);
    const res = await m.client.put('/api/user/update', {
      current_password: PASSWORD,
      new_password: 'amber-Lighthouse-77',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await coinsThenMarker(m.id, mine, 12);
    expect(mine.connected).toBe(true);
    expect(seenByOther.map((e) => e.event)).toEqual(['user:logout']);
  });

  it("a second login in one browser ends the first session's sockets", async () => {
    const m = await member();
    const first = await openSocket(baseUrl, m.client);
    const seen = record(first);
    const gone = disconnected(first);
    const res = await m.client.post('/api/auth/login', { username: m.email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    await gone;
    const fresh = await openSocket(baseUrl, m.client);
    await coinsThenMarker(m.id, fresh, 13);
    expect(seen.map((e) => e.event)).toEqual(['user:logout']);
  });

  it('a socket whose session ended without its disconnect hears no member events', async () => {
    const m = await member();
    const { mine, theirs } = await twoSessions(m);
    const seen = record(mine);
    // The session goes behind the socket server's back, as when the disconnect was lost.
    const id = hashToken(t.config.sessionSecret, m.client.cookies.get(SESSION_COOKIE) ?? '');
    expect(await t.db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id })).toHaveLength(1);
    t.app.ctx.sessionCache.clear();
    await coinsThenMarker(m.id, theirs, 14);
    expect(mine.connected).toBe(true);
    expect(seen).toEqual([]);
  });
});
