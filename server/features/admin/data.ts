import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { operatorSessions, operators } from '#server/db/schema/operators.ts';
import { normalEmail } from '#server/features/session/scoped.ts';

export type OperatorRow = typeof operators.$inferSelect;

export { normalEmail } from '#server/features/session/scoped.ts';

export async function findOperatorByEmail(db: DbOrTx, email: string): Promise<OperatorRow | null> {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(operators.email, normalEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findOperatorById(db: DbOrTx, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row ?? null;
}

/** The operator of a live session (by its keyed hash); a disabled operator has none. */
export async function findOperatorBySession(db: DbOrTx, id: string, now = new Date()): Promise<OperatorRow | null> {
  const [row] = await db
    .select({ operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.id, id), gt(operatorSessions.expiresAt, now), eq(operators.disabled, false)))
    .limit(1);
  return row?.operator ?? null;
}
