import { and, eq, sql } from 'drizzle-orm';
import type { OrderState } from '#common/api/billing.ts';
import { couponBonusCoins, transitionFor } from '#common/domain/orders.ts';
import { fitsLimit } from '#common/domain/spending-limit.ts';
import type { Tx } from '#server/db/client.ts';
import { orders, paymentEvents } from '#server/db/schema/billing.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { users } from '#server/db/schema/users.ts';
import { orderReference, paymentKey, reversalKey } from '#server/features/coins/keys.ts';
import { announceBalance, type CoinDeps, credit, reclaim } from '#server/features/coins/mutations.ts';
import { spendCoupon } from '#server/features/coupons/mutations.ts';
import { creditFirstPurchase } from '#server/features/referrals/attribution.ts';
import type { PaymentEvent, ProviderName } from '#server/providers/payment/types.ts';
import { failureKey } from '#server/providers/payment/types.ts';
import { coinsMovedBy, LIMIT_CURRENCY, type OrderRow, spentLastDay } from './data.ts';
import { recordUnmatchedCharge } from './mutations.ts';

/**
 * Applies verified provider events (postbacks, and the answers reconciliation gets), each in one
 * transaction: the event is stored first under its unique provider event id (a replay stops there
 * and changes nothing), then the order moves by one conditional update from the state the event
 * applies to, and coins move through the ledger with keys derived from the provider's transaction,
 * inside the same transaction. Money a provider took that buys nothing (a second charge, a charge
 * for an ended order, one over the spending limit, one of another amount or currency, for an
 * order of another provider or for no order of ours) is never credited: it is kept for refund.
 */

/** Why a charge is kept for refund instead of credited. */
export type UnmatchedReason =
  | 'duplicate_charge'
  | 'charge_after_end'
  | 'over_limit'
  | 'amount_mismatch'
  | 'other_provider'
  | 'unknown_order';
export type PostbackOutcome = 'applied' | 'replayed' | UnmatchedReason | `ignored:${string}`;
export type Applied = {
  outcome: PostbackOutcome;
  orderId: number | null;
  /** A paid order to send the receipt of, after the commit. */
  receipt?: { orderId: number; couponBonus: number };
  /** A charge newly kept for refund, to tell support about after the commit. */
  unmatched?: { chargeId: number };
};
/** The member's 24-hour limit in cents (0: none), checked again before a payment is credited. */
export type PaymentRules = { limitCents: number; now?: Date };
type Log = { warn: (obj: object, msg: string) => void };

const MAX_INT = 2_147_483_647;

type Decision = Applied & { balance?: { userId: number; coins: number } };

export async function applyPaymentEvent(
  deps: CoinDeps,
  provider: ProviderName,
  event: PaymentEvent,
  log: Log,
  rules: PaymentRules,
): Promise<Applied> {
  const orderId = event.orderId !== null && event.orderId <= MAX_INT ? event.orderId : null;
  const decision = await deps.db.transaction(async (tx): Promise<Decision> => {
    const [stored] = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.eventId,
        kind: event.kind,
        orderId,
        payload: event.payload,
        outcome: 'received',
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!stored) return { outcome: 'replayed', orderId };
    const decided = await decide(deps, tx, { provider, event, orderId, log, rules });
    await tx.update(paymentEvents).set({ outcome: decided.outcome }).where(eq(paymentEvents.id, stored.id));
    return decided;
  });
  if (decision.balance) announceBalance(deps, decision.balance.userId, decision.balance.coins);
  const { balance: _, ...applied } = decision;
  return applied;
}

type Input = { provider: ProviderName; event: PaymentEvent; orderId: number | null; log: Log; rules: PaymentRules };

