import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { chatBans } from '#server/db/schema/chat.ts';
import { hashToken } from '#server/features/session/tokens.ts';
import { banPerson } from '#server/features/showchat/mutations.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { chatClock, chatMember, startChat, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { GUEST_ADDRESS_SHARES, guestFreeSecondsLeft } from './guest-identity.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_FREE_GUEST_SECONDS: '60' } });
});
afterAll(() => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  streamsOnAir(t);
});

const refusedWith = (body: { errors?: Record<string, string[]> }) => Object.keys(body.errors ?? {})[0];

/** A new browser (no cookie yet) at the address of another, as after the cookies were cleared. */
async function newBrowserAt(ip: string, vid?: string) {
  const browser = new TestClient(t.app, 'en', ip);
  await browser.get('/api/auth/csrf-cookie');
  if (vid) expect((await browser.post('/api/session/vid', { vid, confidence: 0.4 })).statusCode).toBe(200);
  return browser;
}

const webSessionOf = (browser: TestClient) =>
  hashToken(t.app.ctx.config.sessionSecret, browser.cookies.get(SESSION_COOKIE) ?? '');

/** Starts the guest's free chat and lets it run out (the free time is 60 s here). */
async function spendFreeTime(browser: TestClient, show: TestShow, clock: ReturnType<typeof chatClock>) {
  const res = await startChat(browser, show.universalId, 'free');
  expect(res.statusCode, res.body).toBe(200);
  clock.advance(61_000);
  await t.app.ctx.chat.tick();
}

async function expectFreeExpired(browser: TestClient, show: TestShow) {
  const res = await expectRefused(t, () => startChat(browser, show.universalId, 'free'), 409, 'conflict');
  expect(refusedWith(res)).toBe('chat.free_expired');
}

describe('the free time left (rule)', () => {
  it('is the smaller of her own rest and her address share, never below zero', () => {
    expect(guestFreeSecondsLeft(60, { own: 0, address: 0 })).toBe(60);
    expect(guestFreeSecondsLeft(60, { own: 50, address: 50 })).toBe(10);
    expect(guestFreeSecondsLeft(60, { own: 0, address: 60 * GUEST_ADDRESS_SHARES - 5 })).toBe(5);
    expect(guestFreeSecondsLeft(60, { own: 90, address: 90 })).toBe(0);
  });
});

describe("a guest's free chat time", () => {
  it('does not start afresh with a new cookie at the same address; another address is fresh', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const guest = await visitorClient(t);
    await spendFreeTime(guest, show, clock);
    await expectFreeExpired(guest, show);
    await expectFreeExpired(await newBrowserAt(guest.ip), show);
    // Someone else, elsewhere and without a visitor id, has her own time.
    expect((await startChat(await visitorClient(t), show.universalId, 'free')).statusCode).toBe(200);
  });

  it('counts by visitor id at one address: her id is spent, another id has its own until the address share', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const first = await visitorClient(t);
    expect((await first.post('/api/session/vid', { vid: 'a1a1a1a1a1a1a1a1', confidence: 0.4 })).statusCode).toBe(200);
    await spendFreeTime(first, show, clock);
    // A new cookie with the same fingerprint at the same address: no fresh time.
    await expectFreeExpired(await newBrowserAt(first.ip, 'a1a1a1a1a1a1a1a1'), show);
    // Other devices behind the address (a café) have their own, up to the address's share.
    for (let n = 2; n <= GUEST_ADDRESS_SHARES; n += 1) {
      await spendFreeTime(await newBrowserAt(first.ip, `b${n}b${n}b${n}b${n}b${n}b${n}`), show, clock);
    }
    await expectFreeExpired(await newBrowserAt(first.ip, 'c3c3c3c3c3c3c3c3'), show);
    await expectFreeExpired(await newBrowserAt(first.ip), show);
    // The same weak fingerprint at another address is someone else.
    const elsewhere = await visitorClient(t);
    expect((await elsewhere.post('/api/session/vid', { vid: 'a1a1a1a1a1a1a1a1', confidence: 0.4 })).statusCode).toBe(
      200,
    );
    expect((await startChat(elsewhere, show.universalId, 'free')).statusCode).toBe(200);
  });

  it('counts every guest at the address for a guest without a visitor id', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const withId = await visitorClient(t);
    expect((await withId.post('/api/session/vid', { vid: 'd4d4d4d4d4d4d4d4', confidence: 0.4 })).statusCode).toBe(200);
    await spendFreeTime(withId, show, clock);
    // She cleared her cookies and has not given a fingerprint again: she is anyone at the address.
    await expectFreeExpired(await newBrowserAt(withId.ip), show);
  });

  it('leaves a member behind the same address alone', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const guest = await visitorClient(t);
    await spendFreeTime(guest, show, clock);
    const { client } = await chatMember(t, 'same-address@example.com', 'SameAddress', 0);
    const member = new TestClient(t.app, 'en', guest.ip);
    member.cookies = new Map(client.cookies);
    expect((await startChat(member, show.universalId, 'free')).statusCode).toBe(200);
  });
});

describe("a performer's ban of a guest", () => {
  it('holds her new cookie at her address, but neither members there nor guests elsewhere', async () => {
    const show = await createShow(t.db, { online: true, free: true });
    const guest = await visitorClient(t);
    await banPerson(t.db, show.id, { kind: 'guest', webSessionId: webSessionOf(guest) }, 'guest');
    for (const browser of [guest, await newBrowserAt(guest.ip)]) {
      const res = await expectRefused(t, () => startChat(browser, show.universalId, 'free'), 409, 'conflict');
      expect(refusedWith(res)).toBe('chat.banned');
    }
    expect((await startChat(await visitorClient(t), show.universalId, 'free')).statusCode).toBe(200);
    const { client } = await chatMember(t, 'banned-address@example.com', 'BannedAddress', 0);
    const member = new TestClient(t.app, 'en', guest.ip);
    member.cookies = new Map(client.cookies);
    expect((await startChat(member, show.universalId, 'free')).statusCode).toBe(200);
  });

  it('holds her address for a day, and her visitor id at that address for as long as the ban', async () => {
    const clock = chatClock(t);
    const show = await createShow(t.db, { online: true, free: true });
    const guest = await visitorClient(t);
    expect((await guest.post('/api/session/vid', { vid: 'e5e5e5e5e5e5e5e5', confidence: 0.4 })).statusCode).toBe(200);
    await banPerson(t.db, show.id, { kind: 'guest', webSessionId: webSessionOf(guest) }, 'guest');
    const [ban] = await t.db.select().from(chatBans).where(eq(chatBans.showId, show.id));
    expect(ban).toMatchObject({ guestVisitor: 'e5e5e5e5e5e5e5e5', userId: null });
    expect(ban?.guestAddress).toMatch(/^[\w-]{22}$/);
    expect(ban?.guestAddress).not.toContain(guest.ip);
    clock.advance(25 * 60 * 60_000);
    const sameDevice = await newBrowserAt(guest.ip, 'e5e5e5e5e5e5e5e5');
    const res = await expectRefused(t, () => startChat(sameDevice, show.universalId, 'free'), 409, 'conflict');
    expect(refusedWith(res)).toBe('chat.banned');
    expect(
      (await startChat(await newBrowserAt(guest.ip, 'f6f6f6f6f6f6f6f6'), show.universalId, 'free')).statusCode,
    ).toBe(200);
  });
});
