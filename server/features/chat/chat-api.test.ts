import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { chatClock, chatMember, startChat, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { expectInvalid, expectRefused, registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_FREE_GUEST_SECONDS: '60', CHAT_TIP_AMOUNTS: '10,50' } });
  member = (await chatMember(t, 'guards@example.com', 'GuardOwl', 0)).client;
});
afterAll(() => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  streamsOnAir(t);
});

const refusedWith = (body: { errors?: Record<string, string[]> }) => Object.keys(body.errors ?? {})[0];
const sessionRow = async (id: string) => (await t.db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0];
const ledgerRows = (key: string) =>
  t.db.select().from(coinLedger).where(like(coinLedger.idempotencyKey, key)).orderBy(coinLedger.id);
const earningsOf = async (show: TestShow) => {
  const [row] = await t.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, show.id));
  return row?.id ? balanceOf(t.db, row.id) : 0;
};

describe('starting a chat session', () => {
  it('refuses with the spec key of the first reason, and changes nothing', async () => {
    const { client } = await chatMember(t, 'refused@example.com', 'Refused', 10);
    const offline = await createShow(t.db, { online: false, free: true });
    const noFree = await createShow(t.db, { online: true, free: false, exclusive: 0 });
    const dear = await createShow(t.db, { online: true, free: true, pricePerMinute: 30 });
    const cases: [TestClient, string, string, number, string][] = [
      [client, dear.universalId, 'group', 422, 'chat.invalid_session_type'],
      [client, offline.universalId, 'free', 409, 'chat.show_not_available'],
      [client, noFree.universalId, 'free', 409, 'chat.show_not_available_free'],
      [client, noFree.universalId, 'exclusive', 409, 'chat.show_not_available_exclusive'],
      [client, dear.universalId, 'voyeur', 409, 'chat.show_not_available_voyeur'],
      [client, dear.universalId, 'private', 402, 'chat.no_coins'],
      [await visitorClient(t), dear.universalId, 'private', 409, 'chat.sign_up_required'],
      [(await registerUser(t, 'unverified@example.com')).client, dear.universalId, 'free', 403, 'chat.not_verfified'],
      [(await registerAndVerify(t, 'nonick@example.com')).client, dear.universalId, 'free', 409, 'chat.no_nickname'],
    ];
    const errorOf: Record<number, string> = {
      402: 'no_coins',
      403: 'not_verified',
      409: 'conflict',
      422: 'validation_failed',
    };
    for (const [who, id, type, status, key] of cases) {
      const res = await expectRefused(t, () => startChat(who, id, type), status, errorOf[status] ?? '');
      expect(refusedWith(res), `${type} on ${id}`).toBe(key);
    }
    await expectRefused(t, () => startChat(client, 'no-such-show', 'free'), 404, 'not_found');
    // Her camera is not up yet: nothing to start.
    vi.mocked(t.app.ctx.live.isOnAir).mockResolvedValue(false);
    const res = await expectRefused(t, () => startChat(client, dear.universalId, 'free'), 409, 'conflict');
    expect(refusedWith(res)).toBe('chat.show_not_available');
  });

  it('refuses malformed and oversized requests with 422', async () => {
    const show = await createShow(t.db, { online: true, free: true });
    const url = `/api/chatsession/${show.universalId}`;
    await expectRefused(t, () => member.post(url, {}), 422, 'validation_failed');
    await expectRefused(t, () => member.post(url, { type: 'x'.repeat(21) }), 422, 'validation_failed');
    await expectRefused(t, () => member.post(url, { type: 5 }), 422, 'validation_failed');
    await expectRefused(
      t,
      () => member.post(`/api/chatsession/${'1'.repeat(41)}`, { type: 'free' }),
      422,
      'validation_failed',
    );
  });

  it('starts a guest free chat as guest, ends it when the free time is over and refuses another', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const guest = await visitorClient(t);
    const res = await startChat(guest, show.universalId, 'free');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      session_type: 'free',
      buddyaddr: show.universalId,
      login: body.session.id,
      session: {
        kind: 'free',
        nickname: expect.stringMatching(/^guest-\d{4}$/),
        open: true,
        pricePerMinute: 0,
        freeEndsIn: 60,
      },
    });
    expect(body.realm).toBe(`chat:${body.login}`);
    await clock.beating(61_000);
    await t.app.ctx.chat.tick();
    const beat = (await guest.post(`/api/chatsession/heartbeat/${body.login}`)).json();
    expect(beat.session).toMatchObject({ open: false, endReason: 'chat.free_expired' });
    const again = await expectRefused(t, () => startChat(guest, show.universalId, 'free'), 409, 'conflict');
    expect(refusedWith(again)).toBe('chat.free_expired');
  });
});

