import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { type CoinPush, recordCoinPushes } from '#server/test/coin-pushes.ts';
import { expectInvalid, expectRefused, PASSWORD, registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { addCoupon, couponRows, expectInvalidCode, expectRefusedCoupons, inDays } from './test-support.ts';

let t: TestContext;
let member: TestClient;
let pushed: CoinPush[];
let n = 0;
/** A verified member of its own, so throttles and lists of one test do not touch another. */
const newMember = async () => registerAndVerify(t, `coupon-member-${++n}@example.com`);
const redeem = (client: TestClient, code: unknown) => client.post('/api/coupons/redeem', { code });

beforeAll(async () => {
  t = await createTestApp();
  member = (await newMember()).client;
  // A free code the guard bodies use: were a guard to let one through, coins would move.
  await addCoupon(t, { code: 'GUARD100', type: 'COINS', value: 100 });
});
afterAll(() => t.close());
beforeEach(() => {
  pushed = recordCoinPushes(t);
});

describe('GET /api/coupons', () => {
  it("lists the member's claimed, unused, unexpired coupons with the spec's fields, soonest first", async () => {
    const { client, user } = await newMember();
    const other = await newMember();
    const later = await addCoupon(t, {
      code: 'LIST-PERCENT',
      type: 'PERCENT',
      value: 20,
      userId: user.id,
      validUntil: inDays(60),
    });
    await addCoupon(t, {
      code: 'LIST-VIDEO',
      type: 'VIDEO',
      value: 1,
      userId: user.id,
      validUntil: inDays(3),
      exchangeRate: 0.2,
      currency: 'CHF',
    });
    await addCoupon(t, { code: 'LIST-USED', type: 'FREE', value: 1, userId: user.id, usedAt: new Date() });
    await addCoupon(t, { code: 'LIST-EXPIRED', type: 'GALLERY', value: 1, userId: user.id, validUntil: inDays(-1) });
    await addCoupon(t, { code: 'LIST-OTHERS', type: 'PERCENT', value: 10, userId: other.user.id });
    await addCoupon(t, { code: 'LIST-FREE', type: 'PERCENT', value: 10 });
    await addCoupon(t, { code: 'LIST-ODD', type: 'MYSTERY', value: 1, userId: user.id });
    const res = await client.get('/api/coupons');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((c: { code: string }) => c.code)).toEqual(['LIST-VIDEO', 'LIST-PERCENT']);
    expect(data[1]).toEqual({
      type: 'PERCENT',
      value: 20,
      valid_until: later.validUntil.toISOString(),
      exchangeRate: 0.1,
      currency: 'EUR',
      code: 'LIST-PERCENT',
      webid: 1,
    });
    expect(data[0]).toMatchObject({ type: 'VIDEO', exchangeRate: 0.2, currency: 'CHF' });
    expect(Object.keys(data[0]).sort()).toEqual([
      'code',
      'currency',
      'exchangeRate',
      'type',
      'valid_until',
      'value',
      'webid',
    ]);
    expect((await other.client.get('/api/coupons')).json().data.map((c: { code: string }) => c.code)).toEqual([
      'LIST-OTHERS',
    ]);
  });

  it('answers an empty list to a new member and 401 to a visitor', async () => {
    const { client } = await newMember();
    expect((await client.get('/api/coupons')).json()).toEqual({ data: [] });
    const visitor = t.client();
    const res = await visitor.get('/api/coupons');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthenticated');
  });
});

