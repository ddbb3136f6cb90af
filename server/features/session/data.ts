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
