import { DrizzleQueryError } from 'drizzle-orm';

/** True when a query failed on a unique index (by name, when given): a lost race, not a bug. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e =
    (err as { cause?: { code?: string; constraint?: string } }).cause ??
    (err as { code?: string; constraint?: string });
  return e?.code === '23505' && (constraint === undefined || e.constraint === undefined || e.constraint === constraint);
}

type DriverError = Error & { code?: unknown; severity?: unknown; constraint?: unknown };

/** An error the database answered (pg or PGlite): it carries a SQLSTATE and a severity. */
const isDriverError = (e: unknown): e is DriverError =>
  e instanceof Error &&
  typeof (e as DriverError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((e as DriverError).code as string) &&
  typeof (e as DriverError).severity === 'string';

/** What of a failed query may be written to a log. */
export type QueryFailure = { query?: string; sqlState?: string; constraint?: string };

/**
 * The loggable facts of a failed query anywhere in an error's cause chain, or null when the
 * error has none: the statement with its placeholders, the SQLSTATE and the constraint. Never the
 * parameters (login names, addresses, tokens, which Drizzle's message lists) nor the server's
 * message and detail, which can quote them ("Key (email)=(…) already exists", "invalid input
 * syntax for type integer: …").
 */
export function queryFailure(err: unknown): QueryFailure | null {
  let query: string | undefined;
  let driver: DriverError | undefined;
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 10; depth++, e = e.cause) {
    if (e instanceof DrizzleQueryError) query ??= e.query;
    else if (isDriverError(e)) driver ??= e;
  }
  if (query === undefined && driver === undefined) return null;
  return {
    ...(query !== undefined ? { query } : {}),
    ...(typeof driver?.code === 'string' ? { sqlState: driver.code } : {}),
    ...(typeof driver?.constraint === 'string' ? { constraint: driver.constraint } : {}),
  };
}
