import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { operatorSessions, operators } from '#server/db/schema/operators.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** Addresses are kept in lower case and compared so. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export async function findOperatorByEmail(db: DbOrTx, email: string): Promise<OperatorRow | null> {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(operators.email, normalEmail(email)))
    .limit(1);
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
