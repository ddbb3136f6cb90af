import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { OrderState } from '#common/api/billing.ts';
import { LIMIT_WINDOW_MS, SUCCESS_HINT_MS, spentWithinLimit } from '#common/domain/spending-limit.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { orders, paymentTypes, products, unmatchedCharges } from '#server/db/schema/billing.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { paymentKeySql } from '#server/features/coins/keys.ts';

export type OrderRow = typeof orders.$inferSelect;
export type UnmatchedChargeRow = typeof unmatchedCharges.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** The currency the spending limit is kept in (every package is priced in it). */
export const LIMIT_CURRENCY = 'EUR';
/** A second init for the same package within this time is the same purchase (a double click). */
export const DOUBLE_CLICK_SECONDS = 15;

/** Active payment types in their order, each with its active products in theirs. */
export async function listPaymentTypes(db: DbOrTx) {
  const types = await db
    .select()
    .from(paymentTypes)
    .where(eq(paymentTypes.active, true))
    .orderBy(asc(paymentTypes.position), asc(paymentTypes.id));
  if (!types.length) return [];
  const items = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.active, true),
        inArray(
          products.paymentTypeId,
          types.map((t) => t.id),
        ),
      ),
    )
    .orderBy(asc(products.position), asc(products.id));
  return types.map((t) => ({ ...t, products: items.filter((p) => p.paymentTypeId === t.id) }));
}

/** A product with its payment type, whatever their state (the caller decides what may be sold). */
export async function findProduct(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ product: products, type: paymentTypes })
    .from(products)
    .innerJoin(paymentTypes, eq(paymentTypes.id, products.paymentTypeId))
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/**
 * Cents of the member's orders that count against the 24-hour limit now (the rule in
 * common/domain/spending-limit.ts; the query only narrows the rows down to the candidates).
 * `hints: false` counts paid orders alone: what the check at the moment of crediting uses.
 */
export async function spentLastDay(
  db: DbOrTx,
  userId: number,
  now = new Date(),
  opts: { hints?: boolean } = {},
): Promise<number> {
  const paid = and(
    eq(orders.state, 'paid'),
    gt(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`, new Date(now.getTime() - LIMIT_WINDOW_MS)),
  );
  const hinted = and(
    inArray(orders.state, ['created', 'pending']),
    gt(orders.successHintAt, new Date(now.getTime() - SUCCESS_HINT_MS)),
  );
  const rows = await db
    .select({
      state: orders.state,
      amountCents: orders.amountCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      successHintAt: orders.successHintAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.currency, LIMIT_CURRENCY),
        opts.hints === false ? paid : or(paid, hinted),
      ),
    );
  return spentWithinLimit(
    rows.map((r) => ({ ...r, state: r.state as OrderState })),
    now,
  );
}

/** The member's order of this package made moments ago and not finished yet (a double click). */
export async function recentOpenOrder(db: DbOrTx, userId: number, productId: number, now = new Date()) {
  const since = new Date(now.getTime() - DOUBLE_CLICK_SECONDS * 1000);
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.productId, productId),
        inArray(orders.state, ['created', 'pending']),
        gt(orders.createdAt, since),
      ),
    )
    .orderBy(sql`${orders.id} desc`)
    .limit(1);
  return row ?? null;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The member's order; another member's is as absent as a missing one. */
export async function findOwnOrder(db: DbOrTx, userId: number, id: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function walletFlagged(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ flagged: wallets.flagged }).from(wallets).where(eq(wallets.userId, userId));
  return row?.flagged ?? false;
}

/** Coins a ledger entry moved (0 when the key was never used): what a reversal takes back. */
export async function coinsMovedBy(db: DbOrTx, idempotencyKey: string): Promise<number> {
  const [row] = await db
    .select({ delta: coinLedger.delta })
    .from(coinLedger)
    .where(eq(coinLedger.idempotencyKey, idempotencyKey));
  return row?.delta ?? 0;
}

/** Charges to refund, newest first: those support has not settled yet, or `all` (the operator console's list). */
export async function listUnmatchedCharges(db: DbOrTx, opts: { all?: boolean; limit?: number } = {}) {
  return db
    .select()
    .from(unmatchedCharges)
    .where(opts.all ? undefined : isNull(unmatchedCharges.resolvedAt))
    .orderBy(desc(unmatchedCharges.id))
    .limit(opts.limit ?? 100);
}

export async function findUnmatchedCharge(db: DbOrTx, id: number): Promise<UnmatchedChargeRow | null> {
  const [row] = await db.select().from(unmatchedCharges).where(eq(unmatchedCharges.id, id));
  return row ?? null;
}

/**
 * What a member's order list and receipt show: the order, its payment type's key, and the coins its
 * payment credited (package, bonus and a coupon's extra), read from the ledger entry the payment
 * made (its key is the provider's transaction: one row of a unique index).
 */
const ownOrderFields = {
  order: orders,
  paymentType: paymentTypes.name,
  // Spelled out: inside a field's SQL a column renders without its table's name (and the ledger has a user_id too).
  credited: sql<number | null>`(select l.delta from ${coinLedger} l
    where l.idempotency_key = ${paymentKeySql(sql`${orders}.provider`, sql`${orders}.provider_txn_id`)}
      and l.user_id = ${orders}.user_id)`,
};

export type OwnOrder = { order: OrderRow; paymentType: string; credited: number | null };

/** A page of the member's orders, newest first, and how many she has (her orders only). */
export async function ownOrdersPage(
  db: DbOrTx,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: OwnOrder[]; total: number }> {
  const where = eq(orders.userId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select(ownOrderFields)
      .from(orders)
      .innerJoin(paymentTypes, eq(paymentTypes.id, orders.paymentTypeId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One of the member's orders as the receipt shows it; another member's is as absent as a missing one. */
export async function ownOrderForReceipt(db: DbOrTx, userId: number, id: number): Promise<OwnOrder | null> {
  const [row] = await db
    .select(ownOrderFields)
    .from(orders)
    .innerJoin(paymentTypes, eq(paymentTypes.id, orders.paymentTypeId))
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}
