import type { OrderState } from '../api/billing.ts';

/**
 * The card order's life (issue "Coins and payments", section 3), as pure rules both sides use:
 * created -> pending -> paid | failed | cancelled; paid -> refunded | charged_back. A provider that
 * refuses to start the payment moves created -> failed. An order never paid within
 * ORDER_EXPIRY_MS moves created | pending -> expired. Every other move is refused.
 */

/** The provider events a card payment knows; every adapter maps its own postbacks onto these. */
export const PAYMENT_EVENT_KINDS = [
  'payment.succeeded',
  'payment.failed',
  'payment.cancelled',
  'payment.refunded',
  'payment.chargeback',
] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

/** An order the provider never reported paid ends after this time (measured from its creation). */
export const ORDER_EXPIRY_MS = 24 * 3600_000;

const MOVES: Record<OrderState, readonly OrderState[]> = {
  created: ['pending', 'failed', 'expired'],
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  paid: ['refunded', 'charged_back'],
  failed: [],
  cancelled: [],
  refunded: [],
  charged_back: [],
  expired: [],
};

/** What each provider event moves the order to. */
const TARGET: Record<PaymentEventKind, OrderState> = {
  'payment.succeeded': 'paid',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.refunded': 'refunded',
  'payment.chargeback': 'charged_back',
};

export const isPaymentEventKind = (value: unknown): value is PaymentEventKind =>
  typeof value === 'string' && (PAYMENT_EVENT_KINDS as readonly string[]).includes(value);

export function canMove(from: OrderState, to: OrderState): boolean {
  return MOVES[from].includes(to);
}

export const targetOf = (kind: PaymentEventKind): OrderState => TARGET[kind];

/** The one state an event applies to: payment outcomes to a pending order, reversals to a paid one. */
export const sourceOf = (kind: PaymentEventKind): OrderState =>
  kind === 'payment.refunded' || kind === 'payment.chargeback' ? 'paid' : 'pending';

/**
 * The move an event makes from the order's state, or null when it arrives out of order (a
 * refund for an unpaid order, a success after a cancel, a second outcome): such events change nothing.
 */
export function transitionFor(state: OrderState, kind: PaymentEventKind): { from: OrderState; to: OrderState } | null {
  const to = TARGET[kind];
  return state === sourceOf(kind) && canMove(state, to) ? { from: state, to } : null;
}

/** States in which the order's outcome is known; the /billing/back page polls until one of them. */
export const FINAL_STATES: readonly OrderState[] = [
  'paid',
  'failed',
  'cancelled',
  'refunded',
  'charged_back',
  'expired',
];
export const isFinal = (state: OrderState) => FINAL_STATES.includes(state);

/** States whose outcome the provider has not told yet: reconciliation asks about them, expiry ends them. */
export const OPEN_STATES: readonly OrderState[] = ['created', 'pending'];

/** Whether an order still open at `now` has passed its expiry. */
export const isExpired = (createdAt: Date, now: Date) => now.getTime() - createdAt.getTime() >= ORDER_EXPIRY_MS;

/** The result hint of the payment window for a final state (spec "Payment window message"). */
export function resultOf(state: OrderState): 'billing.success' | 'billing.cancel' | 'billing.error' | null {
  if (state === 'paid') return 'billing.success';
  if (state === 'cancelled') return 'billing.cancel';
  if (state === 'failed' || state === 'refunded' || state === 'charged_back' || state === 'expired') {
    return 'billing.error';
  }
  return null;
}

/** Whole coins a PERCENT coupon adds to a purchase: a share of the package coins, rounded down. */
export function couponBonusCoins(coins: number, percent: number): number {
  if (!(percent > 0) || !(coins > 0)) return 0;
  return Math.floor((coins * Math.round(percent * 100)) / 10_000);
}
