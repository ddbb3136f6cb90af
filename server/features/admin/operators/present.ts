import type { ListedOperator } from '#common/api/admin-operators.ts';
import type { OperatorListRow } from './data.ts';

/** An operator as the console's screens get her: her own fields only, times as ISO 8601. */
export const presentListedOperator = (row: OperatorListRow): ListedOperator => ({
  id: row.id,
  email: row.email,
  displayName: row.displayName,
  roles: row.roles,
  disabled: row.disabled,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
