import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_HINT_MS } from '#common/domain/spending-limit.ts';
import { orders, paymentEvents } from '#server/db/schema/billing.ts';
import { testServices } from '#server/env.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  billingState,
  type Catalog,
  expectBillingRefused,
  initBodyFor,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
} from './billing-fixtures.ts';
import { listUnmatchedCharges } from './data.ts';

/**
 * The 24-hour spending limit (50,000 cents by default) counts money taken: paid orders, and for a
 * few minutes an order whose return page said success. Abandoned orders count nothing.
 */

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000', SUPPORT_EMAIL: 'help@livecam.example' } });
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let n = 0;
const member = () => registerAndVerify(t, `limit-${++n}@example.com`);

/** Starts a purchase of the 100 EUR package (1000 + 200 coins) that is then left alone. */
async function abandoned(client: TestClient) {
  const { id } = await initPurchase(client, c, { productid: c.p1000 });
  // Older than a double click, so the next init is a purchase of its own.
  await t.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, id));
  return id;
}

async function pay(id: number) {
  const event = sandboxEvent(await orderRow(t, id));
  expect((await sendPostback(t, event)).statusCode).toBe(200);
  return event;
}

const remaining = async (client: TestClient) => (await client.get('/api/billing')).json().limit.remaining_cents;
const outcomeOf = async (eventId: string) =>
  (await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;

describe('the 24-hour spending limit', () => {
  it('lets a sixth 100 EUR purchase start after five abandoned ones', async () => {
    const { client } = await member();
    for (let i = 0; i < 5; i++) await abandoned(client);
    expect(await remaining(client)).toBe(50_000);
    const sixth = await client.post('/api/billing/init', initBodyFor(c, { productid: c.p1000 }));
    expect(sixth.statusCode, sixth.body).toBe(200);
  });

  it('still refuses a purchase over what was paid', async () => {
    const { client } = await member();
    for (let i = 0; i < 5; i++) await pay(await abandoned(client));
    expect(await remaining(client)).toBe(0);
    await expectBillingRefused(
      t,
      () => client.post('/api/billing/init', initBodyFor(c, { productid: c.p100 })),
      422,
      'validation_failed',
      { productid: ['billing.errors.limit'] },
    );
  });

  it('counts an order whose return page said success for a few minutes, and never credits it', async () => {
    const { client, user } = await member();
    const id = await abandoned(client);
    const res = await client.get(`/api/billing/orders/${id}?result=success`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.state).toBe('pending');
    expect(await remaining(client)).toBe(40_000);
    expect(await balanceOf(t.db, user.id)).toBe(0);
    expect((await orderRow(t, id)).state).toBe('pending');
    // The hint is kept once: asking again does not extend it.
    const first = (await orderRow(t, id)).successHintAt;
    await client.get(`/api/billing/orders/${id}?result=success`);
    expect((await orderRow(t, id)).successHintAt).toEqual(first);
    await t.db
      .update(orders)
      .set({ successHintAt: new Date(Date.now() - SUCCESS_HINT_MS - 1000) })
      .where(eq(orders.id, id));
    expect(await remaining(client)).toBe(50_000);
  });

  it("takes no hint for another member's order nor an unknown result, changing nothing", async () => {
    const { client } = await member();
    const id = await abandoned(client);
    const { client: other } = await member();
    const before = await billingState(t);
    await expectRefused(t, () => other.get(`/api/billing/orders/${id}?result=success`), 404, 'not_found');
    await expectRefused(t, () => client.get(`/api/billing/orders/${id}?result=paid`), 422, 'validation_failed');
    expect(await billingState(t)).toEqual(before);
  });

  it('refuses to credit a payment that goes over the limit: several open orders paid at once', async () => {
    const { client, user } = await member();
    for (let i = 0; i < 4; i++) await pay(await abandoned(client));
    // Both fit when they are made (40,000 paid, nothing else counted) ...
    const a = await abandoned(client);
    const b = await abandoned(client);
    expect(await balanceOf(t.db, user.id)).toBe(4 * 1200);
    // ... but only one of them may be paid.
    await pay(a);
    const second = await pay(b);
    expect(await outcomeOf(second.event_id)).toBe('over_limit');
    expect(await orderRow(t, a)).toMatchObject({ state: 'paid' });
    expect(await orderRow(t, b)).toMatchObject({
      state: 'failed',
      failureCode: 'billing.errors.over_limit',
      providerTxnId: second.txn_id,
    });
    expect(await balanceOf(t.db, user.id)).toBe(5 * 1200);
    expect((await client.get(`/api/billing/orders/${b}`)).json().order).toMatchObject({
      state: 'failed',
      failure: 'billing.errors.over_limit',
    });
    expect(await listUnmatchedCharges(t.db)).toContainEqual(
      expect.objectContaining({ orderId: b, userId: user.id, txnId: second.txn_id, reason: 'over_limit' }),
    );
    const [mail] = await t.mails();
    expect(mail).toMatchObject({ toAddress: 'help@livecam.example', template: 'unmatched_charge' });
    expect(mail?.textBody).toContain(`BS${b}`);
    expect(mail?.textBody).toContain("beyond the member's spending limit");
  });
});

describe.skipIf(!testServices().databaseUrl)('the limit under real concurrency (PostgreSQL only)', () => {
  it('credits open orders paid at the same moment only up to the limit', async () => {
    const { client, user } = await member();
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await abandoned(client));
    const events = await Promise.all(ids.map(async (id) => sandboxEvent(await orderRow(t, id))));
    const answers = await Promise.all(events.map((e) => sendPostback(t, e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const outcomes = await Promise.all(events.map((e) => outcomeOf(e.event_id)));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'over_limit')).toHaveLength(3);
    expect(await balanceOf(t.db, user.id)).toBe(5 * 1200);
  });
});
