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
import { expectUnchanged, openMember, postForm } from '#server/test/members-console.ts';
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
const refundUrl = (userId: number, orderId: number) => `/admin/members/${userId}/orders/${orderId}/refund`;

describe('refunding an order', () => {
  it('asks the sandbox PSP, whose refund postback reclaims the coins and marks the order refunded; once', async () => {
    const m = await paidOnSandbox();
    expect(await balanceOf(t.db, m.id)).toBe(275);
    const { operator, client } = await deskOperator(t, ['support']);
    const { res, form } = await openMember(client, m.id);
    const paid = await orderRow(t, m.orderId);
    expect(res.body).toContain(`BS${m.orderId}`);
    expect(res.body).toContain(String(paid.providerTxnId));
    expect(res.body).toContain(`action="${refundUrl(m.id, m.orderId)}"`);

    const fields = { token: form.token, reason: 'Member did not mean to buy' };
    const done = await postForm(client, refundUrl(m.id, m.orderId), fields);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(`/admin/members/${m.id}?done=refundDelivered&order=${m.orderId}#notice`);
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
      },
    ]);
    const page = (await client.raw('GET', done.headers.location as string)).body;
    expect(page).toContain(`The provider refunded BS${m.orderId}`);
    expect(page).toContain('Refunded by the provider');
    expect(page).not.toContain(`action="${refundUrl(m.id, m.orderId)}"`);

    // A second click: nothing asked, nothing booked.
    const again = await expectUnchanged(t, () => postForm(client, refundUrl(m.id, m.orderId), fields), 303);
    expect(again.headers.location).toContain('done=refundRequested');
  });

  it('asks once when two clicks arrive together', async () => {
    const m = await paidOnSandbox();
    const { client, form } = await (async () => {
      const o = await deskOperator(t, ['admin']);
      return { client: o.client, form: (await openMember(o.client, m.id)).form };
    })();
    const fields = { token: form.token, reason: 'Twice' };
    const answers = await Promise.all([
      postForm(client, refundUrl(m.id, m.orderId), fields),
      postForm(client, refundUrl(m.id, m.orderId), fields),
    ]);
    expect(answers.map((a) => a.headers.location?.match(/done=(\w+)/)?.[1]).sort()).toEqual([
      'refundDelivered',
      'refundRequested',
    ]);
    expect((await requestsOf(m.orderId)).length).toBe(1);
    expect((await auditOf(m.orderId)).length).toBe(1);
    expect(await ledgerSum(t.db, m.id)).toBe(await balanceOf(t.db, m.id));
  });

  it('records a refusal of the PSP (a payment it did not take) and lets a later request try again', async () => {
    const m = await buyer();
    const { id } = await initPurchase(m.client, c);
    const order = await orderRow(t, id);
    expect((await sendPostback(t, sandboxEvent(order))).statusCode).toBe(200);
    const { client } = await deskOperator(t, ['support']);
    const { form } = await openMember(client, m.id);
    const res = await postForm(client, refundUrl(m.id, id), { token: form.token, reason: 'Try' });
    expect(res.headers.location).toContain('done=refundRefused');
    expect((await orderRow(t, id)).state).toBe('paid');
    expect(await balanceOf(t.db, m.id)).toBe(275);
    expect(await requestsOf(id)).toMatchObject([{ outcome: 'refused' }]);
    const page = (await client.raw('GET', res.headers.location as string)).body;
    expect(page).toContain('Refund declined by the provider');
    expect(page).toContain(`action="${refundUrl(m.id, id)}"`);
    await postForm(client, refundUrl(m.id, id), { token: form.token, reason: 'Again' });
    expect((await requestsOf(id)).length).toBe(2);
  });

  it('for a FlexPay order records the request and points to the Verotel Control Center', async () => {
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
    const { form } = await openMember(client, m.id);
    const res = await postForm(client, refundUrl(m.id, id), { token: form.token, reason: 'Kulanz' });
    expect(res.headers.location).toContain('done=refundManual');
    expect((await orderRow(t, id)).state).toBe('paid');
    expect(await requestsOf(id)).toMatchObject([{ outcome: 'manual', provider: 'flexpay' }]);
    const page = (await client.raw('GET', res.headers.location as string)).body;
    expect(page).toContain(`Erstatten Sie BS${id} im Verotel Control Center`);
    expect(page).not.toContain(`action="${refundUrl(m.id, id)}"`);
    await expectUnchanged(t, () => postForm(client, refundUrl(m.id, id), { token: form.token, reason: 'Kulanz' }), 303);
  });

  it("refuses unpaid orders, other members' orders, wrong roles, forged and incomplete forms", async () => {
    const m = await buyer();
    const other = await paidOnSandbox();
    const { id: pending } = await initPurchase(m.client, c);
    const { client } = await deskOperator(t, ['support']);
    const { form } = await openMember(client, m.id);
    const ok = { token: form.token, reason: 'x' };
    expect((await expectUnchanged(t, () => postForm(client, refundUrl(m.id, pending), ok), 422)).body).toContain(
      'Only a paid order can be refunded.',
    );
    await expectUnchanged(t, () => postForm(client, refundUrl(m.id, other.orderId), ok), 404);
    await expectUnchanged(t, () => postForm(client, refundUrl(m.id, 99_999_999), ok), 404);
    await expectUnchanged(t, () => postForm(client, `/admin/members/${m.id}/orders/x/refund`, ok), 404);
    const url = refundUrl(other.id, other.orderId);
    await expectUnchanged(t, () => postForm(client, url, { reason: 'no token' }), 403);
    await expectUnchanged(t, () => postForm(client, url, ok, { origin: 'https://evil.example' }), 403);
    await expectUnchanged(t, () => postForm(client, url, { token: form.token, reason: ' ' }), 422);
    const moderator = await deskOperator(t, ['moderator']);
    await expectUnchanged(t, () => postForm(moderator.client, url, ok), 403);
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
    const { form } = await openMember(desk.client, user.id);
    const res = await postForm(desk.client, refundUrl(user.id, id), { token: form.token, reason: 'Held' });
    expect(res.headers.location).toContain('done=refundQueued');
    // The console took nothing: the order is paid and the coins are hers until the PSP reports.
    expect((await orderRow(h, id)).state).toBe('paid');
    expect(await balanceOf(h.db, user.id)).toBe(275);
    expect((await desk.client.raw('GET', `/admin/members/${user.id}`)).body).toContain(
      'Refund booked; the postback is on its way',
    );
    await deliverHeld(id);
    expect((await orderRow(h, id)).state).toBe('refunded');
    expect(await balanceOf(h.db, user.id)).toBe(0);
    expect(await ledgerSum(h.db, user.id)).toBe(0);
  });
});
