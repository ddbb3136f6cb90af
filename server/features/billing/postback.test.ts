import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import { orders, paymentEvents, unmatchedCharges } from '#server/db/schema/billing.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { debit } from '#server/features/coins/mutations.ts';
import { paymentProvider } from '#server/providers/payment/provider.ts';
import { SANDBOX_POSTBACK_PATH } from '#server/providers/payment/sandbox.ts';
import { SIGNATURE_HEADER } from '#server/providers/payment/signing.ts';
import { signWebhook } from '#server/providers/webhook-signature.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  billingState,
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
  settledOrder,
  stateOf,
  submitCard,
} from './billing-fixtures.ts';

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let n = 0;
async function pendingOrder() {
  const { client, user } = await registerAndVerify(t, `postback-${++n}@example.com`);
  const { id } = await initPurchase(client, c);
  return { client, userId: user.id, order: await orderRow(t, id) };
}

async function paidOrder() {
  const p = await pendingOrder();
  const event = sandboxEvent(p.order);
  expect((await sendPostback(t, event)).statusCode).toBe(200);
  return { ...p, txn: event.txn_id, order: await orderRow(t, p.order.id) };
}

const outcomeOf = async (eventId: string) =>
  (await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;
const chargeOf = async (txnId: string) =>
  (await t.db.select().from(unmatchedCharges).where(eq(unmatchedCharges.txnId, txnId)))[0];
/** The mail to support about the charge of this transaction. */
const supportMail = async (txnId: string) =>
  (await t.mails()).find((m) => m.template === 'unmatched_charge' && m.subject.includes(txnId));

/** A postback that must be refused with `status`, leaving every table as it was. */
async function expectPostbackRefused(send: () => Promise<{ statusCode: number }>, status: number) {
  const before = await billingState(t);
  expect((await send()).statusCode).toBe(status);
  expect(await billingState(t)).toEqual(before);
}

describe('POST /api/billing/postback/sandbox refuses', () => {
  it('forged, stale, altered, unsigned and malformed postbacks, storing nothing', async () => {
    const { order } = await pendingOrder();
    const event = sandboxEvent(order);
    const body = JSON.stringify(event);
    const post = (payload: string, headers: Record<string, string>) => () =>
      t.app.inject({ method: 'POST', url: SANDBOX_POSTBACK_PATH, payload, headers });
    const json = { 'content-type': 'application/json' };
    await expectPostbackRefused(() => sendPostback(t, event, { key: 'a-forged-key' }), 401);
    await expectPostbackRefused(() => sendPostback(t, event, { now: Date.now() - 6 * 60_000 }), 401);
    const signature = signWebhook(t.config.payments.sandboxKey, body);
    await expectPostbackRefused(
      post(body.replace('"amount_cents":2500', '"amount_cents":25'), { ...json, [SIGNATURE_HEADER]: signature }),
      401,
    );
    await expectPostbackRefused(post(body, json), 401);
    await expectPostbackRefused(post(body, { ...json, [SIGNATURE_HEADER]: 'v1=deadbeef' }), 401);
    const broken = '{"event_id": "evt_1", ';
    await expectPostbackRefused(
      post(broken, { ...json, [SIGNATURE_HEADER]: signWebhook(t.config.payments.sandboxKey, broken) }),
      400,
    );
    const wrongTyped = JSON.stringify({ ...event, amount_cents: '2500', extra: 1 });
    await expectPostbackRefused(
      post(wrongTyped, { ...json, [SIGNATURE_HEADER]: signWebhook(t.config.payments.sandboxKey, wrongTyped) }),
      400,
    );
    const huge = JSON.stringify({ ...event, event_id: 'x'.repeat(20_000) });
    await expectPostbackRefused(
      post(huge, { ...json, [SIGNATURE_HEADER]: signWebhook(t.config.payments.sandboxKey, huge) }),
      413,
    );
    await expectPostbackRefused(post(body, { 'content-type': 'text/plain', [SIGNATURE_HEADER]: signature }), 415);
    expect(await stateOf(t, order.id)).toBe('pending');
  });
});

describe('postback processing', () => {
  it('credits once when the same postback is delivered again', async () => {
    const { order, userId } = await pendingOrder();
    const event = sandboxEvent(order);
    expect((await sendPostback(t, event)).statusCode).toBe(200);
    const after = await billingState(t);
    const again = await sendPostback(t, event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true });
    expect(await billingState(t)).toEqual(after);
    expect(await balanceOf(t.db, userId)).toBe(275);
  });

  it('stores events out of order as ignored and changes nothing', async () => {
    const { order, userId } = await pendingOrder();
    const refund = sandboxEvent(order, { type: 'payment.refunded' });
    expect((await sendPostback(t, refund)).statusCode).toBe(200);
    expect(await outcomeOf(refund.event_id)).toBe('ignored:out_of_order');
    expect(await stateOf(t, order.id)).toBe('pending');

    const cancel = sandboxEvent(order, { type: 'payment.cancelled' });
    expect((await sendPostback(t, cancel)).statusCode).toBe(200);
    expect(await stateOf(t, order.id)).toBe('cancelled');
    // Money taken for an order that ended unpaid: kept for refund (duplicates.test.ts), never credited.
    const late = sandboxEvent(order);
    expect((await sendPostback(t, late)).statusCode).toBe(200);
    expect(await outcomeOf(late.event_id)).toBe('charge_after_end');
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'cancelled', paidAt: null, providerTxnId: null });
    expect(await balanceOf(t.db, userId)).toBe(0);
  });

  it('keeps a charge whose amount or currency differs from the order for refund, and credits nothing', async () => {
    const { order, userId } = await pendingOrder();
    const cheaper = sandboxEvent(order, { amount_cents: 100 });
    const dollars = sandboxEvent(order, { currency: 'USD' });
    for (const e of [cheaper, dollars]) {
      expect((await sendPostback(t, e)).statusCode).toBe(200);
      expect(await outcomeOf(e.event_id)).toBe('amount_mismatch');
      expect(await chargeOf(e.txn_id)).toMatchObject({
        orderId: order.id,
        userId,
        eventId: e.event_id,
        amountCents: e.amount_cents,
        currency: e.currency,
        reason: 'amount_mismatch',
      });
      expect((await supportMail(e.txn_id))?.textBody).toContain('amount or currency differs from the order');
    }
    expect(await stateOf(t, order.id)).toBe('pending');
    expect(await balanceOf(t.db, userId)).toBe(0);
  });

  it('keeps a charge for an unknown order or for an order of another provider for refund', async () => {
    const unknown = sandboxEvent({ id: 987_654, amountCents: 2500 });
    const huge = sandboxEvent({ id: 9_000_000_000, amountCents: 2500 });
    for (const e of [unknown, huge]) {
      expect((await sendPostback(t, e)).statusCode).toBe(200);
      expect(await outcomeOf(e.event_id)).toBe('unknown_order');
      expect(await chargeOf(e.txn_id)).toMatchObject({ orderId: null, userId: null, reason: 'unknown_order' });
    }
    const mail = await supportMail(unknown.txn_id);
    expect(mail?.subject).toBe(`Refund needed: no order of ours, transaction ${unknown.txn_id}`);
    expect(mail?.textBody).toContain('a charge for an order we do not know');
    expect(mail?.textBody).toContain('member unknown');
    // Anything but a charge for an unknown order took no money: it stays ignored.
    const refund = sandboxEvent({ id: 987_655, amountCents: 2500 }, { type: 'payment.refunded' });
    expect((await sendPostback(t, refund)).statusCode).toBe(200);
    expect(await outcomeOf(refund.event_id)).toBe('ignored:unknown_order');
    expect(await chargeOf(refund.txn_id)).toBeUndefined();

    const { userId } = await pendingOrder();
    const [other] = await t.db
      .insert(orders)
      .values({
        userId,
        paymentTypeId: c.card,
        productId: c.p100,
        provider: 'flexpay',
        state: 'pending',
        coins: 100,
        amountCents: 1000,
        currency: 'EUR',
        locale: 'en',
        withdrawalWaiverAt: new Date(),
        withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
      })
      .returning();
    if (!other) throw new Error('no order');
    const wrong = sandboxEvent(other);
    expect((await sendPostback(t, wrong)).statusCode).toBe(200);
    expect(await outcomeOf(wrong.event_id)).toBe('other_provider');
    expect(await chargeOf(wrong.txn_id)).toMatchObject({ orderId: other.id, userId, reason: 'other_provider' });
    expect((await supportMail(wrong.txn_id))?.subject).toBe(
      `Refund needed: BS${other.id}, transaction ${wrong.txn_id}`,
    );
    expect(await stateOf(t, other.id)).toBe('pending');
    expect(await balanceOf(t.db, userId)).toBe(0);
  });

  it('takes the coins back on a refund', async () => {
    const { order, userId, txn } = await paidOrder();
    const refund = sandboxEvent(order, { type: 'payment.refunded', txn_id: txn });
    expect((await sendPostback(t, refund)).statusCode).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'refunded', shortfallCoins: 0 });
    expect((await orderRow(t, order.id)).reversedAt).not.toBeNull();
    expect(await balanceOf(t.db, userId)).toBe(0);
    expect(await ledgerSum(t.db, userId)).toBe(0);
    const rows = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
    expect(rows.map((r) => [r.delta, r.reason])).toEqual([
      [275, 'purchase'],
      [-275, 'refund'],
    ]);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
    expect(wallet?.flagged).toBe(false);
    // A chargeback after the refund, or the refund again, changes nothing.
    const after = await billingState(t);
    expect((await sendPostback(t, refund)).statusCode).toBe(200);
    const chargeback = sandboxEvent(order, { type: 'payment.chargeback', txn_id: txn });
    expect((await sendPostback(t, chargeback)).statusCode).toBe(200);
    expect(await outcomeOf(chargeback.event_id)).toBe('ignored:out_of_order');
    const { paymentEvents: _, ...rest } = await billingState(t);
    const { paymentEvents: __, ...restBefore } = after;
    expect(rest).toEqual(restBefore);
  });

  it('on a chargeback of spent coins takes what is left, records the shortfall and flags the wallet', async () => {
    const { order, userId, txn, client } = await paidOrder();
    const spent = await debit(t.app.ctx, { userId, amount: 200, reason: 'spend', idempotencyKey: `spend:${order.id}` });
    expect(spent).toMatchObject({ ok: true, balance: 75 });
    const chargeback = sandboxEvent(order, { type: 'payment.chargeback', txn_id: txn });
    expect((await sendPostback(t, chargeback)).statusCode).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'charged_back', shortfallCoins: 200 });
    expect(await balanceOf(t.db, userId)).toBe(0);
    expect(await ledgerSum(t.db, userId)).toBe(0);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
    expect(wallet).toMatchObject({ balance: 0, flagged: true });
    // The flagged member cannot buy again until support has looked.
    expect(
      (await client.post('/api/billing/init', { paymenttypeid: c.card, productid: c.p100, withdrawal_waiver: true }))
        .statusCode,
    ).toBe(403);
  });

  it('ignores a reversal of another transaction', async () => {
    const { order, userId } = await paidOrder();
    const refund = sandboxEvent(order, { type: 'payment.refunded', txn_id: 'txn_unknown' });
    expect((await sendPostback(t, refund)).statusCode).toBe(200);
    expect(await outcomeOf(refund.event_id)).toBe('ignored:txn');
    expect(await stateOf(t, order.id)).toBe('paid');
    expect(await balanceOf(t.db, userId)).toBe(275);
  });
});

