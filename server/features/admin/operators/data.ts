import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { type OperatorRole, operators } from '#server/db/schema/operators.ts';

/** What the operators screen reads of each operator: never the hash, the TOTP key or its last step. */
export type OperatorListRow = {
  id: number;
  email: string;
  displayName: string;
  roles: OperatorRole[];
  disabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
};

const listed = {
  id: operators.id,
  email: operators.email,
  displayName: operators.displayName,
  roles: operators.roles,
  disabled: operators.disabled,
  lastSignInAt: operators.lastSignInAt,
  createdAt: operators.createdAt,
};

/** Every operator (a team, not a crowd): enabled ones first, then by name. */
export const listOperators = (db: DbOrTx): Promise<OperatorListRow[]> =>
  db.select(listed).from(operators).orderBy(asc(operators.disabled), asc(operators.displayName), asc(operators.id));

export async function listedOperator(db: DbOrTx, id: number): Promise<OperatorListRow | null> {
  const [row] = await db.select(listed).from(operators).where(eq(operators.id, id));
  return row ?? null;
}
