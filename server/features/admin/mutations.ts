import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { type OperatorRole, operatorSessions, operators } from '#server/db/schema/operators.ts';
import { newToken } from '#server/features/session/tokens.ts';
import { normalEmail, type OperatorRow } from './data.ts';
import { storedOperatorKey } from './operator-key.ts';
import { hashOperatorToken } from './tokens.ts';

/** An operator's session ends this long after sign-in, whatever happens in between. */
export const OPERATOR_SESSION_HOURS = 12;

/**
 * A new operator with the TOTP key `appKey` (base32), stored sealed for her id when there is a
 * `sealKey` (operator-key.ts): the id is taken from the sequence first, so the row is written once,
 * whole. An address taken wastes that number only.
 */
export async function createOperator(
  db: DbOrTx,
  init: { email: string; displayName: string; passwordHash: string; roles: OperatorRole[]; appKey: string },
  sealKey: string | null,
): Promise<OperatorRow | 'email_taken'> {
  const { appKey, ...fields } = init;
  const next = await db.execute(sql`select nextval(pg_get_serial_sequence('operators', 'id'))::int as id`);
  const id = (next as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id === undefined) throw new Error('no operator id from the sequence');
  try {
    const [row] = await db
      .insert(operators)
      .values({ ...fields, id, email: normalEmail(init.email), totpSecret: storedOperatorKey(sealKey, id, appKey) })
      .returning();
    if (!row) throw new Error('operator insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'operators_email_unique')) return 'email_taken';
    throw err;
  }
}

/**
 * Uses up a TOTP step: one conditional update that succeeds only for a step later than the last
 * one accepted, so a code (or an older one) cannot sign in twice, even by two requests at once.
 */
export async function claimTotpStep(db: DbOrTx, operatorId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return rows.length === 1;
}

/** A new session: the token for the cookie, only its keyed hash in the table. The operator's expired ones go. */
export async function createOperatorSession(
  db: DbOrTx,
  secret: string,
  operatorId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000);
  await db
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), lt(operatorSessions.expiresAt, now)));
  await db
    .insert(operatorSessions)
    .values({ id: hashOperatorToken(secret, token), operatorId, expiresAt, createdAt: now });
  await db.update(operators).set({ lastSignInAt: now }).where(eq(operators.id, operatorId));
  return { token, expiresAt };
}

export async function destroyOperatorSession(db: DbOrTx, id: string) {
  await db.delete(operatorSessions).where(eq(operatorSessions.id, id));
}

export async function setOperatorDisabled(db: DbOrTx, operatorId: number, disabled: boolean) {
  await db.update(operators).set({ disabled, updatedAt: new Date() }).where(eq(operators.id, operatorId));
}
