import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOW_CHAT_ERRORS, type ShowChatMessage } from '#common/api/showchat.ts';
import { SHOW_CHAT_RATE } from '#common/constants.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { createShow } from '#server/test/catalog.ts';
import { PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, openTestDatabase, TestClient, type TestContext } from '#server/test/harness.ts';
import { hasRedisServer, startRedisServer, type TestRedisServer } from '#server/test/redis-server.ts';
import { freePort } from '#server/test/server-process.ts';
import { closeAll, listenLocal, nextEvent, openSocket } from '#server/test/sockets.ts';

/**
 * Redis is optional at run time: with it gone (or hung) every answer still comes within a second,
 * limits count in the process, health says degraded, and all goes back to Redis once it returns.
 * The test runs its own redis-server on a free port, so it can stop, pause and restart it.
 */
const available = hasRedisServer();
if (!available) console.info('outage.test.ts skipped: it needs redis-server (/usr/bin/redis-server)');

/** What every answer must take at most with Redis away. */
const FAST_MS = 1000;
const LIMIT = 100;

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe.skipIf(!available)('losing Redis while running', () => {
  let server: TestRedisServer;
  let t: TestContext;
  let baseUrl: string;
  let visitor: TestClient;
  let member: { client: TestClient; email: string; id: number };

  const health = async () => {
    const { result, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
    return { status: result.statusCode, body: result.json(), ms };
  };
  /** A CSRF-protected write any visitor may make; answers the write limit's remaining count. */
  const write = async (client: TestClient) => {
    const { result, ms } = await timed(() => client.post('/api/auth/logout'));
    expect(result.statusCode, result.body).toBe(200);
    return { remaining: Number(result.headers['x-ratelimit-remaining']), ms };
  };
  const inRedis = (client: TestClient) => t.redis?.get(`throttle:ratelimit:${client.ip}`);
  const failedLogin = async () => {
    const { result, ms } = await timed(() =>
      t.client().post('/api/auth/login', { username: member.email, password: 'wrong-Password-1' }),
    );
    return { status: result.statusCode, ms };
  };

  beforeAll(async () => {
    server = await startRedisServer();
    t = await createTestApp({ redisUrl: server.url, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    baseUrl = await listenLocal(t.app);
    const { client, user } = await registerAndVerify(t, 'outage@example.com', { username: 'outageuser' });
    member = { client, email: 'outage@example.com', id: user.id };
    visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
  });
  afterAll(async () => {
    closeAll();
    server?.resume();
    await server?.stop();
    await server?.start();
    await t?.close();
    await server?.stop();
  });

  it('counts writes and throttles in Redis while it is up', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'up', redis: 'up' } });
    expect((await write(visitor)).remaining).toBe(LIMIT - 1);
    expect(await inRedis(visitor)).toBe('1');
    expect((await failedLogin()).status).toBe(401);
  });

  it('answers within a second once Redis is gone, counting in the process, and says degraded', async () => {
    await server.stop();
    const h = await health();
    expect(h).toMatchObject({ status: 200, body: { status: 'degraded', database: 'up', redis: 'down' } });
    expect(h.ms).toBeLessThan(FAST_MS);

    // The write limit goes on counting, in this process: a fresh window.
    const first = await write(visitor);
    const second = await write(visitor);
    expect([first.remaining, second.remaining]).toEqual([LIMIT - 1, LIMIT - 2]);
    expect(Math.max(first.ms, second.ms)).toBeLessThan(FAST_MS);

    const login = await failedLogin();
    expect(login.status).toBe(401);
    expect(login.ms).toBeLessThan(FAST_MS);
    const { result, ms } = await timed(() => member.client.put('/api/user/update_newsletter', { newsletter: true }));
    expect(result.statusCode, result.body).toBe(200);
    expect(ms).toBeLessThan(FAST_MS);

    // A throttle with a limit of one mail per address still refuses the second one.
    const resetter = t.client();
    const mails = [];
    for (let i = 0; i < 2; i += 1)
      mails.push(await timed(() => resetter.post('/api/auth/send', { email: member.email })));
    expect(mails.map((m) => m.result.statusCode)).toEqual([200, 429]);
    expect(Math.max(...mails.map((m) => m.ms))).toBeLessThan(FAST_MS);
  });

  it("still reaches this process's sockets, and logs an ended session's socket out", async () => {
    const socket = await openSocket(baseUrl, member.client);
    const coins = nextEvent(socket, 'user:coins', 2000);
    t.app.ctx.realtime.toUser(member.id, 'user:coins', { coins: 3 });
    expect(await coins).toEqual([{ coins: 3 }]);
    const loggedOut = nextEvent(socket, 'user:logout', 2000);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    const { result, ms } = await timed(() => member.client.post('/api/auth/logout'));
    expect(result.statusCode).toBe(200);
    expect(ms).toBeLessThan(FAST_MS);
    await loggedOut;
    await gone;
  });

  it('keeps the show chat answering within a second, its flood rule counted in the process', async () => {
    const show = await createShow(t.db, { online: true, free: true });
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const socket = await openSocket(baseUrl, visitor);
    const room = { showId: show.universalId };
    const joined = await timed(() => socket.timeout(5000).emitWithAck('chat:join', room));
    expect(joined.result).toMatchObject({ ok: true, messages: [] });
    expect(joined.ms).toBeLessThan(FAST_MS);
    const sent = [];
    for (let i = 0; i <= SHOW_CHAT_RATE.max; i += 1)
      sent.push(await timed(() => socket.timeout(5000).emitWithAck('chat:send', { ...room, text: `m${i}` })));
    expect(sent.map((s) => s.result)).toEqual([
      ...Array(SHOW_CHAT_RATE.max).fill({ ok: true }),
      { ok: false, error: SHOW_CHAT_ERRORS.throttle },
    ]);
    expect(Math.max(...sent.map((s) => s.ms))).toBeLessThan(FAST_MS);
    // A joiner on this process gets what was said meanwhile.
    const joiner = await openSocket(baseUrl, null);
    const backlog = await joiner.timeout(5000).emitWithAck('chat:join', room);
    expect(backlog.ok && backlog.messages.map((m: ShowChatMessage) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('goes back to Redis when it returns', async () => {
    await server.start();
    const deadline = Date.now() + 10_000;
    while ((await health()).body.redis !== 'up') {
      if (Date.now() > deadline) throw new Error('health never saw Redis again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', redis: 'up' } });
    // The restarted server is empty: the count starts again there, not in the process.
    const again = await write(visitor);
    expect(again.remaining).toBe(LIMIT - 1);
    expect(await inRedis(visitor)).toBe('1');
    // The socket adapter's subscriber is back on its channels: other processes' events arrive again.
    const channel = `${t.redis?.options.keyPrefix ?? ''}socket.io-request#/#`;
    await vi.waitFor(async () => expect(await t.redis?.pubsub('NUMSUB', channel)).toEqual([channel, 1]), {
      timeout: 5000,
      interval: 100,
    });
    member.client = t.client();
    expect(
      (await member.client.post('/api/auth/login', { username: member.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers within a second while Redis hangs, and uses it again when it answers', async () => {
    server.pause();
    try {
      const h = await health();
      expect(h).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'down' } });
      expect(h.ms).toBeLessThan(FAST_MS);
      const writes = [await write(visitor), await write(visitor)];
      expect(Math.max(...writes.map((w) => w.ms))).toBeLessThan(FAST_MS);
      const login = await failedLogin();
      expect(login.status).toBe(401);
      expect(login.ms).toBeLessThan(FAST_MS);
    } finally {
      server.resume();
    }
    const deadline = Date.now() + 10_000;
    while ((await health()).body.redis !== 'up') {
      if (Date.now() > deadline) throw new Error('health never saw Redis again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe.skipIf(!available)('starting without Redis', () => {
  it('starts quickly, degraded, when REDIS_URL is unreachable', async () => {
    const port = await freePort();
    const { database, drop } = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-that-is-long-enough-to-pass-0123456789',
      DATA_DIR: '/tmp/livecam-test-data',
      PUBLIC_URL: 'http://localhost:3000',
      BUILD_ID: 'test-build',
      SEED_DEMO: 'false',
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    try {
      const { result: app, ms } = await timed(() => buildApp(config, { database, mailTransport: null }));
      try {
        expect(ms).toBeLessThan(3000);
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        expect(res.json()).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
        const client = new TestClient(app);
        const write = await timed(() => client.post('/api/auth/logout'));
        expect(write.result.statusCode).toBe(200);
        expect(write.ms).toBeLessThan(FAST_MS);
      } finally {
        await app.close();
      }
    } finally {
      await drop();
    }
  });
});
