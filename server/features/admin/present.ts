import type { OperatorRole } from '#server/db/schema/operators.ts';
import type { OperatorRow } from './data.ts';

/** What the console shows of an operator: never the hash, the TOTP key or its last step. */
export type PresentedOperator = { id: number; email: string; displayName: string; roles: OperatorRole[] };

export const presentOperator = (row: OperatorRow): PresentedOperator => ({
  id: row.id,
  email: row.email,
  displayName: row.displayName,
  roles: row.roles,
});