async function decide(deps: CoinDeps, tx: Tx, input: Input): Promise<Decision> {
  const { provider, event, orderId, log, rules } = input;
  const ignored = (why: string): Decision => ({ outcome: `ignored:${why}`, orderId });
  // A charge that cannot buy this order took money all the same: kept for refund. Other events
  // about it (a failure, a refund) moved none and are only stored.
  const charged = event.kind === 'payment.succeeded';
  const [order] = orderId === null ? [] : await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return charged ? keepForRefund(tx, null, input, 'unknown_order') : ignored('unknown_order');
  if (order.provider !== provider)
    return charged ? keepForRefund(tx, order, input, 'other_provider') : ignored('provider');
  if (event.amountCents !== order.amountCents || event.currency !== order.currency) {
    log.warn(
      { orderId, provider, eventId: event.eventId, amount: event.amountCents, currency: event.currency },
      'payment event amount differs from the order',
    );
    return charged ? keepForRefund(tx, order, input, 'amount_mismatch') : ignored('amount');
  }
  const move = transitionFor(order.state as OrderState, event.kind);
  if (!move) return event.kind === 'payment.succeeded' ? unexpectedCharge(tx, order, input) : ignored('out_of_order');
  if (move.to !== 'paid' && move.from === 'paid' && event.txnId !== order.providerTxnId) return ignored('txn');

  if (move.to === 'paid' && !(await paymentFitsLimit(tx, order, rules))) {
    // Several open orders paid at once went over the limit: this one fails and its money goes back.
    const failed = await moveOrder(tx, order, 'pending', 'failed', event, 'billing.errors.over_limit');
    if (!failed) return ignored('out_of_order');
    return keepForRefund(tx, order, input, 'over_limit');
  }

  const moved = await moveOrder(tx, order, move.from, move.to, event);
  if (!moved) return ignored('out_of_order');

  if (move.to === 'paid') {
    let couponBonus = 0;
    if (order.couponId !== null) {
      const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, order.couponId));
      if (coupon?.type === 'PERCENT' && (await spendCoupon(tx, coupon.id, order.userId, `order:${order.id}`))) {
        couponBonus = couponBonusCoins(order.coins, coupon.value);
      }
    }
    // A member who came by a referral code: her first paid order counts for the code.
    await creditFirstPurchase(tx, order);
    const credited = await credit(
      deps,
      {
        userId: order.userId,
        amount: order.coins + order.bonusCoins + couponBonus,
        reason: 'purchase',
        reference: orderReference(order.id),
        idempotencyKey: paymentKey(provider, event.txnId),
      },
      { within: tx },
    );
    return {
      outcome: 'applied',
      orderId,
      receipt: { orderId: order.id, couponBonus },
      ...(credited.replayed ? {} : { balance: { userId: order.userId, coins: credited.balance } }),
    };
  }

  if (move.to === 'refunded' || move.to === 'charged_back') {
    const reason = move.to === 'refunded' ? 'refund' : 'chargeback';
    const creditedCoins = await coinsMovedBy(tx, paymentKey(provider, event.txnId));
    if (creditedCoins <= 0) return { outcome: 'applied', orderId };
    const r = await reclaim(
      deps,
      {
        userId: order.userId,
        amount: creditedCoins,
        reason,
        reference: orderReference(order.id),
        idempotencyKey: reversalKey(provider, event.txnId, reason),
      },
      { within: tx },
    );
    await tx.update(orders).set({ shortfallCoins: r.shortfall }).where(eq(orders.id, order.id));
    if (r.shortfall > 0) {
      log.warn({ orderId, userId: order.userId, shortfall: r.shortfall }, 'reversed payment: coins already spent');
    }
    return {
      outcome: 'applied',
      orderId,
      ...(r.taken > 0 && !r.replayed ? { balance: { userId: order.userId, coins: r.balance } } : {}),
    };
  }
  return { outcome: 'applied', orderId };
}

/**
 * A success the order's state does not allow: the same transaction again (a replay under another
 * event id) is harmless; a new one for a charged order is a duplicate charge, and one for an order
 * that ended unpaid took money for nothing. Both are kept for refund, never credited.
 */
function unexpectedCharge(tx: Tx, order: OrderRow, input: Input): Promise<Decision> | Decision {
  const state = order.state as OrderState;
  const charged = state === 'paid' || state === 'refunded' || state === 'charged_back';
  if (charged && input.event.txnId === order.providerTxnId) return { outcome: 'ignored:same_txn', orderId: order.id };
  if (state === 'created' || state === 'pending') return { outcome: 'ignored:out_of_order', orderId: order.id };
  return keepForRefund(tx, order, input, charged ? 'duplicate_charge' : 'charge_after_end');
}

/** Records a charge for refund, with its order (none when the reference names no order of ours). */
async function keepForRefund(tx: Tx, order: OrderRow | null, input: Input, reason: UnmatchedReason): Promise<Decision> {
  const { provider, event, log } = input;
  const chargeId = await recordUnmatchedCharge(tx, {
    orderId: order?.id ?? null,
    userId: order?.userId ?? null,
    provider,
    txnId: event.txnId,
    eventId: event.eventId,
    amountCents: event.amountCents,
    currency: event.currency,
    reason,
  });
  const orderId = order?.id ?? null;
  log.warn(
    { orderId, provider, eventId: event.eventId, txnId: event.txnId, state: order?.state ?? null, reason },
    'charge kept for refund',
  );
  return { outcome: reason, orderId, ...(chargeId === null ? {} : { unmatched: { chargeId } }) };
}

/**
 * The limit again, at the moment money would be credited, against paid orders alone: the member's
 * row is locked, so concurrent payments of the same member are counted one after the other.
 */
async function paymentFitsLimit(tx: Tx, order: OrderRow, rules: PaymentRules): Promise<boolean> {
  if (rules.limitCents <= 0 || order.currency !== LIMIT_CURRENCY) return true;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, order.userId)).for('update');
  const paid = await spentLastDay(tx, order.userId, rules.now ?? new Date(), { hints: false });
  return fitsLimit(rules.limitCents, paid, order.amountCents);
}

/** One conditional update from the state the event applies to; false when the order moved meanwhile. */
async function moveOrder(
  tx: Tx,
  order: OrderRow,
  from: OrderState,
  to: OrderState,
  event: PaymentEvent,
  failureCode?: string,
) {
  const stamp = sql`now()`;
  const set =
    to === 'paid'
      ? { paidAt: stamp, providerTxnId: event.txnId }
      : to === 'failed'
        ? { failedAt: stamp, failureCode: failureCode ?? failureKey(event.failureCode), providerTxnId: event.txnId }
        : to === 'cancelled'
          ? { cancelledAt: stamp }
          : { reversedAt: stamp };
  const rows = await tx
    .update(orders)
    .set({ state: to, updatedAt: stamp, ...set })
    .where(and(eq(orders.id, order.id), eq(orders.state, from)))
    .returning({ id: orders.id });
  return rows.length === 1;
}
