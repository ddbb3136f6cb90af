import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/sessions.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function findSession(db: DbOrTx, id: string, now = new Date()): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Whether a user still has a live session anywhere (another device, another browser). */
export async function hasUserSessions(db: DbOrTx, userId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** The ids of a user's live sessions: the ones whose sockets may still hear member events. */
export async function liveSessionIds(db: DbOrTx, userId: number, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return rows.map((r) => r.id);
}