describe('a private billed by the minute', () => {
  it('pays the first minute at the start, every next one once, her share to her earnings, and ends at no coins', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true, pricePerMinute: 20 });
    const { client, userId } = await chatMember(t, 'payer@example.com', 'Payer', 50);
    const guest = await visitorClient(t);
    const free = (await startChat(guest, show.universalId, 'free')).json();
    const pushed: unknown[] = [];
    vi.spyOn(t.app.ctx.realtime, 'toUser').mockImplementation((_user, event, ...args) => {
      if (event === 'chat:session') pushed.push(args[0]);
    });
    const dropped = vi.spyOn(t.app.ctx.live, 'dropChatSession');

    const res = await startChat(client, show.universalId, 'private');
    expect(res.statusCode, res.body).toBe(200);
    const { login: id, session } = res.json();
    expect(session).toMatchObject({ kind: 'private', nickname: 'Payer', minutes: 1, coins: 20, nextMinuteIn: 60 });
    expect(await balanceOf(t.db, userId)).toBe(30);
    expect(await earningsOf(show)).toBe(10);
    expect((await ledgerRows(`chat:${id}:%`)).map((r) => [r.idempotencyKey, r.delta, r.reason])).toEqual([
      [`chat:${id}:1`, -20, 'chat'],
      [`chat:${id}:1:in`, 10, 'earning'],
    ]);
    // The show is in private: the guest's free session ended, the page says so.
    expect((await sessionRow(free.login))?.endReason).toBe('chat.ended_private');
    expect(dropped).toHaveBeenCalledWith(free.login);
    expect((await t.client().get(`/api/shows/${show.universalId}`)).json().privateMode).toBe('private');

    // Nothing is due before the minute is over; at its end minute 2 is paid once, however often the tick runs.
    await clock.beating(59_000);
    expect((await t.app.ctx.chat.tick()).billed).toBe(0);
    await clock.beating(1_000);
    expect((await t.app.ctx.chat.tick()).billed).toBe(1);
    expect((await t.app.ctx.chat.tick()).billed).toBe(0);
    expect(await balanceOf(t.db, userId)).toBe(10);
    // 10 coins left will not pay minute 3: she hears it a minute ahead.
    expect(pushed.at(-1)).toMatchObject({ minutes: 2, coins: 40, lowCoins: true, open: true });
    await clock.beating(60_000);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 1 });
    expect(pushed.at(-1)).toMatchObject({ open: false, endReason: 'chat.no_coins', minutes: 2 });
    expect(dropped).toHaveBeenCalledWith(id);
    expect(await balanceOf(t.db, userId)).toBe(10);
    expect(await ledgerSum(t.db, userId)).toBe(10);
    expect(await earningsOf(show)).toBe(20);
    expect((await t.client().get(`/api/shows/${show.universalId}`)).json().privateMode).toBeNull();
    const beat = (await client.post(`/api/chatsession/heartbeat/${id}`)).json();
    expect(beat.session).toMatchObject({ open: false, endReason: 'chat.no_coins', minutes: 2, coins: 40 });
  });

  it('lets one private run per show, voyeurs watch it at their price, and an exclusive-only show sell exclusives', async () => {
    chatClock(t);
    const show = await createShow(t.db, { online: true, free: false, pricePerMinute: 30 });
    const first = await chatMember(t, 'first@example.com', 'First', 100);
    const second = await chatMember(t, 'second@example.com', 'Second', 100);
    expect((await startChat(first.client, show.universalId, 'private')).statusCode).toBe(200);
    const taken = await expectRefused(t, () => startChat(second.client, show.universalId, 'private'), 409, 'conflict');
    expect(refusedWith(taken)).toBe('chat.show_not_available_private');
    const voyeur = await startChat(second.client, show.universalId, 'voyeur');
    expect(voyeur.json().session).toMatchObject({ kind: 'voyeur', pricePerMinute: 15, coins: 15 });
    // One paid session per member at a time.
    const other = await createShow(t.db, { online: true, free: false, pricePerMinute: 10 });
    expect(
      refusedWith(
        await expectRefused(t, () => startChat(second.client, other.universalId, 'private'), 409, 'conflict'),
      ),
    ).toBe('chat.session_running');
    // She ends the private from her studio side: the voyeur goes with it.
    await t.app.ctx.chat.endPrivateOf(show.id);
    expect((await sessionRow(voyeur.json().login))?.endReason).toBe('chat.ended_private');

    const exclusiveOnly = await createShow(t.db, {
      online: true,
      pricePerMinute: 20,
      exclusive: 2,
      priceFactorExclusive: 150,
    });
    const excl = await startChat(first.client, exclusiveOnly.universalId, 'private');
    expect(excl.json()).toMatchObject({ session_type: 'exclusive', session: { pricePerMinute: 30 } });
    const inUse = await expectRefused(
      t,
      () => startChat(second.client, exclusiveOnly.universalId, 'voyeur'),
      409,
      'conflict',
    );
    expect(refusedWith(inUse)).toBe('chat.show_not_available_exclusive_in_use');
  });

  it('ends silent sessions after the heartbeat timeout, and settles the last run’s sessions on start', async () => {
    const clock = chatClock(t);
    const timeout = t.config.chat.heartbeatTimeoutSeconds * 1000;
    const show = await createShow(t.db, { online: true, free: true, pricePerMinute: 5 });
    const { client } = await chatMember(t, 'silent@example.com', 'Silent', 100);
    const { login } = (await startChat(client, show.universalId, 'private')).json();
    clock.advance(timeout - 1_000);
    expect((await client.post(`/api/chatsession/heartbeat/${login}`)).json().session.open).toBe(true);
    clock.advance(timeout - 1_000);
    await t.app.ctx.chat.sweep();
    expect((await sessionRow(login))?.endedAt).toBeNull();
    clock.advance(2_000);
    await t.app.ctx.chat.sweep();
    expect((await sessionRow(login))?.endReason).toBe('chat.ended_timeout');

    const again = (await startChat(client, show.universalId, 'private')).json();
    expect(await t.app.ctx.chat.settle()).toBeGreaterThanOrEqual(1);
    expect((await sessionRow(again.login))?.endReason).toBe('chat.ended_interrupted');
  });

  it('keeps a session to its own browser, and stops it once', async () => {
    chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const { client } = await chatMember(t, 'owner@example.com', 'Owner', 0);
    const { login } = (await startChat(client, show.universalId, 'free')).json();
    const stranger = await visitorClient(t);
    await expectRefused(t, () => stranger.post(`/api/chatsession/heartbeat/${login}`), 404, 'not_found');
    await expectRefused(t, () => stranger.post(`/api/chatsession/stop/${login}`), 404, 'not_found');
    await expectRefused(t, () => client.post('/api/chatsession/stop/not-a-uuid'), 422, 'validation_failed');
    const stopped = (await client.post(`/api/chatsession/stop/${login}`)).json();
    expect(stopped.session).toMatchObject({ open: false, endReason: null });
    expect((await client.post(`/api/chatsession/stop/${login}`)).json().session.open).toBe(false);
  });
});

