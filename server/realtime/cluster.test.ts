import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '#server/env.ts';
import { loginClient, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket, record } from '#server/test/sockets.ts';

/**
 * DESIGN.md "Scale-out": two API processes on one PostgreSQL and one Redis, an event raised on one
 * reaching a socket on the other. Only real services prove it: PGlite lives inside one process and
 * without Redis there is no fan-out at all.
 */
const { databaseUrl, redisUrl } = testServices();
const real = Boolean(databaseUrl && redisUrl);
if (!real)
  console.info('cluster.test.ts skipped: it needs TEST_DATABASE_URL and REDIS_URL (real PostgreSQL and Redis)');

describe.skipIf(!real)('two API processes on one PostgreSQL and one Redis', () => {
  let a: TestContext;
  let b: TestContext;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sharing: a });
    [urlA, urlB] = await Promise.all([listenLocal(a.app), listenLocal(b.app)]);
  });
  afterAll(async () => {
    closeAll();
    await b?.close();
    await a?.close();
  });

  it("reaches a socket on A with an event raised on B's ctx.realtime", async () => {
    const { client, user } = await registerAndVerify(a, 'cluster@example.com', { username: 'clusteruser' });
    const other = await registerAndVerify(a, 'cluster2@example.com', { username: 'clusteruser2' });
    const [onA, otherOnB] = await Promise.all([openSocket(urlA, client), openSocket(urlB, other.client)]);
    const seenByOther = record(otherOnB);
    const got = nextEvent(onA, 'user:coins');
    b.app.ctx.realtime.toUser(user.id, 'user:coins', { coins: 7 });
    expect(await got).toEqual([{ coins: 7 }]);
    // Nothing for the other member: the marker sent after the coins is all it sees.
    const marker = nextEvent(otherOnB, 'user:mc');
    a.app.ctx.realtime.toUser(other.user.id, 'user:mc');
    await marker;
    expect(seenByOther.map((e) => e.event)).toEqual(['user:mc']);
  });

  it('a session logged in through A opens a socket on B, and a cancellation on A logs it out', async () => {
    await registerAndVerify(a, 'cluster3@example.com', { username: 'clusteruser3' });
    const viaB = await loginClient(b, 'cluster3@example.com');
    const socket = await openSocket(urlA, viaB);
    const loggedOut = nextEvent(socket, 'user:logout');
    const res = await viaB.post('/api/user/cancel', { password: 'violet-Harbour-42' });
    expect(res.statusCode, res.body).toBe(200);
    await loggedOut;
  });
});