describe('the sandbox back office', () => {
  const backoffice = (body: object, key?: string) => {
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/sandbox/pay/backoffice',
      payload,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(key ?? t.config.payments.sandboxKey, payload),
      },
    });
  };

  it('sends a signed refund postback for a payment it made, once', async () => {
    const { order, userId } = await pendingOrder();
    const link = (await paymentProvider(t.config, t.db).createPayment({ ...order, locale: 'en' })).link;
    expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(303);
    expect((await settledOrder(t, order.id)).state).toBe('paid');
    const res = await backoffice({ action: 'refund', billing_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ delivered: true, attempts: 1, lastStatus: 200 });
    expect(await stateOf(t, order.id)).toBe('refunded');
    expect(await balanceOf(t.db, userId)).toBe(0);
    expect((await backoffice({ action: 'chargeback', billing_id: order.id })).statusCode).toBe(404);
  });

  it('refuses unsigned requests, unknown and unpaid orders, and orders it did not take the money for', async () => {
    const { order } = await pendingOrder();
    // Paid by a postback the sandbox never sent: not a payment of its books.
    const { order: elsewhere } = await paidOrder();
    expect((await backoffice({ action: 'refund', billing_id: elsewhere.id })).statusCode).toBe(404);
    const before = await billingState(t);
    expect((await backoffice({ action: 'refund', billing_id: order.id }, 'wrong')).statusCode).toBe(401);
    expect((await backoffice({ action: 'refund', billing_id: order.id })).statusCode).toBe(404);
    expect((await backoffice({ action: 'refund', billing_id: 999_999 })).statusCode).toBe(404);
    expect((await backoffice({ action: 'steal', billing_id: order.id })).statusCode).toBe(400);
    expect(await billingState(t)).toEqual(before);
  });
});