describe('tips and ratings', () => {
  it('tips once per key, to her earnings, only amounts from the settings, only in an open session', async () => {
    chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const { client, userId } = await chatMember(t, 'tipper@example.com', 'Tipper', 55);
    const { login } = (await startChat(client, show.universalId, 'free')).json();
    const url = `/api/chatsession/tip/${login}`;
    const tips = await Promise.all([1, 2].map(() => client.post(url, { amount: 10, key: 'click-0001' })));
    expect(tips.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(t.db, userId)).toBe(45);
    expect(await earningsOf(show)).toBe(5);
    await expectInvalid(t, () => client.post(url, { amount: 25, key: 'click-0002' }), {
      amount: ['errors.validations.invalid'],
    });
    await expectRefused(t, () => client.post(url, { amount: 10, key: 'short' }), 422, 'validation_failed');
    const broke = await expectRefused(t, () => client.post(url, { amount: 50, key: 'click-0003' }), 402, 'no_coins');
    expect(refusedWith(broke)).toBe('chat.no_coins');
    await client.post(`/api/chatsession/stop/${login}`);
    await expectRefused(t, () => client.post(url, { amount: 10, key: 'click-0005' }), 409, 'conflict');
  });

  it("counts in her studio's card her share of the private's minutes and tips, and nothing of other sessions", async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: false, pricePerMinute: 30 });
    const earlier = await chatMember(t, 'earlier@example.com', 'Earlier', 100);
    const before = (await startChat(earlier.client, show.universalId, 'private')).json();
    await earlier.client.post(`/api/chatsession/tip/${before.login}`, { amount: 50, key: 'earlier-0001' });
    await earlier.client.post(`/api/chatsession/stop/${before.login}`);

    const { client } = await chatMember(t, 'card@example.com', 'Card', 200);
    const { login } = (await startChat(client, show.universalId, 'private')).json();
    expect(await t.app.ctx.chat.studioSession(show.id)).toMatchObject({ id: login, minutes: 1, earnings: 15 });
    await client.post(`/api/chatsession/tip/${login}`, { amount: 10, key: 'card-tip-0001' });
    // A voyeur's minutes are her own session's, not the private's.
    const voyeur = await chatMember(t, 'cardvoyeur@example.com', 'CardVoyeur', 100);
    expect((await startChat(voyeur.client, show.universalId, 'voyeur')).statusCode).toBe(200);
    expect(await t.app.ctx.chat.studioSession(show.id)).toMatchObject({ earnings: 20, voyeurs: 1 });
    await clock.beating(60_000);
    await t.app.ctx.chat.tick();
    expect(await t.app.ctx.chat.studioSession(show.id)).toMatchObject({ minutes: 2, earnings: 35 });
  });

  it('asks to rate an ended private once, and saves the rating once', async () => {
    chatClock(t);
    const show = await createShow(t.db, { online: true, free: true, pricePerMinute: 5, contentproviderId: 1 });
    const { client } = await chatMember(t, 'rater@example.com', 'Rater', 50);
    const check = async () => (await client.post(`/api/chatsession/check_rating/${show.universalId}`)).json();
    expect(await check()).toEqual({ rating: false, sessionId: null, contentProviderId: null, showId: null });
    const { login } = (await startChat(client, show.universalId, 'private')).json();
    await client.post(`/api/chatsession/stop/${login}`);
    expect(await check()).toEqual({ rating: true, sessionId: login, contentProviderId: 1, showId: show.universalId });
    expect((await check()).rating).toBe(false);
    const url = `/api/chatsession/rate_chat/1-${show.universalId}/${login}`;
    await expectInvalid(t, () => client.post(url, { rating: 0 }), { rating: ['errors.validations.required'] });
    await expectRefused(t, () => client.post(url, { rating: 50, comment: 'x'.repeat(501) }), 422, 'validation_failed');
    await expectRefused(
      t,
      () => client.post(`/api/chatsession/rate_chat/2-${show.universalId}/${login}`, { rating: 50 }),
      404,
      'not_found',
    );
    await expectRefused(t, () => member.post(url, { rating: 50 }), 404, 'not_found');
    expect((await client.post(url, { rating: 80, comment: 'Lovely' })).statusCode).toBe(200);
    await expectRefused(t, () => client.post(url, { rating: 90 }), 404, 'not_found');
    const history = (await client.get('/api/user/chathistory')).json();
    expect(history.list[0]).toMatchObject({ id: login, session_type: 'private', minutes: 1, coins: 5, rating: 80 });
  });
});

