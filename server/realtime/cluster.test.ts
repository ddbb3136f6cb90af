import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOW_CHAT_ERRORS, type ShowChatMessage } from '#common/api/showchat.ts';
import { SHOW_CHAT_RATE } from '#common/constants.ts';
import { testServices } from '#server/env.ts';
import { createShow } from '#server/test/catalog.ts';
import { loginClient, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
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

  it("carries a show chat message written on B to A's sockets in the room, and into the backlog every process reads", async () => {
    const show = await createShow(a.db, { online: true, free: true });
    const { client } = await registerAndVerify(a, 'cluster4@example.com', { username: 'clusteruser4' });
    expect((await client.post('/api/user/nickname/add', { nickname: 'ClusterNick' })).statusCode).toBe(201);
    const [reader, writer] = await Promise.all([openSocket(urlA, null), openSocket(urlB, client)]);
    const room = { showId: show.universalId };
    await Promise.all([
      reader.timeout(5000).emitWithAck('chat:join', room),
      writer.timeout(5000).emitWithAck('chat:join', room),
    ]);
    const heard = nextEvent(reader, 'chat:message');
    expect(await writer.timeout(5000).emitWithAck('chat:send', { ...room, text: 'across processes' })).toEqual({
      ok: true,
    });
    const [message] = (await heard) as [ShowChatMessage];
    expect(message).toMatchObject({ nickname: 'ClusterNick', text: 'across processes' });
    const joiner = await openSocket(urlA, null);
    expect(await joiner.timeout(5000).emitWithAck('chat:join', room)).toMatchObject({ ok: true, messages: [message] });
    // A process started after the message was written knows it too.
    const c = await createTestApp({ sharing: a });
    try {
      const late = await openSocket(await listenLocal(c.app), null);
      expect(await late.timeout(5000).emitWithAck('chat:join', room)).toMatchObject({ ok: true, messages: [message] });
    } finally {
      closeAll();
      await c.close();
    }
  });

  it(`counts a chatter's messages on every process together: ${SHOW_CHAT_RATE.max} in the window, then errors.throttle`, async () => {
    const show = await createShow(a.db, { online: true, free: true });
    const { client } = await registerAndVerify(a, 'cluster6@example.com', { username: 'clusteruser6' });
    expect((await client.post('/api/user/nickname/add', { nickname: 'ClusterSix' })).statusCode).toBe(201);
    const [onA, onB] = await Promise.all([openSocket(urlA, client), openSocket(urlB, client)]);
    const room = { showId: show.universalId };
    await Promise.all([onA, onB].map((s) => s.timeout(5000).emitWithAck('chat:join', room)));
    const send = (socket: typeof onA, text: string) => socket.timeout(5000).emitWithAck('chat:send', { ...room, text });
    for (let i = 0; i < SHOW_CHAT_RATE.max; i += 1)
      expect(await send(i % 2 ? onA : onB, `m${i}`)).toEqual({ ok: true });
    const throttled = { ok: false, error: SHOW_CHAT_ERRORS.throttle };
    expect(await send(onA, 'one more')).toEqual(throttled);
    expect(await send(onB, 'and more')).toEqual(throttled);
  });

  it('lets a performer on B mute and kick a member whose socket is on A', async () => {
    const { performer, show } = await createTestPerformer(a);
    const { client, user } = await registerAndVerify(a, 'cluster5@example.com', { username: 'clusteruser5' });
    expect((await client.post('/api/user/nickname/add', { nickname: 'ClusterFive' })).statusCode).toBe(201);
    const [her, member] = await Promise.all([
      openSocket(urlB, await studioClient(b, performer.email), { auth: { as: 'performer' } }),
      openSocket(urlA, client),
    ]);
    const room = { showId: show.universalId };
    await Promise.all([
      her.timeout(5000).emitWithAck('chat:join', room),
      member.timeout(5000).emitWithAck('chat:join', room),
    ]);
    const heard = nextEvent(her, 'chat:message');
    await member.timeout(5000).emitWithAck('chat:send', { ...room, text: 'hi from A' });
    const [{ author }] = (await heard) as [ShowChatMessage];
    // B knows who wrote on A, and A hears B's mute.
    expect(await her.timeout(5000).emitWithAck('chat:mute', { ...room, author: author ?? '', muted: true })).toEqual({
      ok: true,
    });
    await vi.waitFor(async () =>
      expect(await member.timeout(5000).emitWithAck('chat:send', { ...room, text: 'muted?' })).toEqual({
        ok: false,
        error: SHOW_CHAT_ERRORS.muted,
      }),
    );
    const dropOnA = vi.spyOn(a.app.ctx.live, 'dropViewers');
    const removed = nextEvent(member, 'chat:removed');
    expect(await her.timeout(5000).emitWithAck('chat:kick', { ...room, author: author ?? '' })).toEqual({ ok: true });
    expect(await removed).toEqual([{ showId: show.universalId, reason: 'kicked' }]);
    await vi.waitFor(() => expect(dropOnA).toHaveBeenCalledWith(show.universalId, expect.any(Function)));
    expect(dropOnA.mock.calls[0]?.[1]({ sessionId: 'x', userId: user.id })).toBe(true);
  });

  it('enforces a ban made on B on every process: her socket on A leaves, and no process lets her back', async () => {
    const { performer, show } = await createTestPerformer(a);
    const { client } = await registerAndVerify(a, 'cluster7@example.com', { username: 'clusteruser7' });
    expect((await client.post('/api/user/nickname/add', { nickname: 'ClusterSeven' })).statusCode).toBe(201);
    const [her, member] = await Promise.all([
      openSocket(urlB, await studioClient(b, performer.email), { auth: { as: 'performer' } }),
      openSocket(urlA, client),
    ]);
    const room = { showId: show.universalId };
    await Promise.all([her, member].map((s) => s.timeout(5000).emitWithAck('chat:join', room)));
    const heard = nextEvent(her, 'chat:message');
    await member.timeout(5000).emitWithAck('chat:send', { ...room, text: 'hi' });
    const [{ author }] = (await heard) as [ShowChatMessage];
    const removed = nextEvent(member, 'chat:removed');
    expect(await her.timeout(5000).emitWithAck('chat:ban', { ...room, author: author ?? '' })).toEqual({ ok: true });
    expect(await removed).toEqual([{ showId: show.universalId, reason: 'banned' }]);
    const banned = { ok: false, error: SHOW_CHAT_ERRORS.banned };
    for (const url of [urlA, urlB])
      expect(await (await openSocket(url, client)).timeout(5000).emitWithAck('chat:join', room)).toEqual(banned);
  });

  it('a session logged in through A opens a socket on B, and a cancellation on A logs it out', async () => {
    await registerAndVerify(a, 'cluster3@example.com', { username: 'clusteruser3' });
    const viaB = await loginClient(b, 'cluster3@example.com');
    const socket = await openSocket(urlA, viaB);
    const loggedOut = nextEvent(socket, 'user:logout');
    const res = await viaB.post('/api/user/cancel', { password: 'violet-Harbour-42', confirmed: true });
    expect(res.statusCode, res.body).toBe(200);
    await loggedOut;
  });
});
