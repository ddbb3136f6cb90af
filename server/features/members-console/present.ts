import type { MemberOrder as OrderAnswer, RefundState } from '#common/api/admin-members.ts';
import { REFUND_STATES } from '#common/api/admin-members.ts';
import type { MemberAccount, MemberOrder } from './data.ts';

/** The member screens' rows as the API answers them: times as ISO text, refund states named. */

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

export const refundStateOf = (outcome: string | null): RefundState | null =>
  outcome && (REFUND_STATES as readonly string[]).includes(outcome) ? (outcome as RefundState) : null;

export function presentAccount(a: MemberAccount) {
  return {
    ...a,
    createdAt: iso(a.createdAt),
    ageVerifiedAt: isoOrNull(a.ageVerifiedAt),
    cancelledAt: isoOrNull(a.cancelledAt),
  };
}

export function presentOrder(o: MemberOrder): OrderAnswer {
  const refund = refundStateOf(o.refund);
  return {
    ...o,
    createdAt: iso(o.createdAt),
    paidAt: isoOrNull(o.paidAt),
    reversedAt: isoOrNull(o.reversedAt),
    refund,
    // A refused request lets a new one follow; any other is still open or done.
    refundable: o.state === 'paid' && (refund === null || refund === 'refused'),
  };
}

/** Any row with a `createdAt` (hits, ledger lines, purchases), its time as text. */
export const withIsoTime = <R extends { createdAt: Date }>(row: R) => ({ ...row, createdAt: iso(row.createdAt) });
