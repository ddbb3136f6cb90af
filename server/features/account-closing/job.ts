import type { AppContext } from '#server/context.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';
import { dueForErasure } from './data.ts';
import { eraseAccount } from './mutations.ts';

/** The erasure runs hourly: an account is erased within the hour after its grace period ends. */
export const ERASURE_EVERY_MS = 60 * 60_000;
const BATCH = 200;

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Erases the closing accounts whose grace period has ended, each in its own transaction: one that
 * fails is logged and tried again on the next run, the others go on.
 */
export function erasureJob(deps: Pick<AppContext, 'db' | 'realtime' | 'sessionCache'>, log: Log): PeriodicJob {
  return {
    everyMs: ERASURE_EVERY_MS,
    run: async (now) => {
      const due = await dueForErasure(deps.db, now, BATCH);
      let erased = 0;
      for (const userId of due) {
        try {
          if (await eraseAccount(deps, userId, now)) erased += 1;
        } catch (err) {
          log.error({ err, userId }, 'account erasure failed');
        }
      }
      if (due.length) log.info({ due: due.length, erased }, 'closed accounts erased');
    },
  };
}
