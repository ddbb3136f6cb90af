import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_GRACE_DAYS } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { users } from '#server/db/schema/users.ts';
import { userBlocked } from '#server/errors.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { forfeitKey } from '#server/features/coins/keys.ts';
import { debit } from '#server/features/coins/mutations.ts';
import { destroyUserSessions } from '#server/features/session/mutations.ts';
import { balanceOfLocked } from './data.ts';
import { ERASURE_STEPS } from './erasure-steps.ts';

/**
 * The lifecycle of a closed account (decision 069): closing (sessions end at once, the grace
 * period starts), reopening (a sign-in within the grace period), erasure (at its end). Each change
 * writes its audit entry in its own transaction; an operator is named when support closed it.
 */

type Deps = Pick<AppContext, 'db' | 'realtime' | 'sessionCache'>;

/** Who closed it: the member herself, or an operator on her written request (its reference and reason). */
export type ClosedBy = { operatorId: number; reason: string; reference: string; key?: string } | null;

const DAY_MS = 86_400_000;
export const erasureDue = (closingAt: Date) => new Date(closingAt.getTime() + ACCOUNT_GRACE_DAYS * DAY_MS);

/**
 * Closes an active (or blocked, when support acts) account: marked closing with the time, every
 * session ended, her sockets told `user:logout`. Answers when erasure is due, or false when the
 * account was not open (closing already, erased, or unknown): nothing changed. `tellSockets` runs
 * the sockets' notice: at once by default; her own request's route defers it until its answer is
 * out, so her browser's refetch of the session finds the visitor session that answer sets.
 */
export async function closeAccount(
  deps: Deps,
  userId: number,
  by: ClosedBy,
  { now = new Date(), tellSockets = (tell: () => void) => tell() } = {},
): Promise<{ erasesAt: Date; sessionsEnded: number } | false> {
  const from = by ? ['active', 'blocked'] : ['active'];
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      // In SET, status still names the old value: a blocked account closed by support is never reopened by a sign-in.
      .set({ status: 'closing', closingAt: now, closingFrom: sql`${users.status}`, updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          sql`${users.status} in (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      )
      .returning({ id: users.id });
    if (!row) return false;
    const sessionsEnded = await destroyUserSessions(tx, userId);
    const erasesAt = erasureDue(now);
    await recordAudit(tx, {
      operatorId: by?.operatorId ?? null,
      action: by ? 'member.close' : 'member.close_request',
      subjectType: 'user',
      subjectId: userId,
      before: null,
      after: {
        status: 'closing',
        erasesAt: erasesAt.toISOString(),
        sessionsEnded,
        ...(by ? { reference: by.reference } : {}),
      },
      reason: by?.reason ?? null,
      formKey: by?.key ?? null,
    });
    return { erasesAt, sessionsEnded };
  });
  if (done) {
    deps.sessionCache.forgetUser(userId);
    tellSockets(() => deps.realtime.sessionsEnded({ userId }));
  }
  return done;
}

/**
 * A sign-in within the grace period: the account is open again. False when it was not closing.
 * One support closed while it was blocked is not reopened: it throws user_blocked, so no sign-in
 * way (password, link, Google, passkey, second step) starts a session for it.
 */
export async function reopenAccount(deps: Pick<Deps, 'db' | 'sessionCache'>, userId: number, now = new Date()) {
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: 'active', closingAt: null, closingFrom: null, updatedAt: now })
      .where(
        and(eq(users.id, userId), eq(users.status, 'closing'), sql`${users.closingFrom} is distinct from 'blocked'`),
      )
      .returning({ id: users.id });
    if (!row) {
      const [shut] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.status, 'closing'), eq(users.closingFrom, 'blocked')));
      if (shut) throw userBlocked();
      return false;
    }
    await recordAudit(tx, {
      operatorId: null,
      action: 'member.reopen',
      subjectType: 'user',
      subjectId: userId,
      before: { status: 'closing' },
      after: { status: 'active' },
    });
    return true;
  });
  if (done) deps.sessionCache.forgetUser(userId);
  return done;
}

/**
 * Erases a closing account whose grace period has ended: the coins left go through the ledger
 * (forfeit, once per account), then every step of ERASURE_STEPS, then the audit entry; all in one
 * transaction, so an erasure is whole or not at all. False when it is not (or no longer) due.
 */
export async function eraseAccount(
  deps: Deps,
  userId: number,
  now = new Date(),
): Promise<{ forfeited: number } | false> {
  const done = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, email: users.email, closingAt: users.closingAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'closing')))
      .for('update');
    if (!account?.closingAt || erasureDue(account.closingAt) > now) return false;
    // Nobody spends on a closing account (no session can act for it), so the balance read under the
    // wallet's lock is what the debit takes; a replayed key would take nothing twice.
    const balance = await balanceOfLocked(tx, userId);
    if (balance > 0) {
      const taken = await debit(
        deps,
        { userId, amount: balance, reason: 'forfeit', reference: `user:${userId}`, idempotencyKey: forfeitKey(userId) },
        { within: tx },
      );
      if (!taken.ok) throw new Error(`the forfeit of account ${userId} found fewer coins than its wallet held`);
    }
    for (const step of ERASURE_STEPS) await step.run(tx, account);
    await recordAudit(tx, {
      operatorId: null,
      action: 'member.erase',
      subjectType: 'user',
      subjectId: userId,
      before: { status: 'closing' },
      after: { status: 'cancelled', coinsForfeited: balance, steps: ERASURE_STEPS.map((s) => s.table) },
    });
    return { forfeited: balance };
  });
  if (done) {
    deps.sessionCache.forgetUser(userId);
    if (done.forfeited > 0) deps.realtime.toUser(userId, 'user:coins', { coins: 0 });
  }
  return done;
}
