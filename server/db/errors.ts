/** True when a query failed on a unique index (by name, when given): a lost race, not a bug. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e =
    (err as { cause?: { code?: string; constraint?: string } }).cause ??
    (err as { code?: string; constraint?: string });
  return e?.code === '23505' && (constraint === undefined || e.constraint === undefined || e.constraint === constraint);
}
