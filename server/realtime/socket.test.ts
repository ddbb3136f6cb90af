import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginClient, mailTo, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket, record, type TestSocket } from '#server/test/sockets.ts';
import { SOCKET_MAX_MESSAGE_BYTES } from './socket.ts';
import { MEMBER_SOCKETS_PER_SESSION, MEMBER_SOCKETS_PER_USER, VISITOR_SOCKETS_PER_ADDRESS } from './socket-limits.ts';

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
afterEach(closeAll);
afterAll(() => t.close());

let count = 0;
/** A verified member, logged in on the returned client. */
async function member() {
  count += 1;
  const email = `socket${count}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { username: `socketuser${count}` });
  return { client, email, name: `socketuser${count}`, id: user.id };
}

/** Sends `user:mc` to a user and waits for it: every event sent to that socket before has arrived. */
async function settle(socket: TestSocket, userId: number) {
  const marker = nextEvent(socket, 'user:mc');
  t.app.ctx.realtime.toUser(userId, 'user:mc');
  await marker;
}

describe('socket handshake', () => {
  it('accepts a socket without a session, and a visitor session: they hear broadcasts only', async () => {
    const m = await member();
    const visitor = t.client();
    await visitor.get('/api/session/init');
    expect(visitor.cookies.size).toBeGreaterThan(0);
    const [anonymous, withSession, own] = await Promise.all([
      openSocket(baseUrl, null),
      openSocket(baseUrl, visitor),
      openSocket(baseUrl, m.client),
    ]);
    const seen = [record(anonymous), record(withSession)];
    t.app.ctx.realtime.toUser(m.id, 'user:coins', { coins: 5 });
    const got = Promise.all([anonymous, withSession].map((s) => nextEvent(s, 'show:bulkupdate')));
    t.app.ctx.realtime.broadcast('show:bulkupdate', { '9': { online: false } });
    await settle(own, m.id);
    expect(await got).toEqual([[{ '9': { online: false } }], [{ '9': { online: false } }]]);
    for (const events of seen) expect(events.map((e) => e.event)).toEqual(['show:bulkupdate']);
  });

  it("accepts the loopback names of the local site's address, on its port", async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const socket = await openSocket(baseUrl, null, { origin });
      expect(socket.connected, origin).toBe(true);
    }
    await expect(openSocket(baseUrl, null, { origin: 'http://127.0.0.1:3001' })).rejects.toThrow('origin_refused');
  });

  it('refuses a visitor socket from a foreign origin', async () => {
    await expect(openSocket(baseUrl, null, { origin: 'https://evil.example' })).rejects.toThrow('origin_refused');
  });

  it('refuses a member socket from a foreign origin', async () => {
    const { client } = await member();
    await expect(openSocket(baseUrl, client, { origin: 'https://evil.example' })).rejects.toThrow('origin_refused');
    await expect(openSocket(baseUrl, client, { origin: 'http://localhost:3001' })).rejects.toThrow('origin_refused');
  });

  it('accepts a member over polling, which sends no Origin on same-origin requests', async () => {
    const { client } = await member();
    const socket = await openSocket(baseUrl, client, { origin: null, transports: ['polling'] });
    expect(socket.connected).toBe(true);
  });
});

describe('Realtime.toUser and broadcast', () => {
  it("reaches every socket of the member and no other member's", async () => {
    const a = await member();
    const b = await member();
    const [a1, a2, b1] = await Promise.all([
      openSocket(baseUrl, a.client),
      openSocket(baseUrl, a.client),
      openSocket(baseUrl, b.client),
    ]);
    const seenByB = record(b1);
    const got = Promise.all([nextEvent(a1, 'user:coins'), nextEvent(a2, 'user:coins')]);
    t.app.ctx.realtime.toUser(a.id, 'user:coins', { coins: 42 });
    expect(await got).toEqual([[{ coins: 42 }], [{ coins: 42 }]]);
    await settle(b1, b.id);
    expect(seenByB.map((e) => e.event)).toEqual(['user:mc']);
  });

  it('knows whether a member has a socket connected (a reply mail waits for members who are away)', async () => {
    const a = await member();
    expect(await t.app.ctx.realtime.isConnected(a.id)).toBe(false);
    const socket = await openSocket(baseUrl, a.client);
    await settle(socket, a.id);
    expect(await t.app.ctx.realtime.isConnected(a.id)).toBe(true);
    socket.disconnect();
    await expect.poll(() => t.app.ctx.realtime.isConnected(a.id)).toBe(false);
  });

  it("pushes raised together (one look-up of live sessions) reach each member's sockets in order", async () => {
    const [a, b, away] = [await member(), await member(), await member()];
    const [a1, b1] = await Promise.all([openSocket(baseUrl, a.client), openSocket(baseUrl, b.client)]);
    const [seenByA, seenByB] = [record(a1), record(b1)];
    await away.client.post('/api/auth/logout');
    const pushes: Array<[number, number]> = [
      [a.id, 1],
      [b.id, 2],
      [away.id, 3],
      [a.id, 4],
      [b.id, 5],
    ];
    for (const [userId, coins] of pushes) t.app.ctx.realtime.toUser(userId, 'user:coins', { coins });
    await Promise.all([settle(a1, a.id), settle(b1, b.id)]);
    const coins = (seen: typeof seenByA) => seen.filter((e) => e.event === 'user:coins').map((e) => e.args[0]);
    expect(coins(seenByA)).toEqual([{ coins: 1 }, { coins: 4 }]);
    expect(coins(seenByB)).toEqual([{ coins: 2 }, { coins: 5 }]);
  });

  it('broadcasts to every member', async () => {
    const [a, b] = [await member(), await member()];
    const sockets = await Promise.all([openSocket(baseUrl, a.client), openSocket(baseUrl, b.client)]);
    const got = Promise.all(sockets.map((s) => nextEvent(s, 'show:bulkupdate')));
    t.app.ctx.realtime.broadcast('show:bulkupdate', { '7': { online: true } });
    expect(await got).toEqual([[{ '7': { online: true } }], [{ '7': { online: true } }]]);
  });
});

describe('user:logout', () => {
  it("logout tells this session's sockets only, while another device stays logged in", async () => {
    const m = await member();
    const other = await loginClient(t, m.email);
    const [mine, theirs] = await Promise.all([openSocket(baseUrl, m.client), openSocket(baseUrl, other)]);
    const seenByOther = record(theirs);
    const loggedOut = nextEvent(mine, 'user:logout');
    expect((await m.client.post('/api/auth/logout')).statusCode).toBe(200);
    await loggedOut;
    await settle(theirs, m.id);
    expect(seenByOther.map((e) => e.event)).toEqual(['user:mc']);
  });

  it('logout of the last session tells it too', async () => {
    const m = await member();
    const socket = await openSocket(baseUrl, m.client);
    const loggedOut = nextEvent(socket, 'user:logout');
    await m.client.post('/api/auth/logout');
    await loggedOut;
  });

  it('cancellation tells every socket of the member', async () => {
    const m = await member();
    const other = await loginClient(t, m.email);
    const sockets = await Promise.all([openSocket(baseUrl, m.client), openSocket(baseUrl, other)]);
    const loggedOut = Promise.all(sockets.map((s) => nextEvent(s, 'user:logout')));
    const res = await m.client.post('/api/user/cancel', { password: PASSWORD, confirmed: true });
    expect(res.statusCode, res.body).toBe(200);
    await loggedOut;
  });

  it('a password reset logs out the old sessions but not the browser that reset', async () => {
    const m = await member();
    const old = await openSocket(baseUrl, m.client);
    const oldLoggedOut = nextEvent(old, 'user:logout');
    const resetter = t.client();
    await resetter.post('/api/auth/send', { email: m.email });
    const { token } = linkFrom((await mailTo(t, m.email)).textBody, '/users/reset');
    const password = 'amber-Lighthouse-77';
    const res = await resetter.post('/api/auth/reset', { token, password, password_confirm: password });
    expect(res.statusCode, res.body).toBe(200);
    await oldLoggedOut;
    // The resetting browser is logged in now and its new socket hears nothing of the old ones.
    const fresh = await openSocket(baseUrl, resetter);
    const seen = record(fresh);
    await settle(fresh, m.id);
    expect(seen.map((e) => e.event)).toEqual(['user:mc']);
  });

  it('treats a socket with the cookie of an ended session as a visitor: no member events', async () => {
    const m = await member();
    const stale = m.client.cookieHeader();
    await m.client.post('/api/auth/logout');
    const replay = t.client();
    for (const part of stale.split('; ')) {
      const [name = '', value = ''] = part.split('=');
      replay.cookies.set(name, value);
    }
    const socket = await openSocket(baseUrl, replay);
    const own = await openSocket(baseUrl, await loginClient(t, m.email));
    const seen = record(socket);
    t.app.ctx.realtime.toUser(m.id, 'user:coins', { coins: 1 });
    t.app.ctx.realtime.sessionsEnded({ userId: m.id });
    await settle(own, m.id);
    expect(seen).toEqual([]);
  });
});

describe('socket limits', () => {
  /** Opens a socket (a visitor's by default), retrying while the server has not yet seen earlier ones close. */
  async function openWhenFree(client: TestClient | null = null) {
    for (let i = 0; i < 50; i += 1) {
      try {
        return await openSocket(baseUrl, client);
      } catch (err) {
        if (!(err instanceof Error) || err.message !== 'throttled') throw err;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    throw new Error('sockets were never released');
  }

  it(`holds ${VISITOR_SOCKETS_PER_ADDRESS} visitor sockets per address, refuses more, and frees closed ones`, async () => {
    const visitors: TestSocket[] = [];
    for (let i = 0; i < VISITOR_SOCKETS_PER_ADDRESS; i += 1) visitors.push(await openWhenFree());
    await expect(openSocket(baseUrl, null)).rejects.toThrow('throttled');
    // Members are not visitors: their sockets are counted apart.
    const m = await member();
    expect((await openSocket(baseUrl, m.client)).connected).toBe(true);
    // A closed visitor socket makes room for the next one.
    visitors[0]?.close();
    const next = await openWhenFree();
    expect(next.connected).toBe(true);
    await expect(openSocket(baseUrl, null)).rejects.toThrow('throttled');
    closeAll();
    // Everything closed: the address may connect again.
    expect((await openWhenFree()).connected).toBe(true);
  });

  it(`holds ${MEMBER_SOCKETS_PER_SESSION} sockets per member session and ${MEMBER_SOCKETS_PER_USER} per member`, async () => {
    const m = await member();
    const first: TestSocket[] = [];
    for (let i = 0; i < MEMBER_SOCKETS_PER_SESSION; i += 1) first.push(await openSocket(baseUrl, m.client));
    await expect(openSocket(baseUrl, m.client)).rejects.toThrow('throttled');
    // The member's other sessions have room of their own, up to the member's cap.
    for (let open = MEMBER_SOCKETS_PER_SESSION; open < MEMBER_SOCKETS_PER_USER; ) {
      const session = await loginClient(t, m.email);
      const n = Math.min(MEMBER_SOCKETS_PER_SESSION, MEMBER_SOCKETS_PER_USER - open);
      for (let i = 0; i < n; i += 1) await openSocket(baseUrl, session);
      open += n;
    }
    const late = await loginClient(t, m.email);
    await expect(openSocket(baseUrl, late)).rejects.toThrow('throttled');
    // Another member is counted apart.
    expect((await openSocket(baseUrl, (await member()).client)).connected).toBe(true);
    // A closed socket makes room for the member: the new session gets it, and the first
    // session, under its own cap now, is still refused by the member's.
    first[0]?.close();
    expect((await openWhenFree(late)).connected).toBe(true);
    await expect(openSocket(baseUrl, m.client)).rejects.toThrow('throttled');
  });

  it(`closes a socket that sends more than ${SOCKET_MAX_MESSAGE_BYTES} bytes`, async () => {
    const socket = await openWhenFree();
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    (socket as unknown as { emit: (event: string, data: string) => void }).emit(
      'noise',
      'x'.repeat(SOCKET_MAX_MESSAGE_BYTES * 2),
    );
    expect(await closed).toBe('transport close');
  });
});
