import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { mediaJobs, type UploadKind, uploads } from '#server/db/schema/uploads.ts';
import { AppError } from '#server/errors.ts';
import type { UploadRow } from './data.ts';
import { createEmptyFile, removeUploadFile } from './files.ts';

export type UploadLimits = {
  videoMaxBytes: number;
  pictureMaxBytes: number;
  perPerformer: number;
  abandonHours: number;
};

export const maxBytesOf = (limits: UploadLimits, kind: UploadKind) =>
  kind === 'video' ? limits.videoMaxBytes : limits.pictureMaxBytes;

/**
 * Announces an upload: refused when it is larger than its kind may be (413) or when she already
 * has as many uploads in progress as she may (429). The count and the insert hold her lock, so
 * two announcements at once cannot both take the last place. The 429's Retry-After is the time
 * until the server gives up her oldest open upload (untouched for `abandonHours`): no slot frees
 * sooner unless she finishes one herself.
 */
export async function createUpload(
  db: Db,
  dir: string,
  limits: UploadLimits,
  input: { performerId: number; kind: UploadKind; size: number; type: string; name: string },
) {
  if (input.size > maxBytesOf(limits, input.kind)) {
    throw new AppError('payload_too_large', { message: 'upload_too_large' });
  }
  const id = randomBytes(16).toString('hex');
  await createEmptyFile(dir, id);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(31, ${input.performerId})`);
      const [open] = await tx
        .select({ n: count(), oldest: min(uploads.touchedAt) })
        .from(uploads)
        .where(and(eq(uploads.performerId, input.performerId), eq(uploads.state, 'receiving')));
      if ((open?.n ?? 0) >= limits.perPerformer) {
        const abandoned = (open?.oldest?.getTime() ?? Date.now()) + limits.abandonHours * 3_600_000;
        const retryAfter = Math.max(1, Math.ceil((abandoned - Date.now()) / 1000));
        throw new AppError('throttled', { retryAfter, message: 'too_many_uploads' });
      }
      const [row] = await tx
        .insert(uploads)
        .values({
          id,
          performerId: input.performerId,
          kind: input.kind,
          size: input.size,
          declaredType: input.type,
          name: input.name,
        })
        .returning();
      if (!row) throw new Error('upload insert returned nothing');
      return row;
    });
  } catch (err) {
    await removeUploadFile(dir, id);
    throw err;
  }
}

/**
 * How long a chunk's claim on its upload lasts. The writer gives up its chunk CHUNK_LEASE_MARGIN_MS
 * before that (the bytes that arrived count), so a claim that lapsed belongs to a process that
 * died, never to one still appending: the next chunk may cut the file back and write.
 */
export const CHUNK_LEASE_MS = 10 * 60_000;
/** Room for the clocks of two machines to differ, and for the writer's last bookkeeping. */
export const CHUNK_LEASE_MARGIN_MS = 30_000;

/** A chunk's hold on its upload: the row as it was claimed; `writingUntil` tells the claim apart. */
export type ChunkClaim = UploadRow & { writingUntil: Date };

/**
 * Claims the upload for one chunk at `offset`, in one conditional statement, so two processes
 * receiving chunks of one upload at once cannot both write: only while it is receiving, the offset
 * is the one recorded (and short of the size) and no other chunk holds a live claim. Null when any of that fails.
 */
export async function claimChunk(
  db: DbOrTx,
  id: string,
  performerId: number,
  offset: number,
  now = new Date(),
): Promise<ChunkClaim | null> {
  const [row] = await db
    .update(uploads)
    .set({ writingUntil: new Date(now.getTime() + CHUNK_LEASE_MS) })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.performerId, performerId),
        eq(uploads.state, 'receiving'),
        eq(uploads.offset, offset),
        // A file received whole is being checked: no chunk reopens it.
        lt(uploads.offset, uploads.size),
        or(isNull(uploads.writingUntil), lte(uploads.writingUntil, now)),
      ),
    )
    .returning();
  return row?.writingUntil ? { ...row, writingUntil: row.writingUntil } : null;
}

/**
 * Ends a chunk's claim, recording how far the file is received (never backwards): only while the
 * claim is still this chunk's. False when it is not (it lapsed and another chunk took the upload,
 * or the upload is gone): then nothing this chunk wrote counts.
 */
export async function releaseChunk(db: DbOrTx, claim: ChunkClaim, to: number, now = new Date()): Promise<boolean> {
  const done = await db
    .update(uploads)
    .set({ offset: to, touchedAt: now, writingUntil: null })
    .where(
      and(eq(uploads.id, claim.id), eq(uploads.offset, claim.offset), eq(uploads.writingUntil, claim.writingUntil)),
    )
    .returning({ id: uploads.id });
  return done.length > 0;
}

export async function markReady(db: DbOrTx, id: string, format: string, duration: number | null) {
  await db.update(uploads).set({ state: 'ready', format, duration }).where(eq(uploads.id, id));
}

export async function deleteUpload(db: DbOrTx, dir: string, id: string) {
  await db.delete(uploads).where(eq(uploads.id, id));
  await removeUploadFile(dir, id);
}

/**
 * Deletes uploads nobody touched for `hours`, with their files: unfinished ones, received ones
 * never used, and used ones whose processing failed (no job of theirs still waits or runs).
 * Answers how many went.
 */
export async function sweepAbandonedUploads(db: Db, dir: string, hours: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - hours * 3_600_000);
  const gone = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.touchedAt, before),
        or(
          inArray(uploads.state, ['receiving', 'ready']),
          sql`not exists (select 1 from ${mediaJobs} where ${mediaJobs.uploadId} = ${uploads.id} and ${mediaJobs.state} in ('queued', 'running'))`,
        ),
      ),
    )
    .returning({ id: uploads.id });
  for (const { id } of gone) await removeUploadFile(dir, id);
  return gone.length;
}