describe('POST /api/coupons/redeem', () => {
  it('credits a COINS coupon at once, uses it, and pushes the balance', async () => {
    const { client, user } = await newMember();
    const row = await addCoupon(t, { code: 'Coins-50', type: 'COINS', value: 50 });
    const res = await redeem(client, '  coins-50 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      coupon: { type: 'COINS', value: 50, code: 'Coins-50' },
      credited: 50,
      user: { id: user.id, coins: 50 },
    });
    expect(await balanceOf(t.db, user.id)).toBe(50);
    expect(await ledgerSum(t.db, user.id)).toBe(50);
    const [entry] = await t.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.idempotencyKey, `coupon:${row.id}`));
    expect(entry).toMatchObject({ userId: user.id, delta: 50, reason: 'coupon', reference: `coupon:${row.id}` });
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, row.id));
    expect(used).toMatchObject({ userId: user.id, usedFor: 'redeem' });
    expect(used?.usedAt).toBeInstanceOf(Date);
    expect(used?.claimedAt).toBeInstanceOf(Date);
    expect(pushed).toEqual([{ userId: user.id, coins: 50 }]);
    // A used coupon is not in the list, and the session's user shows the new balance.
    expect((await client.get('/api/coupons')).json().data).toEqual([]);
    expect((await client.get('/api/auth/user')).json().user.coins).toBe(50);
  });

  it('credits a EURO coupon through its exchange rate, rounded up', async () => {
    const { client, user } = await newMember();
    await addCoupon(t, { code: 'EURO-250', type: 'EURO', value: 2.5 });
    await addCoupon(t, { code: 'EURO-ODD', type: 'EURO', value: 1.01, exchangeRate: 0.1 });
    await addCoupon(t, { code: 'EURO-RATE', type: 'EURO', value: 5, exchangeRate: 0.15 });
    expect((await redeem(client, 'EURO-250')).json()).toMatchObject({ credited: 25, user: { coins: 25 } });
    expect((await redeem(client, 'euro-odd')).json()).toMatchObject({ credited: 11, user: { coins: 36 } });
    expect((await redeem(client, 'EURO-RATE')).json()).toMatchObject({ credited: 34, user: { coins: 70 } });
    expect(await ledgerSum(t.db, user.id)).toBe(70);
    expect(pushed.map((p) => p.coins)).toEqual([25, 36, 70]);
  });

  it.each([
    ['PERCENT', 20],
    ['FREE', 1],
    ['VIDEO', 1],
    ['GALLERY', 1],
  ])('claims a %s coupon into the list without moving coins', async (type, value) => {
    const { client, user } = await newMember();
    const row = await addCoupon(t, { code: `CLAIM-${type}`, type, value });
    const res = await redeem(client, `claim-${type.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      coupon: { type, value, code: `CLAIM-${type}` },
      credited: 0,
      user: { coins: 0 },
    });
    const [claimed] = await t.db.select().from(coupons).where(eq(coupons.id, row.id));
    expect(claimed).toMatchObject({ userId: user.id, usedAt: null, usedFor: null });
    expect(claimed?.claimedAt).toBeInstanceOf(Date);
    expect((await client.get('/api/coupons')).json().data.map((c: { code: string }) => c.code)).toEqual([
      `CLAIM-${type}`,
    ]);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))).toEqual([]);
    expect(pushed).toEqual([]);
  });

  it('confirms a coupon already in the member list, changing nothing', async () => {
    const { client, user } = await newMember();
    await addCoupon(t, { code: 'MINE-20', type: 'PERCENT', value: 20, userId: user.id, claimedAt: inDays(-2) });
    const before = await couponRows(t);
    const res = await redeem(client, 'MINE-20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ credited: 0, coupon: { code: 'MINE-20' } });
    expect(await couponRows(t)).toEqual(before);
  });

  it("refuses unknown, used, expired and someone else's codes without detail, changing nothing", async () => {
    const { client, user } = await newMember();
    const other = await newMember();
    await addCoupon(t, { code: 'USED-10', type: 'COINS', value: 10, usedAt: new Date(), userId: user.id });
    await addCoupon(t, { code: 'EXPIRED-10', type: 'COINS', value: 10, validUntil: inDays(-1) });
    await addCoupon(t, { code: 'EXPIRED-MINE', type: 'PERCENT', value: 10, userId: user.id, validUntil: inDays(-1) });
    await addCoupon(t, { code: 'OTHERS-10', type: 'COINS', value: 10, userId: other.user.id });
    await addCoupon(t, { code: 'OTHERS-PCT', type: 'PERCENT', value: 10, userId: other.user.id });
    await addCoupon(t, { code: 'ZERO', type: 'COINS', value: 0 });
    await addCoupon(t, { code: 'ODD-TYPE', type: 'MYSTERY', value: 5 });
    for (const code of ['NO-SUCH-CODE', 'USED-10', 'EXPIRED-10', 'EXPIRED-MINE', 'OTHERS-10', 'OTHERS-PCT', 'ZERO']) {
      await expectInvalidCode(t, () => redeem(client, code));
    }
    // The second redemption of one code: the first member got it, the next one gets the same refusal.
    await addCoupon(t, { code: 'ONCE-5', type: 'COINS', value: 5 });
    expect((await redeem(other.client, 'ONCE-5')).statusCode).toBe(200);
    await expectInvalidCode(t, () => redeem(other.client, 'ONCE-5'));
    await expectInvalidCode(t, () => redeem(other.client, 'ODD-TYPE'));
    expect(await balanceOf(t.db, other.user.id)).toBe(5);
  });

  it('refuses missing, empty, wrong-typed and oversized codes with per-field keys', async () => {
    const send = (body: unknown) => () => member.post('/api/coupons/redeem', body);
    await expectInvalid(t, send({}), { code: ['errors.validations.required'] });
    await expectInvalid(t, send({ code: '   ' }), { code: ['errors.validations.required'] });
    await expectInvalid(t, send({ code: 50 }), { code: ['errors.validations.type.text'] });
    await expectInvalid(t, send({ code: ['GUARD100'] }), { code: ['errors.validations.type.text'] });
    await expectInvalid(t, send({ code: 'X'.repeat(65) }), { code: ['errors.validations.too_long'] });
  });

  it('refuses a member who has not confirmed the address with 403 not_verified', async () => {
    const { client } = await registerUser(t, 'coupon-unverified@example.com');
    await expectRefusedCoupons(t, () => redeem(client, 'GUARD100'), 403, 'not_verified');
  });

  it('stops after 10 attempts an hour per member, even for a good code; taking a coupon clears the count', async () => {
    const { client, user } = await newMember();
    await addCoupon(t, { code: 'AFTER-LIMIT', type: 'COINS', value: 7 });
    await addCoupon(t, { code: 'MINE-LIMIT', type: 'PERCENT', value: 5, userId: user.id });
    for (let i = 0; i < 9; i++) await expectInvalidCode(t, () => redeem(client, `WRONG-${i}`));
    // Confirming a coupon already in the list does not clear the count: it cannot reward guessing.
    expect((await redeem(client, 'MINE-LIMIT')).statusCode).toBe(200);
    await expectRefusedCoupons(t, () => redeem(client, 'AFTER-LIMIT'), 429, 'throttle');
    // Another member at another address is not affected.
    const { client: fresh } = await newMember();
    expect((await redeem(fresh, 'AFTER-LIMIT')).statusCode).toBe(200);
  });

  it('lets a member who took a coupon try again (the count starts over)', async () => {
    const { client } = await newMember();
    for (let i = 0; i < 3; i++) await addCoupon(t, { code: `RESET-${i}`, type: 'COINS', value: 1 });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) await expectInvalidCode(t, () => redeem(client, `BAD-${round}-${i}`));
      expect((await redeem(client, `RESET-${round}`)).statusCode).toBe(200);
    }
  });

  it('stops after 10 attempts an hour per address, across members', async () => {
    const first = await newMember();
    const second = await newMember();
    // Both browsers at one address: log the second in again from the first one's address.
    const shared = new TestClient(t.app, 'en', first.client.ip);
    const login = await shared.post('/api/auth/login', { username: second.user.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    await addCoupon(t, { code: 'ADDRESS-LIMIT', type: 'COINS', value: 3 });
    for (let i = 0; i < 5; i++) await expectInvalidCode(t, () => redeem(first.client, `ADDR-A-${i}`));
    for (let i = 0; i < 5; i++) await expectInvalidCode(t, () => redeem(shared, `ADDR-B-${i}`));
    await expectRefusedCoupons(t, () => redeem(shared, 'ADDRESS-LIMIT'), 429, 'throttle');
    await expectRefusedCoupons(t, () => redeem(first.client, 'ADDRESS-LIMIT'), 429, 'throttle');
  });
});

describe('POST /api/register/coupon', () => {
  it('answers whether the code is a free coupon a new member could get', async () => {
    const visitor = t.client();
    const { user } = await newMember();
    await addCoupon(t, { code: 'SIGNUP-FREE', type: 'COINS', value: 20 });
    await addCoupon(t, { code: 'SIGNUP-TAKEN', type: 'PERCENT', value: 20, userId: user.id });
    await addCoupon(t, { code: 'SIGNUP-USED', type: 'COINS', value: 20, usedAt: new Date() });
    await addCoupon(t, { code: 'SIGNUP-OLD', type: 'COINS', value: 20, validUntil: inDays(-1) });
    const check = async (code: string) => {
      const res = await visitor.post('/api/register/coupon', { email: 'new@example.org', code });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().valid;
    };
    expect(await check('signup-free')).toBe(true);
    expect(await check('SIGNUP-TAKEN')).toBe(false);
    expect(await check('SIGNUP-USED')).toBe(false);
    expect(await check('SIGNUP-OLD')).toBe(false);
    expect(await check('NOPE')).toBe(false);
    // The address may still be empty while the voucher is typed.
    expect((await visitor.post('/api/register/coupon', { code: 'SIGNUP-FREE' })).json()).toEqual({ valid: true });
  });

  it('refuses missing, wrong-typed and oversized fields, changing nothing', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const send = (body: unknown) => () => visitor.post('/api/register/coupon', body);
    await expectInvalid(t, send({}), { code: ['errors.validations.required'] });
    await expectInvalid(t, send({ email: 'a@b.de', code: 12 }), { code: ['errors.validations.type.text'] });
    await expectInvalid(t, send({ email: 'a@b.de', code: 'C'.repeat(65) }), {
      code: ['errors.validations.too_long'],
    });
    await expectInvalid(t, send({ email: `${'e'.repeat(250)}@b.de`, code: 'GUARD100' }), {
      email: ['errors.validations.too_long'],
    });
  });

  it('allows 20 checks an hour per address', async () => {
    const visitor = t.client();
    for (let i = 0; i < 20; i++) {
      expect((await visitor.post('/api/register/coupon', { code: `TRY-${i}` })).statusCode).toBe(200);
    }
    await expectRefused(t, () => visitor.post('/api/register/coupon', { code: 'GUARD100' }), 429, 'throttle');
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/coupons/redeem', body: { code: 'GUARD100' }, as: 'member' },
    { method: 'POST', url: '/api/register/coupon', body: { email: 'a@b.de', code: 'GUARD100' }, as: 'visitor' },
  ],
);
