import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import { orders, paymentEvents } from '#server/db/schema/billing.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { users } from '#server/db/schema/users.ts';
import { type Catalog, loadCatalog } from '#server/features/billing/billing-fixtures.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { credit, transfer } from '#server/features/coins/mutations.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { erasedEmail } from './erasure-steps.ts';
import { deleteKeptRecords, dueAccounts } from './retention.ts';

/** The end of an erased member's accounting records (decision 069): the daily job, with a fake clock. */

let t: TestContext;
let cat: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  cat = await loadCatalog(t);
});
afterAll(() => t.close());

let made = 0;

/**
 * A member who bought coins (an order, its payment event, the ledger's purchase row), bought a
 * video and sent coins to `to`, all at `at`; erased unless `erased` is false.
 */
async function memberWithRecords(at: Date, to: number, { erased = true } = {}) {
  made += 1;
  const id = await insertUser(t, `retention-${made}@example.com`);
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: id,
      paymentTypeId: cat.card,
      productId: cat.p100,
      provider: 'sandbox',
      state: 'paid',
      coins: 100,
      amountCents: 1000,
      currency: 'EUR',
      locale: 'en',
      withdrawalWaiverAt: at,
      withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
      createdAt: at,
    })
    .returning();
  await t.db.insert(paymentEvents).values({
    provider: 'sandbox',
    eventId: `evt-retention-${made}`,
    kind: 'charge.succeeded',
    orderId: order?.id ?? 0,
    payload: {},
    outcome: 'applied',
    receivedAt: at,
  });
  const deps = t.app.ctx;
  await credit(deps, { userId: id, amount: 100, reason: 'purchase', idempotencyKey: `retention:${id}:buy` });
  await transfer(deps, { from: id, to, amount: 30, idempotencyKey: `retention:${id}:tip` });
  await t.db.insert(purchases).values({ userId: id, item: `video:9${made}:1`, coins: 20, createdAt: at });
  await t.db.update(coinLedger).set({ createdAt: at }).where(eq(coinLedger.userId, id));
  if (erased)
    await t.db
      .update(users)
      .set({ status: 'cancelled', email: erasedEmail(id) })
      .where(eq(users.id, id));
  return { id, orderId: order?.id ?? 0 };
}

const rowsOf = async (id: number) => ({
  ledger: (await t.db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.userId, id)))[0]?.n,
  wallet: (await t.db.select({ n: count() }).from(wallets).where(eq(wallets.userId, id)))[0]?.n,
  orders: (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, id)))[0]?.n,
  purchases: (await t.db.select({ n: count() }).from(purchases).where(eq(purchases.userId, id)))[0]?.n,
});
const eventsOf = async (orderId: number) =>
  (await t.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.orderId, orderId)))[0]?.n;
const addsUp = async (id: number) => expect(await balanceOf(t.db, id)).toBe(await ledgerSum(t.db, id));

describe('the accounting-retention job', () => {
  it('deletes an erased account’s records as a whole ten years after the end of the year, and only then', async () => {
    const receiver = await insertUser(t, 'retention-receiver@example.com');
    const old = await memberWithRecords(new Date('2026-06-30T10:00:00Z'), receiver);
    // Her last entry is on New Year's Eve after 23:00 UTC: 2027 in Berlin, so a year later.
    const late = await memberWithRecords(new Date('2026-12-31T23:30:00Z'), receiver);
    const open = await memberWithRecords(new Date('2020-03-01T10:00:00Z'), receiver, { erased: false });
    const full = { ledger: 2, wallet: 1, orders: 1, purchases: 1 };
    const receiverRows = await rowsOf(receiver);
    expect(await rowsOf(old.id)).toEqual(full);

    // 1 January 2037 begins at 23:00 UTC: an hour before, nothing is due.
    await t.app.ctx.scheduler.runDue(new Date('2036-12-31T22:00:00Z'));
    expect(await rowsOf(old.id)).toEqual(full);

    await t.app.ctx.scheduler.runDue(new Date('2037-01-02T12:00:00Z'));
    expect(await rowsOf(old.id)).toEqual({ ledger: 0, wallet: 0, orders: 0, purchases: 0 });
    expect(await eventsOf(old.orderId)).toBe(0);
    // The anonymous account itself stays (messages and audit entries name its id).
    expect((await t.db.select().from(users).where(eq(users.id, old.id)))[0]?.status).toBe('cancelled');

    // Not yet due, and never an account that was not erased.
    expect(await rowsOf(late.id)).toEqual(full);
    expect(await eventsOf(late.orderId)).toBe(1);
    expect(await rowsOf(open.id)).toEqual(full);
    // The other side of her transfers keeps its rows, and every ledger left still adds up.
    expect(await rowsOf(receiver)).toEqual(receiverRows);
    for (const id of [receiver, late.id, open.id]) await addsUp(id);

    await t.app.ctx.scheduler.runDue(new Date('2038-01-03T12:00:00Z'));
    expect(await rowsOf(late.id)).toEqual({ ledger: 0, wallet: 0, orders: 0, purchases: 0 });
    expect(await rowsOf(open.id)).toEqual(full);
    await addsUp(receiver);
    await addsUp(open.id);
  });

  it('takes due accounts in batches, and leaves an account that is no longer erased', async () => {
    const receiver = await insertUser(t, 'retention-receiver-2@example.com');
    const at = new Date('2010-05-05T10:00:00Z');
    const a = await memberWithRecords(at, receiver);
    const b = await memberWithRecords(at, receiver);
    const now = new Date('2030-01-01T00:00:00Z');
    const due = await dueAccounts(t.db, now, 1);
    expect(due).toHaveLength(1);
    expect([a.id, b.id]).toContain(due[0]?.id);
    expect((await dueAccounts(t.db, now)).map((d) => d.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    // A row whose status is not `cancelled` (whatever happened to it meanwhile) is never touched.
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, b.id));
    expect(await deleteKeptRecords(t.db, b.id)).toEqual({ ledgerRows: 0, orders: 0 });
    expect((await rowsOf(b.id)).ledger).toBe(2);
    expect(await deleteKeptRecords(t.db, a.id)).toEqual({ ledgerRows: 2, orders: 1 });
    // Nothing left to find: the account is not due again.
    expect((await dueAccounts(t.db, now)).map((d) => d.id)).not.toContain(a.id);
    await addsUp(receiver);
  });
});
