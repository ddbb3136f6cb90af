import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HEARTBEAT_MS, CHAT_RELOAD_GRACE_MS } from '#common/constants.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { createShow } from '#server/test/catalog.ts';
import { chatClock, chatMember, startChat, streamsOnAir } from '#server/test/chat.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * A member whose page goes away pays no further minute: a closed tab tells the server at once
 * (the `pagehide` beacon) and its session ends after the reload grace; a page that falls silent
 * without a word is not billed once it missed a beat and ends at the heartbeat timeout; a reload
 * within the grace takes the same session up again, billed once.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  streamsOnAir(t);
});

const ORIGIN = 'http://localhost:3000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const row = async (id: string) => (await t.db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0];
const minutesBilled = async (id: string) =>
  (
    await t.db
      .select()
      .from(coinLedger)
      .where(like(coinLedger.idempotencyKey, `chat:${id}:%`))
  ).filter((r) => r.reason === 'chat').length;

/** The beacon a leaving page sends: a form with beacon=1, no CSRF header, from our own origin. */
const beacon = (client: TestClient, id: string, headers: Record<string, string> = { origin: ORIGIN }) =>
  client.raw('POST', `/api/chatsession/gone/${id}`, { payload: 'beacon=1', headers: { ...FORM, ...headers } });

/** Her page beats every CHAT_HEARTBEAT_MS while the clock moves `ms` on. */
async function watching(clock: ReturnType<typeof chatClock>, client: TestClient, id: string, ms: number) {
  for (let left = ms; left > 0; left -= CHAT_HEARTBEAT_MS) {
    clock.advance(Math.min(CHAT_HEARTBEAT_MS, left));
    expect((await client.post(`/api/chatsession/heartbeat/${id}`)).json().session.open).toBe(true);
    await t.app.ctx.chat.tick();
  }
}

async function privateFor(email: string, coins: number) {
  const clock = chatClock(t);
  const show = await createShow(t.db, { online: true, free: true, pricePerMinute: 70 });
  const member = await chatMember(t, email, email.split('@')[0] as string, coins);
  const res = await startChat(member.client, show.universalId, 'private');
  expect(res.statusCode, res.body).toBe(200);
  return { clock, show, ...member, id: res.json().login as string };
}

describe('a page that goes away', () => {
  it('a closed tab: nothing more is billed, and the session ends within the reload grace', async () => {
    const { clock, client, userId, id, show } = await privateFor('closer@example.com', 700);
    await watching(clock, client, id, 4_000);
    const res = await beacon(client, id, { origin: ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(id))?.pageGoneAt).not.toBeNull();

    // Until the grace is over the session waits for a reload, unbilled.
    clock.advance(CHAT_RELOAD_GRACE_MS - 1_000);
    await t.app.ctx.chat.tick();
    expect((await row(id))?.endedAt).toBeNull();
    clock.advance(2_000);
    await t.app.ctx.chat.tick();
    expect(await row(id)).toMatchObject({ endReason: 'stopped', billedMinutes: 1 });
    // The show leaves private mode, and the minute that would have come is never billed.
    expect((await t.client().get(`/api/shows/${show.universalId}`)).json().privateMode).toBeNull();
    clock.advance(60_000);
    await t.app.ctx.chat.tick();
    expect(await minutesBilled(id)).toBe(1);
    expect(await balanceOf(t.db, userId)).toBe(630);
  });

  it('a closed tab just before the minute: that minute is not billed', async () => {
    const { clock, client, userId, id } = await privateFor('lastsecond@example.com', 700);
    await watching(clock, client, id, 50_000);
    clock.advance(8_000);
    expect((await beacon(client, id)).statusCode).toBe(200);
    clock.advance(2_000);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    clock.advance(CHAT_RELOAD_GRACE_MS);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 1 });
    expect(await minutesBilled(id)).toBe(1);
    expect(await balanceOf(t.db, userId)).toBe(630);
  });

  it('a reload: the same session goes on, each minute billed once', async () => {
    const { clock, client, userId, id, show } = await privateFor('reloader@example.com', 700);
    await watching(clock, client, id, 55_000);
    // The page unloads (its beacon), the minute falls due during the reload: it waits.
    expect((await beacon(client, id)).statusCode).toBe(200);
    clock.advance(6_000);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    // The new page takes the session up with its first heartbeat: the waiting minute is billed once.
    const beat = (await client.post(`/api/chatsession/heartbeat/${id}`)).json();
    expect(beat.session).toMatchObject({ id, open: true, kind: 'private', universalId: show.universalId });
    expect(beat.password).toEqual(expect.any(String));
    expect((await row(id))?.pageGoneAt).toBeNull();
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 1, ended: 0 });
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    await watching(clock, client, id, 60_000);
    expect(await minutesBilled(id)).toBe(3);
    expect(await balanceOf(t.db, userId)).toBe(700 - 3 * 70);
    expect((await row(id))?.endedAt).toBeNull();
    await client.post(`/api/chatsession/stop/${id}`);
  });

  it('a page that falls silent without a word: not billed once it missed a beat, ended at the timeout', async () => {
    const { clock, client, userId, id } = await privateFor('silentpage@example.com', 700);
    await watching(clock, client, id, 40_000);
    clock.advance(20_000);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });
    clock.advance(t.config.chat.heartbeatTimeoutSeconds * 1000 - 20_000 + 1_000);
    expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 1 });
    expect(await row(id)).toMatchObject({ endReason: 'chat.ended_timeout', billedMinutes: 1 });
    // Within 30 s of its last sign of life, before its next minute.
    expect(t.config.chat.heartbeatTimeoutSeconds).toBeLessThanOrEqual(30);
    expect(await balanceOf(t.db, userId)).toBe(630);
  });

  it('takes the word only of the session’s own browser, from our own pages, and changes nothing else', async () => {
    const { client, id } = await privateFor('guarded@example.com', 700);
    const stranger = t.client();
    await stranger.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => stranger.post(`/api/chatsession/gone/${id}`), 404, 'not_found');
    await expectRefused(t, () => beacon(stranger, id), 404, 'not_found');
    const refusals = [
      () => beacon(client, id, { origin: 'https://evil.example' }),
      () => beacon(client, id, { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }),
      () => beacon(client, id, {}),
      () =>
        client.raw('POST', `/api/chatsession/gone/${id}`, {
          payload: 'beacon=0',
          headers: { ...FORM, origin: ORIGIN },
        }),
      () =>
        client.raw('POST', `/api/chatsession/gone/${id}`, {
          payload: JSON.stringify({ beacon: '1' }),
          headers: { 'content-type': 'application/json', origin: ORIGIN },
        }),
    ];
    for (const send of refusals) await expectRefused(t, send, 419, 'csrf_mismatch');
    expect((await row(id))?.pageGoneAt).toBeNull();
    expect((await beacon(client, 'not-a-session')).statusCode).toBe(422);
    const big = await client.raw('POST', `/api/chatsession/gone/${id}`, {
      payload: `beacon=1&x=${'x'.repeat(2_000)}`,
      headers: { ...FORM, origin: ORIGIN },
    });
    expect(big.statusCode).toBe(413);
    expect((await row(id))?.pageGoneAt).toBeNull();
    // The page's own call with the CSRF header works too; an ended session stays ended.
    expect((await client.post(`/api/chatsession/gone/${id}`)).statusCode).toBe(200);
    await client.post(`/api/chatsession/stop/${id}`);
    expect((await client.post(`/api/chatsession/gone/${id}`)).statusCode).toBe(200);
    expect((await row(id))?.endReason).toBe('stopped');
  });
});
