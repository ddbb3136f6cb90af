import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '#server/db/schema/billing.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  type Catalog,
  initBodyFor,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
  settledOrder,
  submitCard,
} from './billing-fixtures.ts';

describe.skipIf(!testServices().databaseUrl)('billing under real concurrency (PostgreSQL only)', () => {
  let t: TestContext;
  let c: Catalog;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
    c = await loadCatalog(t);
  });
  afterAll(() => t.close());

  it('credits once when the same postback is delivered 20 times at once', async () => {
    const { client, user } = await registerAndVerify(t, 'race-postback@example.com');
    const { id } = await initPurchase(client, c);
    const event = sandboxEvent(await orderRow(t, id));
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendPostback(t, event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(t.db, user.id)).toBe(275);
    expect(await ledgerSum(t.db, user.id)).toBe(275);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id))).toHaveLength(1);
    expect((await orderRow(t, id)).state).toBe('paid');
  });

  it('processes one of 10 concurrent submissions of a payment page; the others see "already submitted"', async () => {
    const { client, user } = await registerAndVerify(t, 'race-page@example.com');
    const { id, link } = await initPurchase(client, c);
    const answers = await Promise.all(Array.from({ length: 10 }, () => submitCard(t, link, '4242 4242 4242 4242')));
    expect(answers.map((a) => a.statusCode).toSorted()).toEqual([303, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.body).toContain('This payment was already submitted');
    }
    const outbox = (await t.db.select().from(sandboxOutbox)).filter((r) => JSON.parse(r.body).order_id === id);
    expect(outbox).toHaveLength(1);
    expect((await settledOrder(t, id)).state).toBe('paid');
    expect(await balanceOf(t.db, user.id)).toBe(275);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))).toHaveLength(1);
  });

  it('makes one order of 20 concurrent inits of a double click', async () => {
    const { client, user } = await registerAndVerify(t, 'race-init@example.com');
    await client.get('/api/auth/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/billing/init', initBodyFor(c))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json().link)).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });
});
