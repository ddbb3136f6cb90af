import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEASE_LIFE_MS, LEASE_RENEW_MS } from '#common/domain/process-lease.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { createShow } from '#server/test/catalog.ts';
import { chatClock, chatMember, startChat, streamsOnAir } from '#server/test/chat.ts';
import { walletsOffLedger } from '#server/test/chat-members.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { listProcesses } from './processes.ts';

const PRICE = 10;

/**
 * Three API processes on one database (decision 050), each with its own NODE_NAME, their leases
 * driven by the test's clock: the chat sessions of one whose lease ran out are settled by one of
 * the others, once; a live lease is left alone; a graceful close settles its own at once.
 */
describe('process leases', () => {
  let a: TestContext;
  let b: TestContext;
  let c: TestContext;
  const T0 = Date.now();
  const at = (ms: number) => new Date(T0 + ms);

  beforeAll(async () => {
    a = await createTestApp({ env: { NODE_NAME: 'api-a' } });
    b = await createTestApp({ sharing: a, env: { NODE_NAME: 'api-b' } });
    c = await createTestApp({ sharing: a, env: { NODE_NAME: 'api-c' } });
  });
  afterAll(async () => {
    await c?.close();
    await b?.close();
    await a?.close();
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    for (const t of [a, b, c]) streamsOnAir(t);
  });

  const ledgerOf = async (id: string) =>
    (
      await a.db
        .select()
        .from(coinLedger)
        .where(like(coinLedger.reference, `chat:${id}`))
    )
      .map((r) => r.idempotencyKey)
      .sort();
  const session = async (id: string) => (await a.db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0];

  it('settles the open sessions of a process whose lease ran out once, by one process, the member told', async () => {
    await a.app.processLease.join(at(0));
    await b.app.processLease.join(at(0));
    await c.app.processLease.join(at(0));
    const show = await createShow(a.db, { online: true, free: true, pricePerMinute: PRICE });
    const { client, userId } = await chatMember(a, 'lease-private@example.com', 'LeaseOwl', 100);
    const started = await startChat(client, show.universalId, 'private');
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().login as string;
    expect(await session(id)).toMatchObject({ node: 'api-a', endedAt: null, billedMinutes: 1 });
    // A voyeur of that private, whose session B holds.
    const voyeur = await chatMember(b, 'lease-voyeur@example.com', 'LeaseVoyeur', 100);
    const watching = await startChat(voyeur.client, show.universalId, 'voyeur');
    expect(watching.statusCode, watching.body).toBe(200);
    const voyeurId = watching.json().login as string;

    // B and C renew; A is still within its lease (it renewed at 0): nobody touches it.
    const toldB = vi.spyOn(b.app.ctx.realtime, 'toUser');
    const toldC = vi.spyOn(c.app.ctx.realtime, 'toUser');
    const privateModeB = vi.spyOn(b.app.ctx.presence, 'queue');
    const privateModeC = vi.spyOn(c.app.ctx.presence, 'queue');
    expect(await b.app.processLease.beat(at(LEASE_LIFE_MS - 1))).toEqual([]);
    expect(await c.app.processLease.beat(at(LEASE_LIFE_MS - 1))).toEqual([]);
    expect(await session(id)).toMatchObject({ endedAt: null });

    // A died (no renewal since 0): at its lease's end B and C look at once, one of them takes it.
    chatClock(b, T0 + LEASE_LIFE_MS);
    chatClock(c, T0 + LEASE_LIFE_MS);
    const [byB, byC] = await Promise.all([
      b.app.processLease.beat(at(LEASE_LIFE_MS)),
      c.app.processLease.beat(at(LEASE_LIFE_MS)),
    ]);
    expect([...byB, ...byC]).toEqual([{ node: 'api-a', sessions: 2 }]);
    expect(await session(id)).toMatchObject({
      endReason: 'chat.ended_interrupted',
      endedAt: new Date(T0 + LEASE_LIFE_MS),
      nextMinuteAt: null,
      billedMinutes: 1,
    });
    expect((await listProcesses(a.db)).map((p) => p.node)).toEqual(['api-b', 'api-c']);
    expect(await session(voyeurId)).toMatchObject({ endReason: 'chat.ended_private', nextMinuteAt: null });
    const told = [...toldB.mock.calls, ...toldC.mock.calls].filter(([, event]) => event === 'chat:session');
    expect(told).toEqual([
      [userId, 'chat:session', expect.objectContaining({ open: false, endReason: 'chat.ended_interrupted' })],
      [voyeur.userId, 'chat:session', expect.objectContaining({ open: false, endReason: 'chat.ended_private' })],
    ]);
    const left = [...privateModeB.mock.calls, ...privateModeC.mock.calls].map(([change]) => change);
    expect(left).toContainEqual({ [show.universalId]: { privateMode: null } });

    // Nothing more to take, and no minute billed after the settling: the next minute comes due
    // on every clock and every process ticks.
    expect(await b.app.processLease.beat(at(LEASE_LIFE_MS + LEASE_RENEW_MS))).toEqual([]);
    for (const t of [a, b, c]) {
      chatClock(t, T0 + 5 * 60_000);
      await t.app.ctx.chat.tick();
    }
    expect(await ledgerOf(id)).toEqual([`chat:${id}:1`, `chat:${id}:1:in`].sort());
    expect(await balanceOf(a.db, userId)).toBe(100 - PRICE);
    expect((await ledgerOf(voyeurId)).filter((key) => !key.endsWith(':in'))).toEqual([`chat:${voyeurId}:1`]);
    expect(await walletsOffLedger(a.db)).toEqual([]);
    expect(await session(id)).toMatchObject({ billedMinutes: 1, endReason: 'chat.ended_interrupted' });
  });

  it('lets a process that was taken for dead come back with a new lease', async () => {
    await b.app.processLease.join(at(0));
    await c.app.processLease.join(at(0));
    expect(await c.app.processLease.beat(at(LEASE_LIFE_MS + 1))).toEqual([{ node: 'api-b', sessions: 0 }]);
    expect((await listProcesses(a.db)).map((p) => p.node)).toEqual(['api-c']);
    // B was only slow: its next renewal finds its row gone, says so, and writes it again.
    expect(await b.app.processLease.beat(at(LEASE_LIFE_MS + 2))).toEqual([]);
    expect((await listProcesses(a.db)).map((p) => p.node)).toEqual(['api-b', 'api-c']);
  });

  it('settles its own sessions and removes its row when it closes', async () => {
    const d = await createTestApp({ sharing: a, env: { NODE_NAME: 'api-d' } });
    let closed = false;
    try {
      streamsOnAir(d);
      await d.app.processLease.join(new Date());
      const show = await createShow(a.db, { online: true, free: true });
      const { client } = await chatMember(d, 'lease-close@example.com', 'LeaseClose', 0);
      const started = await startChat(client, show.universalId, 'free');
      expect(started.statusCode, started.body).toBe(200);
      const id = started.json().login as string;
      const told = vi.spyOn(d.app.ctx.realtime, 'toUser');
      await d.close();
      closed = true;
      expect(await session(id)).toMatchObject({ node: 'api-d', endReason: 'chat.ended_interrupted' });
      expect(told).toHaveBeenCalledWith(
        expect.any(Number),
        'chat:session',
        expect.objectContaining({ open: false, endReason: 'chat.ended_interrupted' }),
      );
      expect((await listProcesses(a.db)).map((p) => p.node)).not.toContain('api-d');
    } finally {
      if (!closed) await d.close();
    }
  });
});
