import { and, eq, gt, inArray } from 'drizzle-orm';
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

/** The live sessions of many users in one query: each user's ids (users without any are absent). */
export async function liveSessionIdsOf(
  db: DbOrTx,
  userIds: number[],
  now = new Date(),
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (!userIds.length) return found;
  const rows = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), gt(sessions.expiresAt, now)));
  for (const row of rows) {
    if (row.userId === null) continue;
    const ids = found.get(row.userId) ?? [];
    ids.push(row.id);
    found.set(row.userId, ids);
  }
  return found;
}
