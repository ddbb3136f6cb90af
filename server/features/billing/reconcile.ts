import { isExpired, ORDER_EXPIRY_MS } from '#common/domain/orders.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';
import type { PaymentProvider, PaymentStatus } from '#server/providers/payment/types.ts';
import type { OrderRow } from './data.ts';
import { findOrder } from './data.ts';
import { claimOrdersToReconcile, expireOrder, scheduleReconcile } from './mutations.ts';
import { applyAndReport, type OutcomeDeps } from './outcomes.ts';

/**
 * Reconciliation: an order still open some minutes after it was made is asked about at its
 * provider. An outcome the provider reports is applied through the same path as a postback, under
 * the provider's own event id, so the postback that may still come (or a second answer) changes
 * nothing. An order the provider never reports paid expires after ORDER_EXPIRY_MS. Processes share
 * the work through claimOrdersToReconcile (FOR UPDATE SKIP LOCKED), one order at a time with a
 * lease from the moment it is claimed: each order is asked by one process at once.
 */

/** An order still open this long after it was made is asked about at its provider. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** How often the reconciler runs. */
export const RECONCILE_EVERY_MS = 60_000;
/**
 * A claimed order is left to its claimer this long. Orders are claimed one at a time, each when its
 * question is about to be asked, so the lease covers one question (PROVIDER_TIMEOUT_MS, at most
 * 30 s) and its outcome, never a batch of them.
 */
const LEASE_MS = 2 * 60_000;

/** The pause before asking about an order again: a quarter of its age, from a minute to an hour. */
export const nextAskDelayMs = (ageMs: number) => Math.min(Math.max(Math.floor(ageMs / 4), 60_000), 3600_000);

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
export type Reconciled = { orderId: number; status: PaymentStatus['kind'] | 'error'; outcome: string };

async function ask(provider: PaymentProvider, order: OrderRow, log: Log): Promise<PaymentStatus | null> {
  try {
    return await provider.status(order);
  } catch (err) {
    log.warn({ err, orderId: order.id, provider: provider.name }, 'payment status not available');
    return null;
  }
}

async function reconcileOne(
  deps: OutcomeDeps,
  provider: PaymentProvider,
  order: OrderRow,
  log: Log,
  now: Date,
): Promise<Reconciled> {
  const status = await ask(provider, order, log);
  const outcomes: string[] = [];
  if (status?.kind === 'settled') {
    for (const event of status.events) {
      outcomes.push((await applyAndReport(deps, provider.name, event, log, 'reconciliation')).outcome);
    }
  }
  const current = outcomes.length ? await findOrder(deps.db, order.id) : order;
  if (current && (current.state === 'created' || current.state === 'pending')) {
    // Nothing the provider said ended it: past its time it expires (a charge that might still be
    // reported later is kept for refund then), else it is asked about again later.
    if (isExpired(order.createdAt, now)) {
      outcomes.push((await expireOrder(deps.db, order.id, now)) ? 'expired' : 'moved');
    } else {
      // Asked again later (a provider without a status API only at the expiry), never after it.
      const expiry = order.createdAt.getTime() + ORDER_EXPIRY_MS;
      const later = now.getTime() + nextAskDelayMs(now.getTime() - order.createdAt.getTime());
      const next = status?.kind === 'unsupported' ? expiry : Math.min(later, expiry);
      await scheduleReconcile(deps.db, order.id, new Date(next));
      outcomes.push('open');
    }
  }
  const result = { orderId: order.id, status: status?.kind ?? ('error' as const), outcome: outcomes.join(',') };
  log.info({ ...result, provider: provider.name }, 'order reconciled');
  return result;
}

/**
 * One run: every open order that is due, until none is left. Tests call it with their own clock
 * (a fixed time, or a function the run reads whenever it needs the time).
 */
export async function reconcileOrders(
  deps: OutcomeDeps,
  provider: PaymentProvider,
  log: Log,
  at: Date | (() => Date) = () => new Date(),
): Promise<Reconciled[]> {
  const clock = typeof at === 'function' ? at : () => at;
  const results: Reconciled[] = [];
  for (;;) {
    const [order] = await claimOrdersToReconcile(deps.db, clock(), {
      afterMs: RECONCILE_AFTER_MS,
      leaseMs: LEASE_MS,
      batch: 1,
    });
    if (!order) return results;
    try {
      results.push(await reconcileOne(deps, provider, order, log, clock()));
    } catch (err) {
      // Left to its lease: asked about again in a later run.
      log.error({ err, orderId: order.id }, 'reconciling an order failed');
    }
  }
}

/**
 * Reconciliation every RECONCILE_EVERY_MS, in one of the processes (a periodic job, decision 050);
 * the orders' own claims would keep two runs apart as well.
 */
export function reconcilerJob(deps: OutcomeDeps, provider: PaymentProvider, log: Log): PeriodicJob {
  return { everyMs: RECONCILE_EVERY_MS, run: () => reconcileOrders(deps, provider, log) };
}
