import type { Locale } from '#common/constants.ts';
import type { PaymentEventKind } from '#common/domain/orders.ts';

/** Card payment providers: a hosted payment page, and signed postbacks that say what happened. */
export type ProviderName = 'sandbox' | 'flexpay';

/** What a provider learns about an order to take its payment. */
export type PaymentOrder = {
  id: number;
  amountCents: number;
  currency: string;
  coins: number;
  bonusCoins: number;
  locale: Locale;
  createdAt: Date;
};

/** One verified provider event, in our words; `payload` is what the provider sent (no card data). */
export type PaymentEvent = {
  eventId: string;
  kind: PaymentEventKind;
  /** The merchant reference: our order id (null when the provider sent none we can read). */
  orderId: number | null;
  /** The provider's id of the payment; refunds and chargebacks carry the one of the payment they reverse. */
  txnId: string;
  amountCents: number;
  currency: string;
  /** The provider's reason of a failure (declined, insufficient_funds, ...). */
  failureCode: string | null;
  payload: Record<string, unknown>;
};

/** The parts of an HTTP request a postback check needs. */
export type PostbackRequest = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  query: Record<string, unknown>;
};

export type PostbackVerdict = { ok: true; events: PaymentEvent[] } | { ok: false; status: 400 | 401; reason: string };

/**
 * What the provider says about an order when asked (reconciliation): `unsupported` when it offers
 * no status API we can read, `none` when no payment was made for the order, `open` while one is
 * still being made (a 3-D Secure challenge), `settled` with its outcome as the provider's events,
 * whose event ids are those of the postbacks, so applying them twice changes nothing.
 */
export type PaymentStatus =
  | { kind: 'unsupported' }
  | { kind: 'none' }
  | { kind: 'open' }
  | { kind: 'settled'; events: PaymentEvent[] };

export type PaymentProvider = {
  name: ProviderName;
  /** The address of the hosted payment page for this order. */
  createPayment(order: PaymentOrder): Promise<{ link: string }>;
  /** Checks a postback's signature and reads its events; a refusal changes nothing. */
  verifyPostback(request: PostbackRequest, now?: number): PostbackVerdict;
  /** Asks the provider what became of the order's payment (throws when it cannot be reached). */
  status(order: { id: number }): Promise<PaymentStatus>;
  /** What the provider expects as the answer to a postback it may stop sending. */
  acknowledgement: { contentType: string; body: string };
};

/** Failure codes of the providers, mapped to the texts the member sees (billing.errors.*). */
const FAILURES: Record<string, string> = {
  card_declined: 'billing.errors.card_declined',
  insufficient_funds: 'billing.errors.insufficient_funds',
  authentication_failed: 'billing.errors.authentication_failed',
  expired_card: 'billing.errors.card_declined',
};

export const failureKey = (code: string | null | undefined): string =>
  (code && FAILURES[code]) || 'billing.errors.failed';
