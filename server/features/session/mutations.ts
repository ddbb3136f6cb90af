import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { type SessionData, sessions } from '#server/db/schema/sessions.ts';
import type { SessionRow } from './data.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 86_400_000;
export const sessionExpiry = (now = new Date()) => new Date(now.getTime() + SESSION_DAYS * DAY_MS);

export async function createSession(
  db: DbOrTx,
  secret: string,
  init: { userId: number | null; domain: string; data: SessionData; addressHash?: string | null },
): Promise<{ token: string; row: SessionRow }> {
  const token = newToken();
  // Every time of the row from the process's clock, as its later touches are: the database's own
  // clock may differ, and a session would then be touched (or expire) early.
  const now = new Date();
  const [row] = await db
    .insert(sessions)
    .values({
      id: hashToken(secret, token),
      userId: init.userId,
      domain: init.domain,
      data: init.data,
      addressHash: init.addressHash ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry(now),
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return { token, row };
}

export async function updateSessionData(
  db: DbOrTx,
  id: string,
  patch: Partial<SessionData>,
): Promise<SessionRow | null> {
  // Merged in SQL so two concurrent calls cannot drop each other's keys.
  const [row] = await db
    .update(sessions)
    .set({ data: sql`${sessions.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sessions.id, id))
    .returning();
  return row ?? null;
}

/** Slides the expiry; called at most every few minutes per session. */
export async function touchSession(db: DbOrTx, id: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: sessionExpiry(now) })
    .where(eq(sessions.id, id));
}

/** A guest session seen from another address: her free chat time and bans follow it (decision 041). */
export async function noteGuestAddress(db: DbOrTx, id: string, addressHash: string) {
  await db
    .update(sessions)
    .set({ addressHash })
    .where(and(eq(sessions.id, id), isNull(sessions.userId)));
}

export async function destroySession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user (password change, cancellation), except one that is kept. */
export async function destroyUserSessions(db: DbOrTx, userId: number, exceptId?: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Deletes the sessions whose expiry has passed (nothing reads them again: every read asks for a
 * live one), `batch` rows a statement on the expiry's index, so no statement grows with the
 * backlog. Answers how many went.
 */
export async function purgeExpiredSessions(db: DbOrTx, now = new Date(), batch = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, now)).limit(batch);
    const rows = await db.delete(sessions).where(inArray(sessions.id, expired)).returning({ id: sessions.id });
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
