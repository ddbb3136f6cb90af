import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { performerApplications } from '#server/db/schema/onboarding.ts';
import { performers } from '#server/db/schema/performers.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';
import type { Storage } from '#server/providers/storage/storage.ts';

/**
 * A rejected applicant's identity pictures are kept this many days after the decision (for her
 * questions about it and the operators' answer), then deleted (decision 030). An approved
 * performer's stay with her 2257 record.
 */
export const REJECTED_PICTURES_KEPT_DAYS = 30;
const DAY_MS = 86_400_000;
/** How often the pictures past their time are looked for. */
export const RETENTION_SWEEP_MS = 3_600_000;
const BATCH = 100;

type Log = { info: (obj: object, msg: string) => void };

/**
 * Deletes the identity pictures of applications rejected more than `keptDays` before `now`: the
 * files first, then the keys, so a run that fails halfway is finished by the next one (a file gone
 * already is no error). Answers the performers whose pictures went.
 */
export async function deleteRejectedPictures(
  db: DbOrTx,
  storage: Storage,
  now = new Date(),
  keptDays = REJECTED_PICTURES_KEPT_DAYS,
): Promise<number[]> {
  const before = new Date(now.getTime() - keptDays * DAY_MS);
  const due = await db
    .select({
      performerId: performerApplications.performerId,
      idFrontKey: performerApplications.idFrontKey,
      idBackKey: performerApplications.idBackKey,
      selfieKey: performerApplications.selfieKey,
    })
    .from(performerApplications)
    .innerJoin(performers, eq(performers.id, performerApplications.performerId))
    .where(
      and(
        eq(performers.status, 'rejected'),
        isNotNull(performerApplications.decidedAt),
        lt(performerApplications.decidedAt, before),
        or(
          isNotNull(performerApplications.idFrontKey),
          isNotNull(performerApplications.idBackKey),
          isNotNull(performerApplications.selfieKey),
        ),
      ),
    )
    .limit(BATCH);
  const done: number[] = [];
  for (const row of due) {
    for (const key of [row.idFrontKey, row.idBackKey, row.selfieKey]) if (key) await storage.delete(key);
    await db
      .update(performerApplications)
      .set({ idFrontKey: null, idBackKey: null, selfieKey: null })
      .where(eq(performerApplications.performerId, row.performerId));
    done.push(row.performerId);
  }
  return done;
}

/** The sweep every RETENTION_SWEEP_MS, in one of the processes (a periodic job, decision 050). */
export function pictureRetentionJob(db: DbOrTx, storage: Storage, log: Log): PeriodicJob {
  return {
    everyMs: RETENTION_SWEEP_MS,
    run: async (now) => {
      const performerIds = await deleteRejectedPictures(db, storage, now);
      if (performerIds.length) log.info({ performerIds }, 'rejected applicants’ identity pictures deleted');
    },
  };
}
