import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { orders } from '#server/db/schema/billing.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import {
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
  settledOrder,
  submitCard,
} from '#server/features/billing/billing-fixtures.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import type { SandboxPostback } from '#server/providers/payment/sandbox.ts';
import { pendingPostbacks } from '#server/providers/payment/sandbox-records.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged } from '#server/test/members-console.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { deskOperator } from '#server/test/support-desk.ts';

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let made = 0;
async function buyer() {
  made += 1;
  const { client, user } = await registerAndVerify(t, `refund-${made}@example.com`);
  return { client, id: user.id as number };
}

/** A purchase paid on the sandbox PSP's page: its books hold the payment. */
async function paidOnSandbox() {
  const m = await buyer();
  const { id, link } = await initPurchase(m.client, c);
  expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(303);
  expect((await settledOrder(t, id)).state).toBe('paid');
  return { ...m, orderId: id };
}

const requestsOf = (orderId: number) => t.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
const auditOf = (orderId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(orderId))));
const refundUrl = (userId: number, orderId: number) => `/api/admin/members/${userId}/orders/${orderId}/refund`;
const ordersOf = async (client: Awaited<ReturnType<typeof deskOperator>>['client'], userId: number) =>
  (await client.get(`/api/admin/members/${userId}/orders`)).json().rows as {
    id: number;
    refund: string | null;
    refundable: boolean;
    providerTxnId: string | null;
  }[];

