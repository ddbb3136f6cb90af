import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type IdCheckStartRefusal, idCheckStartRefusal } from '#common/domain/id-check-attempts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  type IdCheckState,
  idCheckAttempts,
  idCheckEvents,
  performerApplications,
} from '#server/db/schema/onboarding.ts';
import type { IdCheckEvent } from '#server/providers/idcheck/types.ts';

/**
 * Her identity checks: each start is an attempt of its own (a new reference, a new session at the
 * provider), kept in `id_check_attempts`; the application holds the current one. The provider's
 * verified reports change the attempt they name, and the application while it is the current one.
 */

export type AttemptRow = typeof idCheckAttempts.$inferSelect;

/** The application's columns of the current check, as they were before a start. */
type CurrentCheck = Pick<
  typeof performerApplications.$inferSelect,
  'idCheckProvider' | 'idCheckRef' | 'idCheckState' | 'idCheckReason' | 'idCheckUpdatedAt' | 'submittedAt'
>;

export type CheckStart =
  | { ok: true; reference: string; previous: CurrentCheck }
  | { ok: false; refused: IdCheckStartRefusal | 'closed' };

/**
 * Starts an attempt under a new reference, if the rules let her (common/domain/id-check-attempts.ts);
 * the application enters the moderators' queue. The row is locked, so of two starts at once one
 * wins and the other finds the check under way.
 */
export async function markCheckStarted(
  db: DbOrTx,
  performerId: number,
  provider: string,
  now = new Date(),
): Promise<CheckStart> {
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(performerApplications)
      .where(eq(performerApplications.performerId, performerId))
      .for('update');
    if (!a || a.decidedAt) return { ok: false as const, refused: 'closed' as const };
    const attempts = await attemptCount(tx, performerId);
    const refused = idCheckStartRefusal({ state: a.idCheckState, updatedAt: a.idCheckUpdatedAt, attempts }, now);
    if (refused) return { ok: false as const, refused };
    const reference = `pa_${performerId}_${randomBytes(9).toString('base64url')}`;
    await tx.insert(idCheckAttempts).values({ performerId, provider, reference, startedAt: now, updatedAt: now });
    await tx
      .update(performerApplications)
      .set({
        idCheckProvider: provider,
        idCheckRef: reference,
        idCheckState: 'started',
        idCheckReason: null,
        idCheckUpdatedAt: now,
        submittedAt: a.submittedAt ?? now,
      })
      .where(eq(performerApplications.performerId, performerId));
    const previous: CurrentCheck = {
      idCheckProvider: a.idCheckProvider,
      idCheckRef: a.idCheckRef,
      idCheckState: a.idCheckState,
      idCheckReason: a.idCheckReason,
      idCheckUpdatedAt: a.idCheckUpdatedAt,
      submittedAt: a.submittedAt,
    };
    return { ok: true as const, reference, previous };
  });
}

/** Notes the provider's own id of the session it opened for this attempt. */
export async function recordProviderSession(db: DbOrTx, provider: string, reference: string, session: string) {
  await db
    .update(idCheckAttempts)
    .set({ providerSession: session })
    .where(and(eq(idCheckAttempts.provider, provider), eq(idCheckAttempts.reference, reference)));
}

/**
 * Takes back a start the provider did not accept (it was down, or did not answer in time): the
 * attempt is not counted, and her check is where it was before, so she can simply try again.
 */
export async function undoCheckStart(
  db: DbOrTx,
  performerId: number,
  start: { reference: string; previous: CurrentCheck },
) {
  await db.transaction(async (tx) => {
    await tx.delete(idCheckAttempts).where(eq(idCheckAttempts.reference, start.reference));
    await tx
      .update(performerApplications)
      .set(start.previous)
      .where(
        and(eq(performerApplications.performerId, performerId), eq(performerApplications.idCheckRef, start.reference)),
      );
  });
}

/** How many checks she has started. */
export async function attemptCount(db: DbOrTx, performerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idCheckAttempts)
    .where(eq(idCheckAttempts.performerId, performerId));
  return row?.n ?? 0;
}

/** Her attempts, first first. */
export const attemptsOf = (db: DbOrTx, performerId: number): Promise<AttemptRow[]> =>
  db
    .select()
    .from(idCheckAttempts)
    .where(eq(idCheckAttempts.performerId, performerId))
    .orderBy(asc(idCheckAttempts.startedAt), asc(idCheckAttempts.id));

export type IdCheckEventResult =
  | { kind: 'unknown' }
  | { kind: 'replayed' | 'ignored' | 'applied'; performerId: number };

const OPEN: IdCheckState[] = ['started', 'pending'];

/**
 * Applies a verified ID provider report in one transaction: the event id is recorded first, so a
 * replay changes nothing. A report about an attempt that is final already, or of a decided
 * application, is kept for the record and ignored. A report about an earlier attempt changes that
 * attempt's history only. The result never changes her status.
 */
export async function applyIdCheckEvent(
  db: DbOrTx,
  provider: string,
  e: IdCheckEvent,
  now = new Date(),
): Promise<IdCheckEventResult> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(idCheckAttempts)
      .where(and(eq(idCheckAttempts.provider, provider), eq(idCheckAttempts.reference, e.reference)))
      .for('update');
    if (!attempt) return { kind: 'unknown' as const };
    const { performerId } = attempt;
    const [recorded] = await tx
      .insert(idCheckEvents)
      .values({ provider, eventId: e.eventId, reference: e.reference, kind: e.type })
      .onConflictDoNothing()
      .returning({ id: idCheckEvents.id });
    if (!recorded) return { kind: 'replayed' as const, performerId };
    const [application] = await tx
      .select({ decidedAt: performerApplications.decidedAt })
      .from(performerApplications)
      .where(eq(performerApplications.performerId, performerId));
    if (!OPEN.includes(attempt.state) || !application || application.decidedAt) {
      return { kind: 'ignored' as const, performerId };
    }
    const state = e.type === 'check.pending' ? 'pending' : e.type === 'check.passed' ? 'passed' : 'failed';
    await tx
      .update(idCheckAttempts)
      .set({ state, reason: e.reason, updatedAt: now })
      .where(eq(idCheckAttempts.id, attempt.id));
    await tx
      .update(performerApplications)
      .set({ idCheckState: state, idCheckReason: e.reason, idCheckUpdatedAt: now })
      .where(
        and(
          eq(performerApplications.performerId, performerId),
          eq(performerApplications.idCheckProvider, provider),
          eq(performerApplications.idCheckRef, e.reference),
        ),
      );
    return { kind: 'applied' as const, performerId };
  });
}
