import type { Locale } from '#common/constants.ts';
import { may } from '#common/domain/console-policy.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { DASHBOARD_COUNTERS, type DashboardCounter } from './counters.ts';

export type DashboardFigure = { key: string; label: Record<Locale, string>; value: number; href: string | null };

/** The figures an operator holding `roles` may see, counted now (or at `now`). */
export async function dashboardFigures(
  db: DbOrTx,
  roles: readonly OperatorRole[],
  now = new Date(),
  counters: readonly DashboardCounter[] = DASHBOARD_COUNTERS,
): Promise<DashboardFigure[]> {
  const visible = counters.filter((c) => !c.capability || may(roles, c.capability));
  const values = await Promise.all(visible.map((c) => c.count(db, now)));
  return visible.map((c, i) => ({ key: c.key, label: c.label, value: values[i] ?? 0, href: c.href ?? null }));
}
