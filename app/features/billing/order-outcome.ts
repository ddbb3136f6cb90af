import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '#app/http.ts';
import type { Order, PaymentWindowMessage } from '#common/api/billing.ts';
import { fetchOrder } from './api.ts';

/** /billing/back polls the order every second, for at most 30 seconds. */
export const ORDER_POLL_MS = 1_000;
export const ORDER_POLL_LIMIT_MS = 30_000;

const FINAL = new Set<Order['state']>(['paid', 'failed', 'cancelled', 'refunded', 'charged_back', 'expired']);

/** Waiting for the provider's postback; still open after the poll limit; or the message for the opener. */
export type OrderOutcome = { kind: 'waiting' } | { kind: 'pending' } | { kind: 'final'; message: PaymentWindowMessage };

const final = (
  billingid: number | null,
  result: PaymentWindowMessage['result'],
  errors: string[] = [],
): OrderOutcome => ({
  kind: 'final',
  message: { billingid, errors, isPhoneCall: false, result },
});

/** The outcome of the payment from what the order says (the address's result hint is never trusted). */
export function orderOutcome(input: {
  billingid: number | null;
  order: Order | undefined;
  error: unknown;
  timedOut: boolean;
}): OrderOutcome {
  const { billingid, order } = input;
  if (billingid === null) return final(null, 'billing.error', ['billing.error']);
  if (order && FINAL.has(order.state)) {
    if (order.state === 'paid') return final(billingid, 'billing.success');
    if (order.state === 'cancelled') return final(billingid, 'billing.cancel');
    return final(billingid, 'billing.error', [
      order.state === 'failed' && order.failure ? order.failure : 'billing.error',
    ]);
  }
  // An order we may not read (unknown, someone else's, logged out) will not turn final by waiting.
  if (input.error instanceof ApiError && input.error.status < 500)
    return final(billingid, 'billing.error', ['billing.error']);
  return input.timedOut ? { kind: 'pending' } : { kind: 'waiting' };
}

/** The billing id of the address (`billingid`, a positive integer), else null. */
export function readBillingId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Polls the order until its state is final or the poll limit has passed. `successHint`: the
 * provider sent the window back with result=success (told to the server, trusted for nothing here).
 */
export function useOrderOutcome(billingid: number | null, successHint = false): OrderOutcome {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), ORDER_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useQuery({
    queryKey: ['billing', 'order', billingid] as const,
    queryFn: ({ signal }) => fetchOrder(billingid ?? 0, signal, successHint),
    enabled: billingid !== null,
    retry: false,
    refetchInterval: (q) => {
      if (timedOut) return false;
      return orderOutcome({ billingid, order: q.state.data, error: q.state.error, timedOut }).kind === 'waiting'
        ? ORDER_POLL_MS
        : false;
    },
    refetchIntervalInBackground: true,
  });
  return orderOutcome({ billingid, order: query.data, error: query.error, timedOut });
}