describe('the ledger', () => {
  it('still sums to every balance, earnings accounts included', async () => {
    const rows = await t.db.select().from(wallets);
    for (const w of rows) expect(await ledgerSum(t.db, w.userId), `wallet ${w.userId}`).toBe(w.balance);
    const earnings = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, 'earning')));
    expect(earnings.length).toBeGreaterThan(0);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/chatsession/900001', body: { type: 'free' }, as: 'visitor' },
    { method: 'POST', url: '/api/chatsession/heartbeat/00000000-0000-4000-8000-000000000000', body: {}, as: 'visitor' },
    { method: 'POST', url: '/api/chatsession/stop/00000000-0000-4000-8000-000000000000', body: {}, as: 'visitor' },
    { method: 'POST', url: '/api/chatsession/gone/00000000-0000-4000-8000-000000000000', body: {}, as: 'visitor' },
    {
      method: 'POST',
      url: '/api/chatsession/tip/00000000-0000-4000-8000-000000000000',
      body: { amount: 10, key: 'abcdefgh' },
      as: 'member',
    },
    { method: 'POST', url: '/api/chatsession/check_rating/900001', body: {}, as: 'member' },
    {
      method: 'POST',
      url: '/api/chatsession/rate_chat/1-900001/00000000-0000-4000-8000-000000000000',
      body: { rating: 50 },
      as: 'member',
    },
  ],
);
