/**
 * The timing of API processes' leases and of timed work shared between processes (decision 050).
 * Pure: the server's loops and the tests read the same figures.
 */

/**
 * A process renews its lease this often. Short enough that a dead process's chat sessions are
 * settled well within 30 s (LEASE_LIFE_MS + one renewal of the others); long enough that the
 * renewals cost nothing (one indexed update per process every 5 s).
 */
export const LEASE_RENEW_MS = 5_000;

/**
 * A lease lasts this long from its renewal: three renewals, so a process that misses one or two
 * (a long garbage collection, a slow database moment) is not taken for dead. Dead to settled:
 * at most LEASE_LIFE_MS + LEASE_RENEW_MS = 20 s.
 */
export const LEASE_LIFE_MS = 3 * LEASE_RENEW_MS;

/** Until when a lease renewed at `now` holds. */
export const leaseUntil = (now: Date): Date => new Date(now.getTime() + LEASE_LIFE_MS);

/** A lease that ran out by `now`: its process is dead (or lost for as long), its work goes to another. */
export const leaseExpired = (until: Date, now: Date): boolean => until.getTime() <= now.getTime();

/** The pause after the first failed attempt of a delayed job; it doubles with every further one. */
export const JOB_FIRST_RETRY_MS = 5_000;
export const JOB_MAX_RETRY_MS = 10 * 60_000;
/** A delayed job is given up after this many failed attempts (about an hour of retries). */
export const JOB_MAX_ATTEMPTS = 10;

/** The pause before attempt `attempts + 1` of a delayed job, after `attempts` failed ones. */
export const jobRetryDelayMs = (attempts: number): number =>
  Math.min(JOB_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), JOB_MAX_RETRY_MS);
