import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { performerSessions, performers } from '#server/db/schema/performers.ts';
import { normalEmail } from '#server/features/session/scoped.ts';
import { newToken } from '#server/features/session/tokens.ts';
import type { PerformerRow } from './data.ts';
import { hashPerformerToken } from './session.ts';

/** A performer's session ends this long after sign-in (a long show fits), whatever happens in between. */
export const PERFORMER_SESSION_HOURS = 16;

export async function createPerformer(
  db: DbOrTx,
  init: { email: string; showId: number; passwordHash: string },
): Promise<PerformerRow | 'email_taken' | 'show_taken'> {
  try {
    const [row] = await db
      .insert(performers)
      .values({ ...init, email: normalEmail(init.email) })
      .returning();
    if (!row) throw new Error('performer insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'performers_email_unique')) return 'email_taken';
    if (isUniqueViolation(err, 'performers_show_unique')) return 'show_taken';
    throw err;
  }
}

/** A new session: the token for the cookie, only its keyed hash in the table. Her expired ones go. */
export async function createPerformerSession(
  db: DbOrTx,
  secret: string,
  performerId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PERFORMER_SESSION_HOURS * 3_600_000);
  await db
    .delete(performerSessions)
    .where(and(eq(performerSessions.performerId, performerId), lt(performerSessions.expiresAt, now)));
  await db
    .insert(performerSessions)
    .values({ id: hashPerformerToken(secret, token), performerId, expiresAt, createdAt: now });
  await db.update(performers).set({ lastSignInAt: now }).where(eq(performers.id, performerId));
  return { token, expiresAt };
}

/** Signing out revokes the session on the server: the cookie alone opens nothing any more. */
export async function revokePerformerSession(db: DbOrTx, id: string, now = new Date()) {
  await db.update(performerSessions).set({ revokedAt: now }).where(eq(performerSessions.id, id));
}

/** Revokes every session of a performer (her account disabled, her password replaced). */
export async function revokePerformerSessions(db: DbOrTx, performerId: number, now = new Date()) {
  await db.update(performerSessions).set({ revokedAt: now }).where(eq(performerSessions.performerId, performerId));
}

export async function setPerformerStatus(db: DbOrTx, performerId: number, status: PerformerRow['status']) {
  await db.update(performers).set({ status }).where(eq(performers.id, performerId));
  if (status === 'disabled') await revokePerformerSessions(db, performerId);
}
