import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import type { Locale } from '#common/constants.ts';
import { OPEN_STATES } from '#common/domain/orders.ts';
import { fitsLimit } from '#common/domain/spending-limit.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { orders, unmatchedCharges } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';
import { type OrderRow, type ProductRow, recentOpenOrder, spentLastDay } from './data.ts';

export type OpenOrderInput = {
  userId: number;
  product: ProductRow;
  provider: string;
  couponId: number | null;
  locale: Locale;
  /** The member's limit over 24 hours in cents; 0: none. */
  limitCents: number;
  now?: Date;
};

export type OpenedOrder = { kind: 'created' | 'existing'; order: OrderRow } | { kind: 'limit' };

/**
 * Makes the order of a purchase, or finds the one a double click made a moment ago. The member's
 * row is locked for the check and the insert, so concurrent clicks make one order and cannot
 * overrun the spending limit together.
 */
export async function openOrder(db: DbOrTx, input: OpenOrderInput): Promise<OpenedOrder> {
  const now = input.now ?? new Date();
  const { product } = input;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const existing = await recentOpenOrder(tx, input.userId, product.id, now);
    if (existing) return { kind: 'existing' as const, order: existing };
    const spent = await spentLastDay(tx, input.userId, now);
    if (!fitsLimit(input.limitCents, spent, product.priceCents)) return { kind: 'limit' as const };
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        paymentTypeId: product.paymentTypeId,
        productId: product.id,
        provider: input.provider,
        coins: product.coins,
        bonusCoins: product.bonusCoins,
        amountCents: product.priceCents,
        currency: product.currency,
        couponId: input.couponId,
        locale: input.locale,
        withdrawalWaiverAt: now,
        withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    return { kind: 'created' as const, order };
  });
}

/** The payment page is ready: created -> pending (a no-op for an order already past it). */
export async function markPending(db: DbOrTx, orderId: number) {
  await db
    .update(orders)
    .set({ state: 'pending', pendingAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'created')));
}

/** The provider would not start the payment: created -> failed. */
export async function markNotStarted(db: DbOrTx, orderId: number) {
  await db
    .update(orders)
    .set({ state: 'failed', failureCode: 'billing.errors.failed', failedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'created')));
}

/** The return page said "success": remembered once, for the spending limit only (never credits). */
export async function markSuccessHint(db: DbOrTx, userId: number, orderId: number, now = new Date()) {
  await db
    .update(orders)
    .set({ successHintAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        inArray(orders.state, [...OPEN_STATES]),
        isNull(orders.successHintAt),
      ),
    );
}

/**
 * Claims open orders due for a question at their provider (created `afterMs` ago or more, or whose
 * next question is due), pushing their next question a lease ahead in the same statement. FOR
 * UPDATE SKIP LOCKED: processes running reconciliation at once get different orders.
 */
export async function claimOrdersToReconcile(
  db: DbOrTx,
  now: Date,
  opts: { afterMs: number; leaseMs: number; batch: number },
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.state, [...OPEN_STATES]),
        or(
          lte(orders.reconcileAt, now),
          and(isNull(orders.reconcileAt), lte(orders.createdAt, new Date(now.getTime() - opts.afterMs))),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(opts.batch)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ reconcileAt: new Date(now.getTime() + opts.leaseMs) })
    .where(inArray(orders.id, due))
    .returning();
}

/** When to ask the provider about an open order next. */
export async function scheduleReconcile(db: DbOrTx, orderId: number, at: Date) {
  await db
    .update(orders)
    .set({ reconcileAt: at })
    .where(and(eq(orders.id, orderId), inArray(orders.state, [...OPEN_STATES])));
}

/** An order never paid ends: created | pending -> expired. False when it had moved on meanwhile. */
export async function expireOrder(db: DbOrTx, orderId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ state: 'expired', expiredAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.state, [...OPEN_STATES])))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export type UnmatchedChargeInput = typeof unmatchedCharges.$inferInsert;

/** Keeps a charge to refund, once per provider transaction: answers its id, or null when kept before. */
export async function recordUnmatchedCharge(db: DbOrTx, charge: UnmatchedChargeInput): Promise<number | null> {
  const [row] = await db
    .insert(unmatchedCharges)
    .values(charge)
    .onConflictDoNothing({ target: [unmatchedCharges.provider, unmatchedCharges.txnId] })
    .returning({ id: unmatchedCharges.id });
  return row?.id ?? null;
}
