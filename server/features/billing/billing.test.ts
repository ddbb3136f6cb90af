import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import { orders, products } from '#server/db/schema/billing.ts';
import { wallets } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { expectRefused, registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  billingState,
  initBodyFor as bodyFor,
  type Catalog,
  expectBillingRefused,
  loadCatalog,
  orderRow,
  initPurchase as purchase,
} from './billing-fixtures.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
let c: Catalog;
const initBodyFor = (extra: Record<string, unknown> = {}) => bodyFor(c, extra);
const initPurchase = (client: TestClient, extra: Record<string, unknown> = {}) => purchase(client, c, extra);
beforeAll(async () => {
  t = await createTestApp();
  c = await loadCatalog(t);
  const m = await registerAndVerify(t, 'billing-member@example.com');
  member = m.client;
  memberId = m.user.id;
});
afterAll(() => t.close());

let counter = 0;
const newMember = async () => registerAndVerify(t, `billing-${++counter}@example.com`);
const addCoupon = async (
  code: string,
  type: string,
  value: number,
  extra: Partial<typeof coupons.$inferInsert> = {},
) => {
  const [row] = await t.db
    .insert(coupons)
    .values({ code, type, value, validUntil: new Date(Date.now() + 86_400_000), ...extra })
    .returning();
  if (!row) throw new Error('no coupon');
  return row;
};

describe('GET /api/billing', () => {
  it('lists the active payment types with their active packages, no campaign, and the limit', async () => {
    const { client } = await newMember();
    const res = await client.get('/api/billing');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.paymentTypes.map((p: { name: string; kind: string }) => [p.name, p.kind])).toEqual([
      ['card', 'card'],
      ['voicecall', 'phone'],
    ]);
    expect(body.paymentTypes.map((p: { id: number }) => p.id)).toEqual([c.card, c.phone]);
    expect(body.paymentTypes[0].products).toEqual([
      { id: c.p100, coins: 100, bonus_coins: 0, price_cents: 1000, currency: 'EUR', isDefault: false },
      { id: c.p250, coins: 250, bonus_coins: 25, price_cents: 2500, currency: 'EUR', isDefault: true },
      { id: c.p500, coins: 500, bonus_coins: 75, price_cents: 5000, currency: 'EUR', isDefault: false },
      { id: c.p1000, coins: 1000, bonus_coins: 200, price_cents: 10000, currency: 'EUR', isDefault: false },
    ]);
    expect(body.paymentTypes[1].products).toEqual([
      { id: c.tariff, coins: 12, bonus_coins: 0, price_cents: 199, currency: 'EUR', isDefault: true },
    ]);
    expect(body.campaign).toBeNull();
    expect(body.limit).toEqual({ limit_cents: 50_000, remaining_cents: 50_000, currency: 'EUR' });
  });

  it('hides inactive packages', async () => {
    await t.db.update(products).set({ active: false }).where(eq(products.id, c.p1000));
    try {
      const ids = (await member.get('/api/billing')).json().paymentTypes[0].products.map((p: { id: number }) => p.id);
      expect(ids).toEqual([c.p100, c.p250, c.p500]);
    } finally {
      await t.db.update(products).set({ active: true }).where(eq(products.id, c.p1000));
    }
  });

  it('shows a usable PERCENT coupon as the campaign; other or unknown codes give none', async () => {
    const { client } = await newMember();
    const percent = await addCoupon('SPRING15', 'PERCENT', 15);
    await addCoupon('COINS50', 'COINS', 50);
    const res = await client.get('/api/billing?code=spring15');
    expect(res.json().campaign).toEqual({
      code: 'SPRING15',
      type: 'PERCENT',
      value: 15,
      valid_until: percent.validUntil.toISOString(),
    });
    expect((await client.get('/api/billing?code=COINS50')).json().campaign).toBeNull();
    expect((await client.get('/api/billing?code=NOPE')).json().campaign).toBeNull();
    await expectRefused(t, () => client.get(`/api/billing?code=${'x'.repeat(65)}`), 422, 'validation_failed');
  });

  it('counts codes that find nothing as coupon guesses: the eleventh in an hour answers 429', async () => {
    const { client, user } = await newMember();
    const keys = [`coupon-redeem:user:${user.id}`, 'coupon-redeem:ip:127.0.0.1'];
    for (const key of keys) await t.app.ctx.throttle.reset(key);
    for (let i = 0; i < 10; i++) expect((await client.get(`/api/billing?code=GUESS${i}`)).statusCode).toBe(200);
    await expectRefused(t, () => client.get('/api/billing?code=GUESS10'), 429, 'throttle');
    // The list without a code, and a code that exists, are not guesses.
    expect((await client.get('/api/billing')).statusCode).toBe(200);
    for (const key of keys) await t.app.ctx.throttle.reset(key);
  });

  it('counts paid orders of the last 24 hours against the limit, not open ones', async () => {
    const { client, user } = await newMember();
    const { id } = await initPurchase(client);
    expect((await client.get('/api/billing')).json().limit.remaining_cents).toBe(50_000);
    await t.db.update(orders).set({ state: 'paid', paidAt: new Date() }).where(eq(orders.id, id));
    expect((await client.get('/api/billing')).json().limit.remaining_cents).toBe(47_500);
    // Paid more than 24 hours ago: no longer counted.
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 86_400_000 - 1000) })
      .where(and(eq(orders.id, id), eq(orders.userId, user.id)));
    expect((await client.get('/api/billing')).json().limit.remaining_cents).toBe(50_000);
  });

  it('is for members only', async () => {
    await expectRefused(t, () => t.client().get('/api/billing'), 401, 'unauthenticated');
  });
});

