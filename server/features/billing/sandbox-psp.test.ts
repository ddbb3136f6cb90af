import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';
import { sandboxPspPayments } from '#server/db/schema/sandbox-psp.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { pendingPostbacks } from '#server/providers/payment/sandbox-records.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  settledOrder,
  submitCard,
  submitForm,
} from './billing-fixtures.ts';

/**
 * The sandbox PSP keeps its books: a submitted payment and the postback it owes are written
 * together and survive a crash of the process before the postback went out; a payment page is
 * submitted once.
 */

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  // Postbacks are held: the process "crashes" (closes) before any is sent.
  t = await createTestApp({ env: { SANDBOX_PSP_POSTBACKS: 'hold' } });
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let n = 0;
async function buyer() {
  const { client, user } = await registerAndVerify(t, `psp-${++n}@example.com`);
  const { link, id } = await initPurchase(client, c);
  return { client, user, link, id };
}

const outboxOf = async (orderId: number) =>
  (await t.db.select().from(sandboxOutbox)).filter((r) => JSON.parse(r.body).order_id === orderId);

describe('a sandbox payment page', () => {
  it('is submitted once: a second submission sees "already submitted" and changes nothing', async () => {
    const { link, id } = await buyer();
    expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(303);
    const [payment] = await t.db.select().from(sandboxPspPayments).where(eq(sandboxPspPayments.reference, id));
    expect(payment).toMatchObject({ state: 'succeeded', cardLast4: '4242' });
    const books = await t.db.select().from(sandboxPspPayments);
    const outbox = await t.db.select().from(sandboxOutbox);

    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002']) {
      const again = await submitCard(t, link, number);
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('This payment was already submitted');
    }
    const cancel = await t.app.inject({ method: 'POST', url: link.replace('/sandbox/pay?', '/sandbox/pay/cancel?') });
    expect(cancel.statusCode).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('Diese Zahlung wurde bereits abgeschickt');
    expect(await t.db.select().from(sandboxPspPayments)).toEqual(books);
    expect(await t.db.select().from(sandboxOutbox)).toEqual(outbox);
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it('keeps a 3-D Secure challenge single-use too', async () => {
    const { link, id } = await buyer();
    const res = await submitCard(t, link, '4000 0000 0000 3220');
    expect(res.statusCode).toBe(303);
    const challenge = String(res.headers.location);
    // The card page cannot be used a second time while the challenge waits.
    expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(409);
    expect((await submitForm(t, challenge, { code: '1234' })).statusCode).toBe(303);
    const again = await submitForm(t, challenge, { code: '1234' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This payment was already submitted');
    expect((await t.app.inject({ method: 'GET', url: challenge })).statusCode).toBe(409);
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it('does not use up the page with a form that has errors', async () => {
    const { link, id } = await buyer();
    expect((await submitCard(t, link, '4242 4242 4242 4241')).statusCode).toBe(422);
    expect(await t.db.select().from(sandboxPspPayments).where(eq(sandboxPspPayments.reference, id))).toEqual([]);
    expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(303);
  });
});

describe('a postback of the sandbox PSP', () => {
  let restarted: App | null = null;
  afterAll(async () => {
    await restarted?.close();
  });

  it('survives a crash before delivery: the next start sends it, the order is paid and credited once', async () => {
    const { link, id, user } = await buyer();
    expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(303);
    // The payment is booked and its postback waits in the outbox; the shop has heard nothing.
    expect((await outboxOf(id)).map((r) => r.state)).toEqual(['pending']);
    expect((await orderRow(t, id)).state).toBe('pending');

    await t.app.close();
    restarted = await buildApp(
      { ...t.config, payments: { ...t.config.payments, sandboxPostbacks: 'send' } },
      { database: t.database, redis: t.redis, mailTransport: null, storage: t.storage },
    );

    const order = await settledOrder(t, id);
    expect(order.state).toBe('paid');
    expect(await balanceOf(t.db, user.id)).toBe(275);
    expect(await ledgerSum(t.db, user.id)).toBe(275);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))).toHaveLength(1);
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id));
    const [row] = await outboxOf(id);
    expect(event).toMatchObject({ eventId: row?.eventId, outcome: 'applied' });
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
    // Every postback the first process left behind went out.
    for (let i = 0; i < 250 && (await pendingPostbacks(t.db)).length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await pendingPostbacks(t.db)).toEqual([]);
  });
});
