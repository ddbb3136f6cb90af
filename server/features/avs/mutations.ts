import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AgeCheckTarget } from '#common/api/avs.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { ageChecks } from '#server/db/schema/avs.ts';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import type { AgeCheckEvent } from '#server/providers/avs/types.ts';
import type { AgeCheckRow } from './data.ts';

/** Provider callbacks share the audit table of payment events under this prefix. */
const eventSource = (provider: string) => `avs:${provider}`;

/** A new pending check under our reference, before the browser goes to the provider. */
export async function openCheck(
  db: DbOrTx,
  c: { provider: string; reference: string; sessionId: string; userId: number | null; target: AgeCheckTarget | null },
): Promise<AgeCheckRow> {
  const [row] = await db
    .insert(ageChecks)
    .values({
      provider: c.provider,
      providerRef: c.reference,
      sessionId: c.sessionId,
      userId: c.userId,
      target: c.target,
    })
    .returning();
  if (!row) throw new Error('age check insert returned nothing');
  return row;
}

/** Removes a check the provider never opened (its start failed). */
export async function dropPendingCheck(db: DbOrTx, id: number) {
  await db.delete(ageChecks).where(and(eq(ageChecks.id, id), eq(ageChecks.state, 'pending')));
}

export type CheckEventResult =
  | { kind: 'unknown' }
  | { kind: 'replayed' | 'ignored'; check: AgeCheckRow }
  | { kind: 'applied'; check: AgeCheckRow; sessionIds: string[] };

/**
 * Applies a verified provider verdict in one transaction. The event id is recorded first, so a
 * replay finds it and changes nothing; only a pending check changes (a second verdict is kept
 * for the record and ignored). A pass marks the member (age_verified_at, first pass kept) and
 * sets `agechecked` in the session that asked and in every session of that member.
 */
export async function applyCheckEvent(
  db: DbOrTx,
  provider: string,
  e: AgeCheckEvent,
  now = new Date(),
): Promise<CheckEventResult> {
  return db.transaction(async (tx): Promise<CheckEventResult> => {
    const [check] = await tx
      .select()
      .from(ageChecks)
      .where(and(eq(ageChecks.provider, provider), eq(ageChecks.providerRef, e.reference)))
      .for('update');
    if (!check) return { kind: 'unknown' };
    const pending = check.state === 'pending';
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: eventSource(provider),
        eventId: e.eventId,
        kind: e.type,
        payload: { check: check.id, type: e.type, reason: e.failure },
        outcome: pending ? 'applied' : `ignored:${check.state}`,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return { kind: 'replayed', check };
    if (!pending) return { kind: 'ignored', check };

    const passed = e.type === 'check.passed';
    const [done] = await tx
      .update(ageChecks)
      .set({ state: passed ? 'passed' : 'failed', failureCode: passed ? null : e.failure, completedAt: now })
      .where(and(eq(ageChecks.id, check.id), eq(ageChecks.state, 'pending')))
      .returning();
    if (!done) throw new Error('a locked pending age check did not change');
    if (!passed) return { kind: 'applied', check: done, sessionIds: [] };

    if (done.userId !== null) {
      await tx
        .update(users)
        .set({
          ageVerifiedAt: sql`coalesce(${users.ageVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, done.userId));
    }
    const whose = [
      ...(done.sessionId ? [eq(sessions.id, done.sessionId)] : []),
      ...(done.userId !== null ? [eq(sessions.userId, done.userId)] : []),
    ];
    const touched = whose.length
      ? await tx
          .update(sessions)
          .set({ data: sql`${sessions.data} || ${JSON.stringify({ agechecked: true })}::jsonb` })
          .where(or(...whose))
          .returning({ id: sessions.id })
      : [];
    return { kind: 'applied', check: done, sessionIds: touched.map((s) => s.id) };
  });
}

/**
 * At login: the checks this browser ran before (as a visitor) become the member's, so a pass
 * marks the account (now or when a pending one passes later). Answers whether the member is
 * age-verified, which the new session starts with.
 */
export async function adoptAgeChecks(db: DbOrTx, userId: number, sessionId: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (sessionId) {
      const adopted = await tx
        .update(ageChecks)
        .set({ userId })
        .where(and(eq(ageChecks.sessionId, sessionId), isNull(ageChecks.userId)))
        .returning({ state: ageChecks.state, completedAt: ageChecks.completedAt });
      const pass = adopted.find((c) => c.state === 'passed');
      if (pass) {
        const at = pass.completedAt ?? new Date();
        await tx
          .update(users)
          .set({ ageVerifiedAt: sql`coalesce(${users.ageVerifiedAt}, ${at.toISOString()}::timestamptz)` })
          .where(eq(users.id, userId));
      }
    }
    const [user] = await tx.select({ at: users.ageVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
    return Boolean(user?.at);
  });
}
