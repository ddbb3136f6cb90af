import type { DbOrTx } from '#server/db/client.ts';
import { repeatEvery } from '#server/repeat.ts';
import { purgeExpiredSessions } from './mutations.ts';

/** How often each process deletes the sessions past their expiry. */
export const SESSION_SWEEP_MS = 86_400_000;
/**
 * The first sweep after a start: soon, since a process may not live a whole day (deploys,
 * restarts), but not in the start's own busy moment.
 */
export const SESSION_SWEEP_FIRST_MS = 300_000;

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Deletes the expired browser sessions once a day in this process (the first time
 * SESSION_SWEEP_FIRST_MS after the start); a session's expiry slides with use (SESSION_DAYS), so
 * only those unused that long go. Answers the stop function.
 */
export function startSessionSweep(
  db: DbOrTx,
  log: Log,
  everyMs = SESSION_SWEEP_MS,
  firstAfterMs = SESSION_SWEEP_FIRST_MS,
) {
  return repeatEvery(
    everyMs,
    async () => {
      const sessions = await purgeExpiredSessions(db);
      if (sessions) log.info({ sessions }, 'expired sessions deleted');
    },
    (err) => log.warn({ err }, 'expired session sweep failed'),
    firstAfterMs,
  );
}
