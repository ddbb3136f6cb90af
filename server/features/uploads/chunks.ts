import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { fileSize, truncateTo, uploadFile } from './files.ts';
import { CHUNK_LEASE_MARGIN_MS, type ChunkClaim, releaseChunk } from './mutations.ts';

/** A stream that passes at most `limit` bytes and fails on the next one. */
function capped(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new AppError('payload_too_large', { message: 'chunk_too_large' }));
      else done(null, chunk);
    },
  });
}

/**
 * Appends one chunk (at most `room` bytes) to the upload's file under the chunk's claim, and ends
 * the claim with the offset received. The file lies on the volume every API process shares
 * (UPLOAD_DIR); what lies past the recorded offset is a chunk that never finished (here or in a
 * process that died) and is written again. A chunk that would outlast its claim is cut off before
 * the claim lapses: what arrived counts and the studio resumes from there. Answers the new offset.
 */
export async function writeChunk(
  db: DbOrTx,
  dir: string,
  claim: ChunkClaim,
  body: NodeJS.ReadableStream,
  room: number,
): Promise<number> {
  const file = uploadFile(dir, claim.id);
  let released = false;
  const release = async (to: number) => {
    released = true;
    // The claim lapsed and another chunk took the upload: nothing of this one counts.
    if (!(await releaseChunk(db, claim, to))) throw new AppError('conflict', { message: 'upload_offset_mismatch' });
  };
  try {
    if ((await fileSize(file)) !== claim.offset) await truncateTo(file, claim.offset);
    const left = claim.writingUntil.getTime() - CHUNK_LEASE_MARGIN_MS - Date.now();
    try {
      await pipeline(body, capped(room), createWriteStream(file, { flags: 'a' }), {
        signal: AbortSignal.timeout(Math.max(0, left)),
      });
    } catch (err) {
      if (err instanceof AppError) {
        await truncateTo(file, claim.offset);
        throw err;
      }
      // The connection dropped (or the claim's time ran out): what arrived counts.
      await release(Math.min((await fileSize(file)) ?? claim.offset, claim.size));
      throw new AppError('bad_request', { message: 'chunk_incomplete' });
    }
    const received = Math.min((await fileSize(file)) ?? claim.offset, claim.size);
    await release(received);
    return received;
  } finally {
    if (!released) await releaseChunk(db, claim, claim.offset);
  }
}
