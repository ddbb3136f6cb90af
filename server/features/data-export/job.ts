import { createHmac, randomBytes } from 'node:crypto';
import type { Locale } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { readme, zipOfCopy } from './archive.ts';
import { exportById, memberAddress } from './data.ts';
import { expireLinks, markFailed, markFileDeleted, markReady } from './mutations.ts';

export const BUILD_JOB = 'data-export-build';
export const CLEANUP_JOB = 'data-export-cleanup';
/** How often run-out archives are looked for and deleted. */
export const CLEANUP_EVERY_MS = 10 * 60_000;

export type BuildPayload = { exportId: number };
type Deps = Pick<AppContext, 'db' | 'storage' | 'mailer' | 'config'>;
type Log = { warn: (obj: object, msg: string) => void };

/** The keyed hash a link's token is kept as. */
export const linkHash = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`data-export:${token}`).digest('base64url');

/** Where an archive lies in storage; its name carries no guessable part. */
const keyFor = (userId: number, exportId: number) =>
  `data-exports/${userId}/${exportId}-${randomBytes(12).toString('hex')}.zip`;

/**
 * Builds one requested copy: streams the ZIP into storage, records it ready with the link's hash,
 * and mails her the link. A failure is retried by the scheduler; the row is marked failed when the
 * last attempt gives up (the member may then ask again the next day; operators see the error).
 */
export async function buildCopy(deps: Deps, payload: BuildPayload, now: Date): Promise<void> {
  const row = await exportById(deps.db, payload.exportId);
  if (row?.status !== 'pending') return;
  const email = await memberAddress(deps.db, row.userId);
  if (!email) return markFailed(deps.db, row.id, 'member gone');
  const locale = row.locale as Locale;
  const scope = { db: deps.db, userId: row.userId, locale, cookieChoice: row.cookieChoice, askedAt: row.requestedAt };
  const key = keyFor(row.userId, row.id);
  const text = readme(scope, { site: deps.config.site.name, email });
  await deps.storage.putStream(key, zipOfCopy(scope, text));
  const token = randomBytes(32).toString('base64url');
  await markReady(deps.db, row, {
    storageKey: key,
    sizeBytes: (await deps.storage.size(key)) ?? 0,
    tokenHash: linkHash(deps.config.sessionSecret, token),
    now,
  });
  await deps.mailer.send({
    to: email,
    template: 'data_export',
    locale,
    vars: { link: `${deps.config.publicUrl}/users/profile/settings?data_export=${token}#your-data` },
  });
}

/** Runs out links past their 24 hours and deletes the files of used and run-out archives. */
export async function cleanUp(deps: Pick<Deps, 'db' | 'storage'>, now: Date, log: Log): Promise<number> {
  const due = await expireLinks(deps.db, now);
  for (const row of due) {
    try {
      if (row.storageKey) await deps.storage.delete(row.storageKey);
      await markFileDeleted(deps.db, row.id, now);
    } catch (err) {
      log.warn({ err, export: row.id }, 'data export file not deleted');
    }
  }
  return due.length;
}

/** A build failing this long after the request is given up: the member sees it failed. */
const GIVE_UP_AFTER_MS = 60 * 60_000;

/** The delayed job's handler: failures are retried (decision 050) until an hour has passed. */
export async function buildOrFail(deps: Deps, payload: BuildPayload, now: Date): Promise<void> {
  try {
    await buildCopy(deps, payload, now);
  } catch (err) {
    const row = await exportById(deps.db, payload.exportId);
    if (!row || now.getTime() - row.requestedAt.getTime() < GIVE_UP_AFTER_MS) throw err;
    await markFailed(deps.db, row.id, err instanceof Error ? err.message : String(err));
  }
}
