import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, unmatchedCharges } from '#server/db/schema/billing.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { eventOf } from '#server/providers/payment/sandbox.ts';
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
} from './billing-fixtures.ts';
import { listUnmatchedCharges } from './data.ts';
import { applyAndReport } from './outcomes.ts';

/** A second success for a paid order is a duplicate charge: kept for refund, never credited. */

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@livecam.example' } });
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let n = 0;
async function paidOrder() {
  const { client, user } = await registerAndVerify(t, `duplicate-${++n}@example.com`);
  const { id } = await initPurchase(client, c);
  const first = sandboxEvent(await orderRow(t, id));
  expect((await sendPostback(t, first)).statusCode).toBe(200);
  return { client, userId: user.id, order: await orderRow(t, id), first };
}

const outcomeOf = async (eventId: string) =>
  (await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;
const supportMails = async () => (await t.mails()).filter((m) => m.template === 'unmatched_charge');

describe('a second success for a paid order', () => {
  it('with another transaction is a duplicate charge: kept for refund, mailed to support, never credited', async () => {
    const { order, userId, client } = await paidOrder();
    const mailsBefore = (await supportMails()).length;
    const second = sandboxEvent(order, { card_last4: '4242' });
    const res = await sendPostback(t, second);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await outcomeOf(second.event_id)).toBe('duplicate_charge');
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid', providerTxnId: order.providerTxnId });
    expect(await balanceOf(t.db, userId)).toBe(275);
    expect(await ledgerSum(t.db, userId)).toBe(275);

    const open = await listUnmatchedCharges(t.db);
    expect(open).toContainEqual(
      expect.objectContaining({
        orderId: order.id,
        userId,
        provider: 'sandbox',
        txnId: second.txn_id,
        eventId: second.event_id,
        amountCents: 2500,
        currency: 'EUR',
        reason: 'duplicate_charge',
        resolvedAt: null,
      }),
    );
    const mails = await supportMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ toAddress: 'help@livecam.example', locale: 'en' });
    expect(mails[0]?.subject).toBe(`Refund needed: BS${order.id}, transaction ${second.txn_id}`);
    expect(mails[0]?.textBody).toContain('a second charge for an order that was already paid');
    expect(mails[0]?.textBody).toContain('€25.00');
    // The member's order stays paid; their view of it is unchanged.
    expect((await client.get(`/api/billing/orders/${order.id}`)).json().order.state).toBe('paid');

    // The same duplicate again, under its own or under another event id: one record, one mail.
    const after = await billingState(t);
    expect((await sendPostback(t, second)).statusCode).toBe(200);
    expect(await billingState(t)).toEqual(after);
    const again = { ...second, event_id: `${second.event_id}_again` };
    expect((await sendPostback(t, again)).statusCode).toBe(200);
    expect(await outcomeOf(again.event_id)).toBe('duplicate_charge');
    expect(await t.db.select().from(unmatchedCharges).where(eq(unmatchedCharges.txnId, second.txn_id))).toHaveLength(1);
    expect(await supportMails()).toHaveLength(mailsBefore + 1);
    expect(await balanceOf(t.db, userId)).toBe(275);
  });

  it('with the same transaction is a harmless replay', async () => {
    const { order, userId, first } = await paidOrder();
    const before = await listUnmatchedCharges(t.db, { all: true });
    const mailsBefore = (await supportMails()).length;
    const replay = { ...first, event_id: `${first.event_id}_retry` };
    expect((await sendPostback(t, replay)).statusCode).toBe(200);
    expect(await outcomeOf(replay.event_id)).toBe('ignored:same_txn');
    expect(await listUnmatchedCharges(t.db, { all: true })).toEqual(before);
    expect(await supportMails()).toHaveLength(mailsBefore);
    expect(await balanceOf(t.db, userId)).toBe(275);
    expect((await orderRow(t, order.id)).state).toBe('paid');
  });

  it('after a refund is a duplicate charge as well', async () => {
    const { order, userId, first } = await paidOrder();
    await sendPostback(t, sandboxEvent(order, { type: 'payment.refunded', txn_id: first.txn_id }));
    const late = sandboxEvent(order);
    await sendPostback(t, late);
    expect(await outcomeOf(late.event_id)).toBe('duplicate_charge');
    expect((await orderRow(t, order.id)).state).toBe('refunded');
    expect(await balanceOf(t.db, userId)).toBe(0);
  });

  it('is logged as a warning with the order, and without card data', async () => {
    const { order } = await paidOrder();
    const warnings: Array<{ obj: object; msg: string }> = [];
    const log = {
      info: () => {},
      warn: (obj: object, msg: string) => void warnings.push({ obj, msg }),
      error: () => {},
    };
    const second = sandboxEvent(order, { card_last4: '4242' });
    const applied = await applyAndReport(t.app.ctx, 'sandbox', eventOf(second), log, 'postback');
    expect(applied).toMatchObject({ outcome: 'duplicate_charge', orderId: order.id });
    expect(warnings).toEqual([
      {
        obj: {
          orderId: order.id,
          provider: 'sandbox',
          eventId: second.event_id,
          txnId: second.txn_id,
          state: 'paid',
          reason: 'duplicate_charge',
        },
        msg: 'charge kept for refund',
      },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('4242');
  });
});
