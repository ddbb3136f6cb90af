import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTypes, phoneCalls } from '#server/db/schema/billing.ts';
import { wallets } from '#server/db/schema/coins.ts';
import { callIdOfToken } from '#server/providers/phone/sandbox.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  ageCheckedMember,
  CARD,
  checkCall,
  initCall,
  markAgeChecked,
  PHONE,
  sessionsOf,
  setAgeVerified,
  voicecallState,
} from './test-helpers.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await ageCheckedMember(t, 'voicecall-guard@example.com')).client;
});
afterAll(() => t.close());

const INIT = '/api/billing/init_phonecall';

describe('POST /api/billing/init_phonecall', () => {
  it('starts an awaited call with number, PIN and the product prices, and answers the call page link', async () => {
    const { client, user } = await ageCheckedMember(t, 'caller@example.com');
    const before = Date.now();
    const res = await initCall(client);
    expect(res.id).toBe(res.call.id);
    expect(res.link).toMatch(/^\/sandbox\/phone\/\d+\.[\w-]{32}$/);
    expect(callIdOfToken(t.config.payments.sandboxKey, res.link.split('/').pop() ?? '')).toBe(res.id);
    expect(res.call).toMatchObject({
      state: 'awaited',
      number: '0900 5 123456',
      price_per_minute_cents: 199,
      currency: 'EUR',
      coins_per_minute: 12,
      max_minutes: 60,
      minutes_billed: 0,
      coins_credited: 0,
    });
    expect(res.call.pin).toMatch(/^\d{6}$/);
    const expires = Date.parse(res.call.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
    const [session] = await sessionsOf(t, user.id);
    const [row] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, res.id));
    expect(row).toMatchObject({ userId: user.id, sessionId: session?.id, provider: 'sandbox', productId: 5 });
    expect(session?.data.phonecall).toEqual({ paymentTypeId: 2, productId: 5, paymentName: 'voicecall' });
    const session2 = await client.get('/api/session/init');
    expect(session2.json().session).toMatchObject({
      phonecall_payment_type_id: 2,
      phonecall_product_id: 5,
      phonecall_payment_name: 'voicecall',
      voicecall: false,
    });
  });

  it('answers the existing awaited call to a second init, and a new one after it expired', async () => {
    const { client, user } = await ageCheckedMember(t, 'twice@example.com');
    const first = await initCall(client);
    const second = await initCall(client);
    expect(second.id).toBe(first.id);
    expect(second.call.pin).toBe(first.call.pin);
    expect(await t.db.select().from(phoneCalls).where(eq(phoneCalls.userId, user.id))).toHaveLength(1);

    await t.db
      .update(phoneCalls)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCalls.id, first.id));
    expect((await checkCall(client)).call).toMatchObject({ id: first.id, state: 'expired' });
    const third = await initCall(client);
    expect(third.id).not.toBe(first.id);
    expect(third.call.state).toBe('awaited');
    const [old] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, first.id));
    expect(old?.state).toBe('expired');
  });

  it('gives members waiting at the same time different PINs', async () => {
    const pins = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { client } = await ageCheckedMember(t, `pins-${i}@example.com`);
      pins.add((await initCall(client)).call.pin);
    }
    expect(pins.size).toBe(5);
  });

  it('accepts an age check recorded on the account instead of the session', async () => {
    const { client, user } = await registerAndVerify(t, 'account-checked@example.com');
    await setAgeVerified(t, user.id);
    expect((await initCall(client)).call.state).toBe('awaited');
  });

  it('refuses a session without the age check with 403 age_check_required', async () => {
    const { client } = await registerAndVerify(t, 'unchecked@example.com');
    const body = await expectRefused(t, () => client.post(INIT, PHONE), 403, 'age_check_required');
    expect(body.message).toBe('age_check_required');
  });

  it('refuses a member whose wallet is flagged after a reversed payment, like card payments do', async () => {
    const { client, user } = await ageCheckedMember(t, 'flagged-caller@example.com');
    await t.db.insert(wallets).values({ userId: user.id, balance: 0, flagged: true });
    const body = await expectRefused(t, () => client.post(INIT, PHONE), 403, 'forbidden');
    expect(body.errors).toEqual({ _: ['billing.errors.account_review'] });
  });

  it('refuses card payment types and products of another type with 422', async () => {
    const s = () => voicecallState(t);
    const before = await s();
    await expectInvalid(t, () => member.post(INIT, CARD), { productid: ['errors.validations.invalid'] });
    await expectInvalid(t, () => member.post(INIT, { paymenttypeid: 2, productid: 2 }), {
      productid: ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => member.post(INIT, { paymenttypeid: 1, productid: 5 }), {
      productid: ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => member.post(INIT, { paymenttypeid: 99, productid: 5 }), {
      productid: ['errors.validations.invalid'],
    });
    expect(await s()).toEqual(before);
  });

  it('refuses a phone payment type that was switched off', async () => {
    await t.db.update(paymentTypes).set({ active: false }).where(eq(paymentTypes.id, 2));
    try {
      await expectInvalid(t, () => member.post(INIT, PHONE), { productid: ['errors.validations.invalid'] });
    } finally {
      await t.db.update(paymentTypes).set({ active: true }).where(eq(paymentTypes.id, 2));
    }
  });

  it('refuses missing, wrong-typed and out-of-range fields with 422 per field', async () => {
    const before = await voicecallState(t);
    await expectInvalid(t, () => member.post(INIT, {}), {
      paymenttypeid: ['errors.validations.required'],
      productid: ['errors.validations.required'],
    });
    await expectInvalid(t, () => member.post(INIT, { paymenttypeid: 'two', productid: {} }), {
      paymenttypeid: ['errors.validations.type.id'],
      productid: ['errors.validations.type.id'],
    });
    await expectInvalid(t, () => member.post(INIT, { paymenttypeid: 2.5, productid: -5 }), {
      paymenttypeid: ['errors.validations.type.id'],
      productid: ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => member.post(INIT, { paymenttypeid: 2, productid: 1e12 }), {
      productid: ['errors.validations.too_long'],
    });
    expect(await voicecallState(t)).toEqual(before);
  });

  describeWriteGuards(() => ({ t, member }), [{ method: 'POST', url: INIT, body: PHONE, as: 'member' }]);
});

describe('GET /api/billing/check_phonecall', () => {
  it('answers no call for a visitor, with or without a session', async () => {
    const visitor = t.client();
    expect(await checkCall(visitor)).toEqual({ voicecall: false, call: null });
    await visitor.get('/api/auth/csrf-cookie');
    expect(await checkCall(visitor)).toEqual({ voicecall: false, call: null });
  });

  it('answers the latest call of this session only', async () => {
    const { client, user } = await ageCheckedMember(t, 'checker@example.com');
    expect(await checkCall(client)).toEqual({ voicecall: false, call: null });
    const started = await initCall(client);
    expect(await checkCall(client)).toEqual({ voicecall: false, call: started.call });
    // Another browser of the same member has not started this call.
    const other = t.client();
    expect(
      (await other.post('/api/auth/login', { username: 'checker@example.com', password: 'violet-Harbour-42' }))
        .statusCode,
    ).toBe(200);
    expect(await checkCall(other)).toEqual({ voicecall: false, call: null });
    await markAgeChecked(t, user.id);
    // ... until it asks for a call itself: the awaited call follows the browser that asked last.
    expect((await initCall(other)).id).toBe(started.id);
    expect((await checkCall(other)).call?.id).toBe(started.id);
    expect((await checkCall(client)).call).toBeNull();
    expect((await sessionsOf(t, user.id)).length).toBe(2);
  });
});
