import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPIRY_MS } from '#common/domain/orders.ts';
import { orders, paymentEvents } from '#server/db/schema/billing.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { paymentProvider } from '#server/providers/payment/provider.ts';
import { pspDelivery } from '#server/providers/payment/sandbox-delivery.ts';
import type { PaymentProvider } from '#server/providers/payment/types.ts';
import { createOutboxWorker } from '#server/providers/sandbox-outbox.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
  submitCard,
  submitForm,
} from './billing-fixtures.ts';
import { listUnmatchedCharges } from './data.ts';
import { nextAskDelayMs, RECONCILE_AFTER_MS, type Reconciled, reconcileOrders } from './reconcile.ts';

let t: TestContext;
let c: Catalog;
let provider: PaymentProvider;
beforeAll(async () => {
  // The sandbox PSP books outcomes but sends no postback: as if every postback were lost.
  t = await createTestApp({ env: { SANDBOX_PSP_POSTBACKS: 'hold', RATE_LIMIT_PER_MINUTE: '10000' } });
  c = await loadCatalog(t);
  provider = paymentProvider(t.config, t.db);
});
afterAll(() => t.close());

const logged: Array<{ obj: object; msg: string }> = [];
const log = {
  info: (obj: object, msg: string) => void logged.push({ obj, msg }),
  warn: (obj: object, msg: string) => void logged.push({ obj, msg }),
  error: (obj: object, msg: string) => void logged.push({ obj, msg }),
};
const reconcile = (atMs: number, p = provider) => reconcileOrders(t.app.ctx, p, log, new Date(Date.now() + atMs));
const MINUTES = 60_000;

let n = 0;
async function buyer() {
  const { client, user } = await registerAndVerify(t, `reconcile-${++n}@example.com`);
  const { link, id } = await initPurchase(client, c);
  return { client, user, link, id };
}
const mine = <T extends { orderId: number }>(results: T[], id: number) => results.filter((r) => r.orderId === id);

/** Sends the postbacks the sandbox PSP is holding, as its worker would once the shop is back. */
async function releaseHeldPostbacks() {
  const policy = pspDelivery(t.config.payments.sandboxKey, (request) => t.app.inject(request));
  const worker = createOutboxWorker({ db: t.db, log, policy });
  return worker.tick(new Date(Date.now() + 60 * MINUTES));
}

describe('reconciliation of open orders', () => {
  it('finds a payment whose postback never came, pays the order once, and the late postback changes nothing', async () => {
    const { link, id, user } = await buyer();
    expect((await submitCard(t, link, '4242 4242 4242 4242')).statusCode).toBe(303);
    expect(mine(await reconcile(MINUTES), id)).toEqual([]);
    expect((await orderRow(t, id)).state).toBe('pending');

    expect(mine(await reconcile(RECONCILE_AFTER_MS + MINUTES), id)).toEqual([
      { orderId: id, status: 'settled', outcome: 'applied' },
    ]);
    expect(await orderRow(t, id)).toMatchObject({ state: 'paid', providerTxnId: expect.stringMatching(/^txn_/) });
    expect(await balanceOf(t.db, user.id)).toBe(275);
    const [held] = (await t.db.select().from(sandboxOutbox)).filter((r) => JSON.parse(r.body).order_id === id);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id));
    expect(events).toEqual([expect.objectContaining({ eventId: held?.eventId, outcome: 'applied' })]);
    expect(logged).toContainEqual({
      obj: { orderId: id, status: 'settled', outcome: 'applied', provider: 'sandbox' },
      msg: 'order reconciled',
    });

    // The postback arrives after all, and reconciliation runs again: both change nothing.
    const delivered = (await releaseHeldPostbacks()).filter((a) => a.eventId === held?.eventId);
    expect(delivered).toEqual([expect.objectContaining({ delivered: true })]);
    expect(mine(await reconcile(2 * RECONCILE_AFTER_MS), id)).toEqual([]);
    expect((await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id))).length).toBe(1);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))).toHaveLength(1);
    expect(await ledgerSum(t.db, user.id)).toBe(275);
  });

  it('applies a decline and a cancel the provider reports', async () => {
    const declined = await buyer();
    await submitCard(t, declined.link, '4000 0000 0000 0002');
    const cancelled = await buyer();
    await t.app.inject({ method: 'POST', url: cancelled.link.replace('/sandbox/pay?', '/sandbox/pay/cancel?') });
    await reconcile(RECONCILE_AFTER_MS + MINUTES);
    expect(await orderRow(t, declined.id)).toMatchObject({
      state: 'failed',
      failureCode: 'billing.errors.card_declined',
    });
    expect((await orderRow(t, cancelled.id)).state).toBe('cancelled');
  });

  it('keeps asking about an order with an open challenge or no payment, less often as it ages', async () => {
    const challenged = await buyer();
    const challenge = String((await submitCard(t, challenged.link, '4000 0000 0000 3220')).headers.location);
    const abandoned = await buyer();
    const at = RECONCILE_AFTER_MS + MINUTES;
    const results = await reconcile(at);
    expect(mine(results, challenged.id)).toEqual([{ orderId: challenged.id, status: 'open', outcome: 'open' }]);
    expect(mine(results, abandoned.id)).toEqual([{ orderId: abandoned.id, status: 'none', outcome: 'open' }]);
    const row = await orderRow(t, abandoned.id);
    expect(row.state).toBe('pending');
    const age = Date.now() + at - row.createdAt.getTime();
    expect(Math.abs((row.reconcileAt?.getTime() ?? 0) - (Date.now() + at + nextAskDelayMs(age)))).toBeLessThan(5000);
    // Not asked again before then.
    expect(mine(await reconcile(at + 30_000), abandoned.id)).toEqual([]);
    // The challenge answered (postback held): the next question finds the payment.
    await submitForm(t, challenge, { code: '1234' });
    expect(mine(await reconcile(at + 2 * MINUTES), challenged.id)).toEqual([
      { orderId: challenged.id, status: 'settled', outcome: 'applied' },
    ]);
  });

  it('expires an order never paid after its time, and keeps a charge reported later for refund', async () => {
    const { id, user } = await buyer();
    expect(mine(await reconcile(ORDER_EXPIRY_MS - MINUTES), id)).toEqual([
      { orderId: id, status: 'none', outcome: 'open' },
    ]);
    expect(mine(await reconcile(ORDER_EXPIRY_MS + MINUTES), id)).toEqual([
      { orderId: id, status: 'none', outcome: 'expired' },
    ]);
    const order = await orderRow(t, id);
    expect(order).toMatchObject({ state: 'expired', paidAt: null });
    expect(order.expiredAt).not.toBeNull();
    expect(mine(await reconcile(ORDER_EXPIRY_MS + 2 * 3600_000), id)).toEqual([]);

    const late = sandboxEvent(order);
    expect((await sendPostback(t, late)).statusCode).toBe(200);
    expect((await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, late.event_id)))[0]?.outcome).toBe(
      'charge_after_end',
    );
    expect(await listUnmatchedCharges(t.db)).toContainEqual(
      expect.objectContaining({ orderId: id, txnId: late.txn_id, reason: 'charge_after_end' }),
    );
    expect((await orderRow(t, id)).state).toBe('expired');
    expect(await balanceOf(t.db, user.id)).toBe(0);
  });

  it('expires an order of a provider without a status API only after its time, asking nothing before', async () => {
    let asked = 0;
    const blind: PaymentProvider = {
      ...provider,
      status: async () => {
        asked += 1;
        return { kind: 'unsupported' };
      },
    };
    const { id } = await buyer();
    const before = asked;
    expect(mine(await reconcile(RECONCILE_AFTER_MS + MINUTES, blind), id)).toEqual([
      { orderId: id, status: 'unsupported', outcome: 'open' },
    ]);
    expect(mine(await reconcile(12 * 3600_000, blind), id)).toEqual([]);
    expect(mine(await reconcile(ORDER_EXPIRY_MS + MINUTES, blind), id)).toEqual([
      { orderId: id, status: 'unsupported', outcome: 'expired' },
    ]);
    expect(asked - before).toBe(2);
  });

  it('survives a provider that cannot be reached: asked again later, expired after its time', async () => {
    const failing: PaymentProvider = {
      ...provider,
      status: async () => {
        throw new Error('provider down');
      },
    };
    const { id } = await buyer();
    expect(mine(await reconcile(RECONCILE_AFTER_MS + MINUTES, failing), id)).toEqual([
      { orderId: id, status: 'error', outcome: 'open' },
    ]);
    expect(mine(await reconcile(ORDER_EXPIRY_MS + MINUTES, failing), id)).toEqual([
      { orderId: id, status: 'error', outcome: 'expired' },
    ]);
  });
});

