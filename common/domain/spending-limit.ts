import type { OrderState } from '../api/billing.ts';

/**
 * The member's spending limit over 24 hours (BILLING_DAILY_LIMIT_CENTS). What counts is money
 * taken, not money meant: paid orders by the time they were paid, and an order whose return page
 * said "success" while its postback is still on its way, for a few minutes after that hint. An
 * abandoned order counts nothing. A hint can only ever add to what is counted (it lowers what can
 * be bought and never credits), and the limit is checked again when a payment is credited, against
 * paid orders alone, so paying several open orders at once cannot go over it either.
 */

export const LIMIT_WINDOW_MS = 24 * 3600_000;
/** How long a return page's "success" keeps an unpaid order counted (the postback's usual way). */
export const SUCCESS_HINT_MS = 15 * 60_000;

export type LimitOrder = {
  state: OrderState;
  amountCents: number;
  createdAt: Date;
  paidAt: Date | null;
  successHintAt: Date | null;
};

const within = (at: Date, now: Date, ms: number) => now.getTime() - at.getTime() < ms;

/** Whether the order's amount counts against the limit at `now`. */
export function countsAgainstLimit(order: LimitOrder, now: Date): boolean {
  if (order.state === 'paid') return within(order.paidAt ?? order.createdAt, now, LIMIT_WINDOW_MS);
  if (order.state === 'created' || order.state === 'pending') {
    return order.successHintAt !== null && within(order.successHintAt, now, SUCCESS_HINT_MS);
  }
  return false;
}

/** Cents that count against the limit at `now`. */
export function spentWithinLimit(orders: readonly LimitOrder[], now: Date): number {
  return orders.reduce((sum, o) => (countsAgainstLimit(o, now) ? sum + o.amountCents : sum), 0);
}

/** Whether a purchase of `priceCents` fits under the limit (0: no limit). */
export function fitsLimit(limitCents: number, spentCents: number, priceCents: number): boolean {
  return limitCents <= 0 || spentCents + priceCents <= limitCents;
}