describe('POST /api/admin/members/:id/orders/:orderId/refund', () => {
  it('asks the sandbox PSP, whose refund postback reclaims the coins and marks the order refunded; once', async () => {
    const m = await paidOnSandbox();
    expect(await balanceOf(t.db, m.id)).toBe(275);
    const { operator, client } = await deskOperator(t, ['support']);
    const paid = await orderRow(t, m.orderId);
    expect(await ordersOf(client, m.id)).toMatchObject([
      { id: m.orderId, providerTxnId: paid.providerTxnId, refund: null, refundable: true },
    ]);

    const key = newActionKey();
    const body = { reason: 'Member did not mean to buy' };
    const done = await act(client, 'POST', refundUrl(m.id, m.orderId), body, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ outcome: 'done', orderId: m.orderId, refund: 'delivered' });
    expect((await orderRow(t, m.orderId)).state).toBe('refunded');
    expect(await balanceOf(t.db, m.id)).toBe(0);
    expect(await ledgerSum(t.db, m.id)).toBe(0);
    expect(await requestsOf(m.orderId)).toMatchObject([
      { outcome: 'delivered', provider: 'sandbox', operatorId: operator.id },
    ]);
    expect(await auditOf(m.orderId)).toMatchObject([
      {
        operatorId: operator.id,
        action: 'order.refund_request',
        after: { provider: 'sandbox', userId: m.id },
        reason: 'Member did not mean to buy',
        formKey: key,
      },
    ]);
    expect(await ordersOf(client, m.id)).toMatchObject([{ id: m.orderId, refund: 'delivered', refundable: false }]);

    // The same key again: a repeat. Another key: nothing asked, nothing booked.
    const repeat = await expectUnchanged(t, () => act(client, 'POST', refundUrl(m.id, m.orderId), body, key), 200);
    expect(repeat.json()).toEqual({ outcome: 'repeat', orderId: m.orderId, refund: 'delivered' });
    const again = await expectUnchanged(t, () => act(client, 'POST', refundUrl(m.id, m.orderId), body), 200);
    expect(again.json()).toEqual({ outcome: 'unchanged', orderId: m.orderId, refund: 'delivered' });
  });

  it('asks once when two clicks arrive together, under one key or two', async () => {
    for (const sameKey of [true, false]) {
      const m = await paidOnSandbox();
      const { client } = await deskOperator(t, ['admin']);
      const key = newActionKey();
      const answers = await Promise.all(
        [0, 1].map(() =>
          act(client, 'POST', refundUrl(m.id, m.orderId), { reason: 'Twice' }, sameKey ? key : newActionKey()),
        ),
      );
      expect(answers.map((a) => a.json().outcome).sort()).toEqual(['done', sameKey ? 'repeat' : 'unchanged']);
      expect((await requestsOf(m.orderId)).length).toBe(1);
      expect((await auditOf(m.orderId)).length).toBe(1);
      expect(await ledgerSum(t.db, m.id)).toBe(await balanceOf(t.db, m.id));
    }
  });

  it('records a refusal of the PSP (a payment it did not take) and lets a later request try again', async () => {
    const m = await buyer();
    const { id } = await initPurchase(m.client, c);
    const order = await orderRow(t, id);
    expect((await sendPostback(t, sandboxEvent(order))).statusCode).toBe(200);
    const { client } = await deskOperator(t, ['support']);
    const res = await act(client, 'POST', refundUrl(m.id, id), { reason: 'Try' });
    expect(res.json()).toEqual({ outcome: 'done', orderId: id, refund: 'refused' });
    expect((await orderRow(t, id)).state).toBe('paid');
    expect(await balanceOf(t.db, m.id)).toBe(275);
    expect(await requestsOf(id)).toMatchObject([{ outcome: 'refused' }]);
    expect(await ordersOf(client, m.id)).toMatchObject([{ id, refund: 'refused', refundable: true }]);
    expect((await act(client, 'POST', refundUrl(m.id, id), { reason: 'Again' })).json().outcome).toBe('done');
    expect((await requestsOf(id)).length).toBe(2);
  });

  it('for a FlexPay order records the request and leaves the refund to the Verotel Control Center', async () => {
    const m = await buyer();
    const [row] = await t.db
      .insert(orders)
      .values({
        userId: m.id,
        paymentTypeId: c.card,
        productId: c.p250,
        provider: 'flexpay',
        providerTxnId: '9876543',
        state: 'paid',
        coins: 250,
        bonusCoins: 25,
        amountCents: 2500,
        currency: 'EUR',
        locale: 'en',
        withdrawalWaiverAt: new Date(),
        withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    const id = row?.id ?? 0;
    const { client } = await deskOperator(t, ['support'], 'de');
    const res = await act(client, 'POST', refundUrl(m.id, id), { reason: 'Kulanz' });
    expect(res.json()).toEqual({ outcome: 'done', orderId: id, refund: 'manual' });
    expect((await orderRow(t, id)).state).toBe('paid');
    expect(await requestsOf(id)).toMatchObject([{ outcome: 'manual', provider: 'flexpay' }]);
    expect(await ordersOf(client, m.id)).toMatchObject([{ id, refund: 'manual', refundable: false }]);
    const again = await expectUnchanged(t, () => act(client, 'POST', refundUrl(m.id, id), { reason: 'Kulanz' }), 200);
    expect(again.json().outcome).toBe('unchanged');
  });

  it("refuses unpaid orders, other members' orders, wrong roles, missing keys and reasons, changing nothing", async () => {
    const m = await buyer();
    const other = await paidOnSandbox();
    const { id: pending } = await initPurchase(m.client, c);
    const { client } = await deskOperator(t, ['support']);
    const ok = { reason: 'x' };
    const unpaid = await expectUnchanged(t, () => act(client, 'POST', refundUrl(m.id, pending), ok), 409);
    expect(unpaid.json()).toMatchObject({ error: 'conflict', message: 'not_paid' });
    const foreign = await expectUnchanged(t, () => act(client, 'POST', refundUrl(m.id, other.orderId), ok), 404);
    expect(foreign.json()).toMatchObject({ message: 'order_not_found' });
    await expectUnchanged(t, () => act(client, 'POST', refundUrl(m.id, 99_999_999), ok), 404);
    await expectUnchanged(t, () => act(client, 'POST', `/api/admin/members/${m.id}/orders/x/refund`, ok), 422);
    const url = refundUrl(other.id, other.orderId);
    await expectUnchanged(t, () => client.request('POST', url, ok), 400);
    await expectUnchanged(t, () => act(client, 'POST', url, { reason: ' ' }), 422);
    await expectUnchanged(t, () => act(client, 'POST', url, {}), 422);
    const moderator = await deskOperator(t, ['moderator']);
    await expectUnchanged(t, () => act(moderator.client, 'POST', url, ok), 403);
    expect((await orderRow(t, other.orderId)).state).toBe('paid');
  });
});

describe('refunding while the PSP holds its postbacks', () => {
  let h: TestContext;
  beforeAll(async () => {
    h = await createTestApp({ env: { SANDBOX_PSP_POSTBACKS: 'hold' } });
  });
  afterAll(() => h.close());

  /** Delivers what the PSP holds for the order, signed as it signs it. */
  async function deliverHeld(orderId: number) {
    for (const held of await pendingPostbacks(h.db)) {
      const postback = JSON.parse(held.body) as SandboxPostback;
      if (postback.order_id === orderId) expect((await sendPostback(h, postback)).statusCode).toBe(200);
    }
  }

  it('records the refund as queued; the coins come back only when its postback arrives', async () => {
    const hc = await loadCatalog(h);
    const { client, user } = await registerAndVerify(h, 'refund-held@example.com');
    const { id, link } = await initPurchase(client, hc);
    expect((await submitCard(h, link, '4242 4242 4242 4242')).statusCode).toBe(303);
    await deliverHeld(id);
    expect((await orderRow(h, id)).state).toBe('paid');
    const desk = await deskOperator(h, ['support']);
    const res = await act(desk.client, 'POST', refundUrl(user.id, id), { reason: 'Held' });
    expect(res.json()).toEqual({ outcome: 'done', orderId: id, refund: 'queued' });
    // The console took nothing: the order is paid and the coins are hers until the PSP reports.
    expect((await orderRow(h, id)).state).toBe('paid');
    expect(await balanceOf(h.db, user.id)).toBe(275);
    expect((await desk.client.get(`/api/admin/members/${user.id}/orders`)).json().rows).toMatchObject([
      { id, refund: 'queued', refundable: false },
    ]);
    await deliverHeld(id);
    expect((await orderRow(h, id)).state).toBe('refunded');
    expect(await balanceOf(h.db, user.id)).toBe(0);
    expect(await ledgerSum(h.db, user.id)).toBe(0);
  });
});
