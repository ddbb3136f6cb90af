import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { orders } from '#server/db/schema/billing.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { users } from '#server/db/schema/users.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { correctionKey, operatorReference } from '#server/features/coins/keys.ts';
import { announceBalance, credit, debit } from '#server/features/coins/mutations.ts';
import { destroyUserSessions } from '#server/features/session/mutations.ts';

/**
 * The console's changes to a member: block and unblock, a balance correction, a refund request.
 * Each writes its audit entry in the transaction of the change; the member's browsers hear of it
 * after the commit (`user:logout`, `user:coins`).
 */

type Deps = Pick<AppContext, 'db' | 'realtime' | 'sessionCache'>;
/** Who acts, why, and the action's key, which its audit entry keeps (unique: a key acts once). */
export type Acting = { operatorId: number; reason: string; key?: string };

/**
 * Blocks an active member: the status changes, every session of hers ends, her sockets are told
 * `user:logout`. False when she was not active (already blocked, or cancelled): nothing changed.
 */
export async function blockMember(deps: Deps, userId: number, by: Acting): Promise<{ sessionsEnded: number } | false> {
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: 'blocked', updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.status, 'active')))
      .returning({ id: users.id });
    if (!row) return false;
    const ended = await destroyUserSessions(tx, userId);
    await recordAudit(tx, {
      operatorId: by.operatorId,
      action: 'member.block',
      subjectType: 'user',
      subjectId: userId,
      before: { status: 'active' },
      after: { status: 'blocked', sessionsEnded: ended },
      reason: by.reason,
      formKey: by.key ?? null,
    });
    return { sessionsEnded: ended };
  });
  if (done) {
    deps.sessionCache.forgetUser(userId);
    deps.realtime.sessionsEnded({ userId });
  }
  return done;
}

/** Unblocks a blocked member (back to active). False when she was not blocked: nothing changed. */
export async function unblockMember(deps: Deps, userId: number, by: Acting): Promise<boolean> {
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: 'active', updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.status, 'blocked')))
      .returning({ id: users.id });
    if (!row) return false;
    await recordAudit(tx, {
      operatorId: by.operatorId,
      action: 'member.unblock',
      subjectType: 'user',
      subjectId: userId,
      before: { status: 'blocked' },
      after: { status: 'active' },
      reason: by.reason,
      formKey: by.key ?? null,
    });
    return true;
  });
  if (done) deps.sessionCache.forgetUser(userId);
  return done;
}

export type Correction = { userId: number; direction: 'credit' | 'debit'; amount: number; key: string };
export type Corrected = { ok: true; balance: number; replayed: boolean } | { ok: false; reason: 'no_coins' };

/**
 * Corrects a balance by one ledger entry (reason `correction`) under the action's key: a second
 * request under it finds the entry and changes nothing. A debit may not overdraw (the ledger's
 * conditional update). The audit entry commits with the entry; the balance goes out after.
 */
export async function correctBalance(deps: Deps, c: Correction, by: Acting): Promise<Corrected> {
  const movement = {
    userId: c.userId,
    amount: c.amount,
    reason: 'correction' as const,
    reference: operatorReference(by.operatorId),
    idempotencyKey: correctionKey(c.key),
  };
  const result = await deps.db.transaction(async (tx) => {
    const moved =
      c.direction === 'credit'
        ? await credit(deps, movement, { within: tx })
        : await debit(deps, movement, { within: tx });
    if (!moved.ok || moved.replayed) return moved;
    const delta = c.direction === 'credit' ? c.amount : -c.amount;
    await recordAudit(tx, {
      operatorId: by.operatorId,
      action: `member.coins_${c.direction}`,
      subjectType: 'user',
      subjectId: c.userId,
      before: { balance: moved.balance - delta },
      after: { balance: moved.balance, ledgerEntry: moved.entryId },
      reason: by.reason,
      formKey: by.key ?? null,
    });
    return moved;
  });
  if (!result.ok) return result;
  if (!result.replayed) announceBalance(deps, c.userId, result.balance);
  return { ok: true, balance: result.balance, replayed: result.replayed };
}

export type RefundOpened = { requestId: number } | { refused: 'not_paid' | 'requested' };

/**
 * Opens the refund request of a paid order, audited, unless one is open already (a second click,
 * another operator): the provider is asked only by the request that opened it.
 */
export async function openRefundRequest(
  deps: Pick<Deps, 'db'>,
  order: { id: number; userId: number; provider: string },
  by: Acting,
): Promise<RefundOpened> {
  return deps.db.transaction(async (tx) => {
    const [paid] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, order.id)).for('update');
    const [open] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, order.id), ne(refundRequests.outcome, 'refused')));
    if (open) return { refused: 'requested' as const };
    if (paid?.state !== 'paid') return { refused: 'not_paid' as const };
    const [row] = await tx
      .insert(refundRequests)
      .values({ orderId: order.id, operatorId: by.operatorId, provider: order.provider, reason: by.reason })
      .onConflictDoNothing()
      .returning({ id: refundRequests.id });
    if (!row) return { refused: 'requested' as const };
    await recordAudit(tx, {
      operatorId: by.operatorId,
      action: 'order.refund_request',
      subjectType: 'order',
      subjectId: order.id,
      after: { provider: order.provider, userId: order.userId, request: row.id },
      reason: by.reason,
      formKey: by.key ?? null,
    });
    return { requestId: row.id };
  });
}

export type RefundOutcome = 'delivered' | 'queued' | 'manual' | 'refused';

/** Records what the provider answered to the request (a refused one lets a new request follow). */
export async function settleRefundRequest(deps: Pick<Deps, 'db'>, requestId: number, outcome: RefundOutcome) {
  await deps.db.update(refundRequests).set({ outcome, updatedAt: sql`now()` }).where(eq(refundRequests.id, requestId));
}
