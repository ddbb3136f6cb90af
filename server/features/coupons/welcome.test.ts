import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INCENTIVE_OVERTIME_MS, INCENTIVE_WINDOW_MS } from '#common/constants.ts';
import { coupons, welcomeGifts } from '#server/db/schema/coupons.ts';
import { createShow, createVideo, type TestVideo } from '#server/test/catalog.ts';
import { FORM_MS, mailTo, PASSWORD } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { grantWelcomeGift } from './welcome-mutations.ts';

/**
 * The sign-up incentive's promise over HTTP: a visitor who signs up inside the window gets the
 * offered video voucher and bonus once the account is activated, is welcomed until closing it, and
 * nothing is granted twice. The clock is faked (Date only); nothing sleeps.
 */
let t: TestContext;
let offered: TestVideo;
const START = new Date('2026-11-20T12:00:00Z');
const LAST_MS = INCENTIVE_WINDOW_MS + INCENTIVE_OVERTIME_MS;

beforeAll(async () => {
  t = await createTestApp({ env: { INCENTIVE_VOUCHER_PERCENT: '15' } });
  const show = await createShow(t.db);
  // The best-rated video with a part for sale is the one offered; a free-only one never is.
  await createVideo(t.db, show.id, { rating: 99, parts: [{ price: 0, free: true }] });
  await createVideo(t.db, show.id, { rating: 40 });
  offered = await createVideo(t.db, show.id, {
    rating: 80,
    parts: [{ price: 0, free: true }, { price: 20 }, { price: 15 }],
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const setNow = (ms: number) => vi.setSystemTime(ms);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A visitor whose incentive starts now (the browser proposes `proposed`, default now). */
async function visitor(proposed = seconds(new Date())) {
  const c = t.client();
  await c.get('/api/auth/csrf-cookie');
  const res = await c.post('/api/session/incentive_tsp', { incentive_tsp: proposed });
  expect(res.statusCode, res.body).toBe(200);
  return { c, offer: res.json() };
}

async function register(c: TestClient, email: string) {
  const res = await c.post('/api/register', { email, password: PASSWORD, terms_check: true, form_ms: FORM_MS });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().user.id as number;
}

async function activate(c: TestClient, email: string) {
  const { token } = linkFrom((await mailTo(t, email)).textBody, '/users/activate');
  const res = await c.post('/api/register/validate', { token });
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

const couponsOf = async (c: TestClient) => {
  const res = await c.get('/api/coupons');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { type: string; value: number; code: string }[];
};
const welcomeOf = async (c: TestClient) => (await c.get('/api/session/init')).json().session.welcome_dialog;
const giftCoupons = (userId: number) => t.db.select().from(coupons).where(eq(coupons.userId, userId));

describe('the welcome gift of the sign-up incentive', () => {
  it('offers the best-rated video for sale and the bonus, decided and stored by the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(START.getTime());
    const { offer } = await visitor();
    expect(offer).toEqual({ video_id: offered.id, voucher_percent: 15, incentive_tsp: seconds(START) });
  });

  it('register at the last moment -> activate -> vouchers -> welcome -> shown -> replay grants nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(START.getTime());
    const { c } = await visitor();
    setNow(START.getTime() + LAST_MS);
    const email = 'gift.in.time@example.com';
    const userId = await register(c, email);
    // Promised, not granted: an unproven account gets nothing yet and is not welcomed.
    expect(await giftCoupons(userId)).toEqual([]);
    expect(await welcomeOf(c)).toBeNull();

    // Activation may come later than the window: the promise was made in time.
    setNow(START.getTime() + 2 * 86_400_000);
    const token = await activate(c, email);
    // A video voucher for each part for sale (the whole video is the gift), and the bonus.
    expect(await couponsOf(c)).toEqual([
      expect.objectContaining({ type: 'VIDEO', value: 1, code: `WELCOME-VIDEO-${userId}-1` }),
      expect.objectContaining({ type: 'VIDEO', value: 1, code: `WELCOME-VIDEO-${userId}-2` }),
      expect.objectContaining({ type: 'PERCENT', value: 15, code: `WELCOME-BONUS-${userId}` }),
    ]);
    const videoVouchers = (await giftCoupons(userId)).filter((r) => r.type === 'VIDEO');
    expect(videoVouchers.map((r) => [r.contentId, r.usedAt])).toEqual([
      [offered.id, null],
      [offered.id, null],
    ]);
    expect(await welcomeOf(c)).toEqual({ video: offered.id, voucher: 15 });

    // Closing the welcome clears it from this session and from every later sign-in.
    expect((await c.post('/api/session/welcome_shown', {})).statusCode).toBe(200);
    expect(await welcomeOf(c)).toBeNull();
    const later = t.client();
    expect((await later.post('/api/auth/login', { username: email, password: PASSWORD })).statusCode).toBe(200);
    expect(await welcomeOf(later)).toBeNull();

    // Replays: the activation link is used up, a reset link and the grant itself write nothing.
    const before = await giftCoupons(userId);
    expect((await t.client().post('/api/register/validate', { token })).statusCode).toBe(410);
    expect(await grantWelcomeGift(t.db, userId)).toBeNull();
    expect(await Promise.all([grantWelcomeGift(t.db, userId), grantWelcomeGift(t.db, userId)])).toEqual([null, null]);
    expect(await giftCoupons(userId)).toEqual(before);

    // The vouchers pay for every part of the offered video through the ordinary purchase.
    for (const part of offered.parts.filter((p) => !p.free)) {
      const buy = await c.post(`/api/videos/buy/${offered.ccid}/${part.part}`, { use_voucher: 1 });
      expect(buy.statusCode, buy.body).toBe(200);
    }
    expect((await couponsOf(c)).map((x) => x.type)).toEqual(['PERCENT']);
  });

  it('grants nothing a millisecond after the overtime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(START.getTime());
    const { c } = await visitor();
    setNow(START.getTime() + LAST_MS + 1);
    const email = 'gift.too.late@example.com';
    const userId = await register(c, email);
    await activate(c, email);
    expect(await t.db.select().from(welcomeGifts).where(eq(welcomeGifts.userId, userId))).toEqual([]);
    expect(await couponsOf(c)).toEqual([]);
    expect(await welcomeOf(c)).toBeNull();
  });

  it('keeps the server clock: a timestamp from the future neither extends nor restarts the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(START.getTime());
    const { c, offer } = await visitor(seconds(START) + 86_400);
    expect(offer.incentive_tsp).toBe(seconds(START));
    // A later proposal is ignored: the first start stays.
    setNow(START.getTime() + 10 * 60_000);
    const again = await c.post('/api/session/incentive_tsp', { incentive_tsp: seconds(new Date()) });
    expect(again.json().incentive_tsp).toBe(seconds(START));
    setNow(START.getTime() + LAST_MS + 1000);
    const email = 'gift.future@example.com';
    const userId = await register(c, email);
    await activate(c, email);
    expect(await giftCoupons(userId)).toEqual([]);
  });

  it('promises nothing to a sign-up without an incentive call', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const email = 'gift.never.offered@example.com';
    const userId = await register(c, email);
    await activate(c, email);
    expect(await giftCoupons(userId)).toEqual([]);
    expect(await welcomeOf(c)).toBeNull();
  });

  it('welcomes at the next sign-in a member who activated elsewhere and has not closed it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(START.getTime());
    const { c } = await visitor();
    const email = 'gift.other.browser@example.com';
    await register(c, email);
    await activate(t.client(), email);
    const phone = t.client();
    expect((await phone.post('/api/auth/login', { username: email, password: PASSWORD })).statusCode).toBe(200);
    expect(await welcomeOf(phone)).toEqual({ video: offered.id, voucher: 15 });
  });
});
