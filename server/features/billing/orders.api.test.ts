import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import { ORDERS_PAGE_SIZE } from '#common/api/orders.ts';
import { orders } from '#server/db/schema/billing.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  billingState,
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
} from './billing-fixtures.ts';

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let n = 0;
const newMember = () => registerAndVerify(t, `orders-${++n}@example.com`);

/** A purchase paid through the provider's signed postback: the one path that credits coins. */
async function paidPurchase(client: TestClient, extra: Record<string, unknown> = {}) {
  const { id } = await initPurchase(client, c, extra);
  const event = sandboxEvent(await orderRow(t, id));
  expect((await sendPostback(t, event)).statusCode).toBe(200);
  return { id, txn: event.txn_id };
}

/** Orders written straight to the table (more than a page of them; init is limited per hour). */
async function insertOrders(userId: number, count: number) {
  const rows = Array.from({ length: count }, () => ({
    userId,
    paymentTypeId: c.card,
    productId: c.p100,
    provider: 'sandbox',
    state: 'failed',
    coins: 100,
    amountCents: 1000,
    currency: 'EUR',
    locale: 'en',
    withdrawalWaiverAt: new Date(),
    withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
  }));
  return (await t.db.insert(orders).values(rows).returning({ id: orders.id })).map((r) => r.id);
}

describe('GET /api/billing/orders', () => {
  it('lists her own orders, newest first, with package, coins, price, payment type and state', async () => {
    const { client, user } = await newMember();
    const other = await newMember();
    await paidPurchase(other.client);
    const paid = await paidPurchase(client);
    const { id: open } = await initPurchase(client, c, { productid: c.p100 });
    const res = await client.get('/api/billing/orders');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, last_page: 1, total: 2, more: false });
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([open, paid.id]);
    expect(body.data[0]).toEqual({
      id: open,
      number: `BS${open}`,
      state: 'pending',
      coins: 100,
      bonus_coins: 0,
      coins_credited: null,
      amount_cents: 1000,
      currency: 'EUR',
      payment_type: 'card',
      payment_method: 'card',
      created_at: expect.any(String),
      paid_at: null,
      receipt: false,
    });
    expect(body.data[1]).toMatchObject({
      state: 'paid',
      coins: 250,
      bonus_coins: 25,
      coins_credited: 275,
      amount_cents: 2500,
      receipt: true,
      paid_at: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain(paid.txn);
    expect(user.id).not.toBe(other.user.id);
  });

  it('counts a coupon’s extra coins as credited, and shows a refunded order as refunded', async () => {
    const { client } = await newMember();
    await t.db
      .insert(coupons)
      .values({ code: 'ORDERS10', type: 'PERCENT', value: 10, validUntil: new Date(Date.now() + 86_400_000) });
    const bought = await paidPurchase(client, { code: 'ORDERS10' });
    const refunded = await paidPurchase(client, { productid: c.p100 });
    const order = await orderRow(t, refunded.id);
    const refund = sandboxEvent(order, { type: 'payment.refunded', txn_id: refunded.txn });
    expect((await sendPostback(t, refund)).statusCode).toBe(200);
    const list = (await client.get('/api/billing/orders')).json().data;
    expect(list.map((o: { id: number; state: string }) => [o.id, o.state])).toEqual([
      [refunded.id, 'refunded'],
      [bought.id, 'paid'],
    ]);
    expect(list[0]).toMatchObject({ coins_credited: 100, receipt: true });
    expect(list[1]).toMatchObject({ coins: 250, bonus_coins: 25, coins_credited: 300 });
  });

  it('pages her orders by the page size and answers an empty page beyond the last', async () => {
    const { client, user } = await newMember();
    const ids = await insertOrders(user.id, ORDERS_PAGE_SIZE + 3);
    const first = (await client.get('/api/billing/orders')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: ORDERS_PAGE_SIZE + 3, more: true });
    expect(first.data).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.data[0].id).toBe(ids.at(-1));
    const second = (await client.get('/api/billing/orders?page=2')).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, more: false });
    expect(second.data.map((o: { id: number }) => o.id)).toEqual(ids.slice(0, 3).reverse());
    const beyond = (await client.get('/api/billing/orders?page=3')).json();
    expect(beyond).toMatchObject({ current_page: 3, last_page: 2, total: ORDERS_PAGE_SIZE + 3, data: [] });
  });

  it('answers an empty list to a member who never bought', async () => {
    const { client } = await newMember();
    const res = await client.get('/api/billing/orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ current_page: 1, last_page: 1, total: 0, data: [], more: false });
  });

  it('refuses visitors with 401 and bad page values with 422, changing nothing', async () => {
    const { client } = await newMember();
    await expectRefused(t, () => t.client().get('/api/billing/orders'), 401, 'unauthenticated');
    for (const page of ['0', '-1', 'abc', '1.5', '10001', '99999999999999999999', '1&page=2']) {
      await expectRefused(t, () => client.get(`/api/billing/orders?page=${page}`), 422, 'validation_failed');
    }
  });
});

describe('GET /api/billing/orders/:id/receipt', () => {
  it('gives her receipt of a paid order with the seller as the imprint names it', async () => {
    const { client } = await newMember();
    const { id } = await paidPurchase(client);
    const res = await client.get(`/api/billing/orders/${id}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    const { receipt } = res.json();
    expect(receipt).toMatchObject({
      id,
      number: `BS${id}`,
      state: 'paid',
      coins: 250,
      bonus_coins: 25,
      coins_credited: 275,
      amount_cents: 2500,
      currency: 'EUR',
      payment_type: 'card',
      payment_method: 'card',
      paid_at: expect.any(String),
      withdrawal_waiver_at: expect.any(String),
    });
    const { legal, supportEmail } = t.config;
    expect(receipt.seller).toEqual({
      company: legal.company,
      address: legal.address,
      director: legal.director,
      register: legal.register,
      vat_id: legal.vatId,
      email: supportEmail,
    });
  });

  it('answers 404 for another member’s receipt, an unpaid order and an unknown one; 401 and 422 as elsewhere', async () => {
    const { client } = await newMember();
    const other = await newMember();
    const { id: theirs } = await paidPurchase(other.client);
    const { id: unpaid } = await initPurchase(client, c);
    const before = await billingState(t);
    await expectRefused(t, () => client.get(`/api/billing/orders/${theirs}/receipt`), 404, 'not_found');
    await expectRefused(t, () => client.get(`/api/billing/orders/${unpaid}/receipt`), 404, 'not_found');
    await expectRefused(t, () => client.get('/api/billing/orders/999999/receipt'), 404, 'not_found');
    await expectRefused(t, () => t.client().get(`/api/billing/orders/${theirs}/receipt`), 401, 'unauthenticated');
    await expectRefused(t, () => client.get('/api/billing/orders/abc/receipt'), 422, 'validation_failed');
    await expectRefused(t, () => client.get('/api/billing/orders/0/receipt'), 422, 'validation_failed');
    expect(await billingState(t)).toEqual(before);
    expect((await other.client.get(`/api/billing/orders/${theirs}/receipt`)).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('describes the order list and the receipt', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/billing/orders']?.get).toBeDefined();
    expect(doc.paths['/api/billing/orders/{id}/receipt']?.get).toBeDefined();
  });
});