describe('reconciliation with a slow provider', () => {
  it('holds an order only while it is asked about: another process never asks about it again meanwhile', async () => {
    // Sixty open orders, and a provider that takes the whole timeout (5 s) over every answer.
    const { id } = await buyer();
    const { id: _, ...copy } = await orderRow(t, id);
    const copies = await t.db
      .insert(orders)
      .values(Array.from({ length: 59 }, () => copy))
      .returning({ id: orders.id });
    const ids = [id, ...copies.map((r) => r.id)];
    const start = Date.now() + 3 * ORDER_EXPIRY_MS;
    let now = start;
    const clock = () => new Date(now);
    const asked: number[] = [];
    const fast: PaymentProvider = {
      ...provider,
      status: async (order) => {
        asked.push(order.id);
        return { kind: 'none' };
      },
    };
    let secondRun: Promise<Reconciled[]> | null = null;
    const slow: PaymentProvider = {
      ...provider,
      status: async (order) => {
        asked.push(order.id);
        now += 5_000;
        // Three minutes into this run another process starts its own, on the same clock.
        if (!secondRun && now - start >= 3 * MINUTES) {
          secondRun = reconcileOrders(t.app.ctx, fast, log, clock);
          await secondRun;
        }
        return { kind: 'none' };
      },
    };
    await reconcileOrders(t.app.ctx, slow, log, clock);
    expect(secondRun).not.toBeNull();
    for (const orderId of ids)
      expect(
        asked.filter((a) => a === orderId),
        `order ${orderId}`,
      ).toHaveLength(1);
    const states = await t.db.select({ id: orders.id, state: orders.state }).from(orders);
    for (const orderId of ids) expect(states.find((s) => s.id === orderId)?.state).toBe('expired');
  });
});

describe.skipIf(!testServices().databaseUrl)('reconciliation under real concurrency (PostgreSQL only)', () => {
  it('asks about each order once when several processes reconcile at the same moment', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await buyer()).id);
    const asked: number[] = [];
    const counting: PaymentProvider = {
      ...provider,
      status: async (order) => {
        asked.push(order.id);
        await new Promise((r) => setTimeout(r, 5));
        return { kind: 'none' };
      },
    };
    const at = new Date(Date.now() + 3 * ORDER_EXPIRY_MS);
    await Promise.all(Array.from({ length: 4 }, () => reconcileOrders(t.app.ctx, counting, log, at)));
    for (const id of ids) expect(asked.filter((a) => a === id)).toHaveLength(1);
    const states = await t.db.select({ id: orders.id, state: orders.state }).from(orders);
    for (const id of ids) expect(states.find((s) => s.id === id)?.state).toBe('expired');
  });
});
