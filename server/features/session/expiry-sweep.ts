import type { DbOrTx } from '#server/db/client.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';
import { purgeExpiredSessions } from './mutations.ts';

/** How often the sessions past their expiry are deleted (in one of the processes). */
export const SESSION_SWEEP_MS = 86_400_000;
/**
 * The first sweep after the job's row is made: soon, since a fresh installation may not live a
 * whole day, but not in the start's own busy moment. Later starts keep the row's time.
 */
export const SESSION_SWEEP_FIRST_MS = 300_000;

type Log = { info: (obj: object, msg: string) => void };

/**
 * Deletes the expired browser sessions once a day (a periodic job, decision 050); a session's
 * expiry slides with use (SESSION_DAYS), so only those unused that long go.
 */
export function sessionSweepJob(db: DbOrTx, log: Log): PeriodicJob {
  return {
    everyMs: SESSION_SWEEP_MS,
    firstAfterMs: SESSION_SWEEP_FIRST_MS,
    run: async (now) => {
      const sessions = await purgeExpiredSessions(db, now);
      if (sessions) log.info({ sessions }, 'expired sessions deleted');
    },
  };
}