describe('POST /api/billing/init', () => {
  it('creates a pending order with the package, the waiver and a link to the payment page', async () => {
    const { client, user } = await newMember();
    const { link, id } = await initPurchase(client);
    expect(link).toMatch(/^\/sandbox\/pay\?token=[\w-]+\.[\w-]+$/);
    const row = await orderRow(t, id);
    expect(row).toMatchObject({
      userId: user.id,
      paymentTypeId: c.card,
      productId: c.p250,
      provider: 'sandbox',
      state: 'pending',
      coins: 250,
      bonusCoins: 25,
      amountCents: 2500,
      currency: 'EUR',
      couponId: null,
      locale: 'en',
      withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
      providerTxnId: null,
    });
    expect(Math.abs(row.withdrawalWaiverAt.getTime() - Date.now())).toBeLessThan(10_000);
    expect(row.pendingAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  it('answers a double click with the same order and link', async () => {
    const { client, user } = await newMember();
    const first = await initPurchase(client);
    const second = await initPurchase(client);
    expect(second).toEqual(first);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    // Another package, or the same one after the double-click window, is a new purchase.
    const other = await initPurchase(client, { productid: c.p100 });
    expect(other.id).not.toBe(first.id);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 16_000) })
      .where(eq(orders.id, first.id));
    expect((await initPurchase(client)).id).not.toBe(first.id);
  });

  it('stores a usable PERCENT coupon with the order', async () => {
    const { client } = await newMember();
    const coupon = await addCoupon('TENMORE', 'PERCENT', 10);
    const { id } = await initPurchase(client, { code: ' tenmore ' });
    expect((await orderRow(t, id)).couponId).toBe(coupon.id);
  });

  it('refuses missing, wrong-typed and huge ids', async () => {
    const send = (body: object) => () => member.post('/api/billing/init', body);
    await expectBillingRefused(t, send({ withdrawal_waiver: true }), 422, 'validation_failed', {
      paymenttypeid: ['errors.validations.required'],
      productid: ['errors.validations.required'],
    });
    await expectBillingRefused(t, send(initBodyFor({ productid: 'two' })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ productid: 2.5 })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ productid: -2 })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ paymenttypeid: 1e12 })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ productid: [c.p250] })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ productid: true })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ productid: null })), 422, 'validation_failed');
    await expectBillingRefused(t, send(initBodyFor({ code: 'x'.repeat(65) })), 422, 'validation_failed', {
      code: ['errors.validations.too_long'],
    });
  });

  it('refuses packages that cannot be bought by card', async () => {
    const send = (body: Record<string, unknown>) => () => member.post('/api/billing/init', initBodyFor(body));
    const product = { productid: ['billing.errors.product'] };
    await expectBillingRefused(t, send({ productid: 999 }), 422, 'validation_failed', product);
    await expectBillingRefused(
      t,
      send({ paymenttypeid: c.card, productid: c.tariff }),
      422,
      'validation_failed',
      product,
    );
    await expectBillingRefused(t, send({ paymenttypeid: 99 }), 422, 'validation_failed', product);
    await expectBillingRefused(t, send({ paymenttypeid: c.phone, productid: c.tariff }), 422, 'validation_failed', {
      paymenttypeid: ['billing.errors.payment_type'],
    });
    await t.db.update(products).set({ active: false }).where(eq(products.id, c.p500));
    try {
      await expectBillingRefused(t, send({ productid: c.p500 }), 422, 'validation_failed', product);
    } finally {
      await t.db.update(products).set({ active: true }).where(eq(products.id, c.p500));
    }
  });

  it('refuses a purchase without the withdrawal waiver', async () => {
    const send = (body: object) => () => member.post('/api/billing/init', body);
    const waiver = { withdrawal_waiver: ['billing.withdrawal.required'] };
    const card = { paymenttypeid: c.card, productid: c.p250 };
    await expectBillingRefused(t, send(card), 422, 'validation_failed', waiver);
    await expectBillingRefused(t, send({ ...card, withdrawal_waiver: false }), 422, 'validation_failed', waiver);
    await expectBillingRefused(t, send({ ...card, withdrawal_waiver: 'yes' }), 422, 'validation_failed', waiver);
  });

  it('refuses a coupon code that is not a usable PERCENT coupon', async () => {
    await addCoupon('FLAT5', 'EURO', 5);
    await addCoupon('OLD20', 'PERCENT', 20, { validUntil: new Date(Date.now() - 1000) });
    const used = await addCoupon('USED20', 'PERCENT', 20, { usedAt: new Date(), userId: memberId });
    expect(used.usedAt).not.toBeNull();
    for (const code of ['FLAT5', 'OLD20', 'USED20', 'UNKNOWN']) {
      await expectBillingRefused(
        t,
        () => member.post('/api/billing/init', initBodyFor({ code })),
        422,
        'validation_failed',
        {
          code: ['billing.coupon.invalid'],
        },
      );
    }
  });

  it('refuses an unverified member and a flagged wallet', async () => {
    const { client } = await registerUser(t, 'billing-unverified@example.com');
    await expectBillingRefused(t, () => client.post('/api/billing/init', initBodyFor()), 403, 'not_verified');
    const { client: flagged, user } = await newMember();
    await t.db.insert(wallets).values({ userId: user.id, balance: 0, flagged: true });
    const body = await expectBillingRefused(
      t,
      () => flagged.post('/api/billing/init', initBodyFor()),
      403,
      'forbidden',
    );
    expect(body.errors).toEqual({ _: ['billing.errors.account_review'] });
  });

  it('refuses a purchase over the spending limit of 24 hours', async () => {
    const { client, user } = await newMember();
    await t.db.insert(orders).values({
      userId: user.id,
      paymentTypeId: c.card,
      productId: c.p1000,
      provider: 'sandbox',
      state: 'paid',
      coins: 1000,
      bonusCoins: 200,
      amountCents: 48_000,
      currency: 'EUR',
      locale: 'en',
      withdrawalWaiverAt: new Date(),
      withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
    });
    await expectBillingRefused(t, () => client.post('/api/billing/init', initBodyFor()), 422, 'validation_failed', {
      productid: ['billing.errors.limit'],
    });
    // The smallest package still fits.
    expect((await client.post('/api/billing/init', initBodyFor({ productid: c.p100 }))).statusCode).toBe(200);
  });

  it('throttles a member after 20 inits an hour', async () => {
    const { client } = await newMember();
    for (let i = 0; i < 20; i++) expect((await client.post('/api/billing/init', initBodyFor())).statusCode).toBe(200);
    await expectBillingRefused(t, () => client.post('/api/billing/init', initBodyFor()), 429, 'throttle');
  });

  describeWriteGuards(
    () => ({ t, member }),
    [
      {
        method: 'POST',
        url: '/api/billing/init',
        body: { paymenttypeid: 1, productid: 1, withdrawal_waiver: true },
        as: 'member',
      },
    ],
  );
});

describe('GET /api/billing/orders/:id', () => {
  it('shows the owner their order', async () => {
    const { id } = await initPurchase(member);
    const res = await member.get(`/api/billing/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      id,
      state: 'pending',
      coins: 250,
      bonus_coins: 25,
      amount_cents: 2500,
      currency: 'EUR',
      failure: null,
      paid_at: null,
    });
  });

  it('answers 404 for another member, an unknown id; 401 without login; 422 for a bad id', async () => {
    const { id } = await initPurchase(member);
    const { client: other } = await newMember();
    const before = await billingState(t);
    await expectRefused(t, () => other.get(`/api/billing/orders/${id}`), 404, 'not_found');
    await expectRefused(t, () => member.get('/api/billing/orders/999999'), 404, 'not_found');
    await expectRefused(t, () => t.client().get(`/api/billing/orders/${id}`), 401, 'unauthenticated');
    await expectRefused(t, () => member.get('/api/billing/orders/abc'), 422, 'validation_failed');
    await expectRefused(t, () => member.get('/api/billing/orders/99999999999999'), 422, 'validation_failed');
    expect(await billingState(t)).toEqual(before);
  });
});
