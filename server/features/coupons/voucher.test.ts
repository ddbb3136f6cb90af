import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { FORM_MS, insertUser, mailTo, PASSWORD, userRow } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestContext } from '#server/test/harness.ts';
import { claimSignupVoucher } from './mutations.ts';
import { addCoupon, couponRows } from './test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs up with a voucher code; the account is not activated yet. */
async function signUp(email: string, code: string) {
  const client = t.client();
  const res = await client.post('/api/register', {
    email,
    code,
    password: PASSWORD,
    terms_check: true,
    form_ms: FORM_MS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, userId: res.json().user.id as number };
}

/** Follows the activation link of the newest mail to `email`. */
async function activate(client: ReturnType<TestContext['client']>, email: string) {
  const { token } = linkFrom((await mailTo(t, email)).textBody, '/users/activate');
  const res = await client.post('/api/register/validate', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
}

const couponByCode = async (code: string) => {
  const [row] = await t.db.select().from(coupons).where(eq(coupons.code, code));
  return row;
};

describe('the voucher given at sign-up', () => {
  it('is stored at sign-up and credited (COINS) when the account is activated', async () => {
    await addCoupon(t, { code: 'HELLO-30', type: 'COINS', value: 30 });
    const { client, userId } = await signUp('voucher-coins@example.com', ' hello-30 ');
    expect((await userRow(t, 'voucher-coins@example.com')).signupCode).toBe('hello-30');
    // Nothing is taken before the address is proved.
    expect(await couponByCode('HELLO-30')).toMatchObject({ userId: null, usedAt: null });
    expect(await balanceOf(t.db, userId)).toBe(0);
    const user = await activate(client, 'voucher-coins@example.com');
    expect(user.coins).toBe(30);
    expect(await couponByCode('HELLO-30')).toMatchObject({ userId, usedFor: 'signup' });
    const entries = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
    expect(entries.map((e) => [e.delta, e.reason])).toEqual([[30, 'coupon']]);
  });

  it('lands in the member list (PERCENT, prizes) when the account is activated', async () => {
    await addCoupon(t, { code: 'HELLO-PCT', type: 'PERCENT', value: 15 });
    const { client, userId } = await signUp('voucher-pct@example.com', 'HELLO-PCT');
    expect((await client.get('/api/coupons')).json().data).toEqual([]);
    await activate(client, 'voucher-pct@example.com');
    expect(await couponByCode('HELLO-PCT')).toMatchObject({ userId, usedAt: null });
    expect((await client.get('/api/coupons')).json().data.map((c: { code: string }) => c.code)).toEqual(['HELLO-PCT']);
    expect(await balanceOf(t.db, userId)).toBe(0);
  });

  it('is skipped silently when unknown, or taken by someone else before the activation', async () => {
    await addCoupon(t, { code: 'HELLO-RACE', type: 'COINS', value: 40 });
    const unknown = await signUp('voucher-unknown@example.com', 'NO-SUCH-VOUCHER');
    const late = await signUp('voucher-late@example.com', 'HELLO-RACE');
    const early = await signUp('voucher-early@example.com', 'HELLO-RACE');
    const before = await couponRows(t);
    expect((await activate(unknown.client, 'voucher-unknown@example.com')).is_verified).toBe(true);
    expect(await couponRows(t)).toEqual(before);
    expect((await activate(early.client, 'voucher-early@example.com')).coins).toBe(40);
    const user = await activate(late.client, 'voucher-late@example.com');
    expect(user).toMatchObject({ is_verified: true, coins: 0 });
    expect(await couponByCode('HELLO-RACE')).toMatchObject({ userId: early.userId });
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, unknown.userId))).toEqual([]);
  });

  it('is claimed when a password reset proves the address of an unactivated account', async () => {
    await addCoupon(t, { code: 'HELLO-RESET', type: 'EURO', value: 1 });
    const { userId } = await signUp('voucher-reset@example.com', 'HELLO-RESET');
    const reset = async () => {
      const visitor = t.client();
      expect((await visitor.post('/api/auth/send', { email: 'voucher-reset@example.com' })).statusCode).toBe(200);
      const { token } = linkFrom((await mailTo(t, 'voucher-reset@example.com')).textBody, '/users/reset');
      const res = await visitor.post('/api/auth/reset', { token, password: PASSWORD, password_confirm: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user;
    };
    expect(await reset()).toMatchObject({ is_verified: true, coins: 10 });
    expect(await couponByCode('HELLO-RESET')).toMatchObject({ userId, usedFor: 'signup' });
  });

  it('claims nothing for a member without a code', async () => {
    const id = await insertUser(t, 'no-voucher@example.com');
    const before = await couponRows(t);
    expect(await claimSignupVoucher(t.app.ctx, id)).toBeNull();
    expect(await couponRows(t)).toEqual(before);
  });
});
