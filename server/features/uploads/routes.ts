import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#common/api/fields.ts';
import { createUploadBody, type UploadState, uploadParams, uploadState } from '#common/api/uploads.ts';
import {
  UPLOAD_CHUNK_MAX,
  UPLOAD_CONTENT_TYPE,
  UPLOAD_LENGTH_HEADER,
  UPLOAD_OFFSET_HEADER,
} from '#common/domain/uploads.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { requirePerformer } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { writeChunk } from './chunks.ts';
import { type UploadRow, uploadOf } from './data.ts';
import { uploadFile } from './files.ts';
import { claimChunk, createUpload, deleteUpload, markReady, sweepAbandonedUploads } from './mutations.ts';
import { probeUpload } from './probe.ts';

const SWEEP_MS = 15 * 60_000;

/** The performer of the request, who must be active to upload or publish (403 otherwise). */
export async function activePerformer(request: FastifyRequest) {
  const signedIn = await requirePerformer(request);
  if (signedIn.performer.status !== 'active') throw forbidden();
  return signedIn.performer;
}

const present = (row: UploadRow): UploadState => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  size: row.size,
  offset: row.offset,
  state: row.state,
});

const withOffset = (reply: FastifyReply, row: Pick<UploadRow, 'offset' | 'size'>) =>
  reply.header(UPLOAD_OFFSET_HEADER, String(row.offset)).header(UPLOAD_LENGTH_HEADER, String(row.size));

/**
 * The studio's resumable uploads (decision 031), her own only: POST announces a file, PATCH
 * appends a chunk at the offset the server has (any other offset: 409 with the right one in
 * Upload-Offset), GET or HEAD tells the offset to resume from, DELETE gives up. Chunks stream to
 * disk on the volume the API processes share, one at a time per upload (a claim on its row); the
 * last one has the content checked (415 and the upload gone when it is no accepted
 * video or picture).
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /studio/uploads': 'performer',
    'GET /studio/uploads/:id': 'performer',
    'PATCH /studio/uploads/:id': 'performer',
    'DELETE /studio/uploads/:id': 'performer',
  });
  const { db, config } = app.ctx;
  const { dir } = config.uploads;

  app.addContentTypeParser(UPLOAD_CONTENT_TYPE, (_request, payload, done) => done(null, payload));

  // Uploads nobody finished are deleted, in one of the processes (the scheduler does not start under test).
  app.ctx.scheduler.every('upload-abandon-sweep', {
    everyMs: SWEEP_MS,
    run: (now) => sweepAbandonedUploads(db, dir, config.uploads.abandonHours, now),
  });

  const own = async (request: FastifyRequest, id: string) => {
    const performer = await activePerformer(request);
    const row = await uploadOf(db, id, performer.id);
    if (!row) throw notFound();
    return row;
  };

  app.post(
    '/studio/uploads',
    { schema: { body: createUploadBody, response: { 201: uploadState } } },
    async (request, reply) => {
      const performer = await activePerformer(request);
      const row = await createUpload(db, dir, config.uploads, { ...request.body, performerId: performer.id });
      request.log.info({ performerId: performer.id, upload: row.id, kind: row.kind, size: row.size }, 'upload started');
      return withOffset(reply, row).code(201).send(present(row));
    },
  );

  app.get(
    '/studio/uploads/:id',
    { schema: { params: uploadParams, response: { 200: uploadState } } },
    async (request, reply) => {
      const row = await own(request, request.params.id);
      withOffset(reply, row).header('cache-control', 'no-store');
      return present(row);
    },
  );

  app.patch('/studio/uploads/:id', { schema: { params: uploadParams } }, async (request, reply) => {
    const row = await own(request, request.params.id);
    if (request.headers['content-type'] !== UPLOAD_CONTENT_TYPE || !request.body) {
      throw new AppError('unsupported_media_type', { message: 'chunk_content_type' });
    }
    const header = request.headers[UPLOAD_OFFSET_HEADER];
    const offset = typeof header === 'string' && /^\d{1,16}$/.test(header) ? Number(header) : null;
    if (offset === null) throw new AppError('bad_request', { message: 'upload_offset_missing' });
    withOffset(reply, row);
    if (row.state !== 'receiving' || offset !== row.offset) {
      throw new AppError('conflict', { message: 'upload_offset_mismatch' });
    }
    const room = Math.min(UPLOAD_CHUNK_MAX, row.size - row.offset);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > room) throw new AppError('payload_too_large', { message: 'chunk_too_large' });

    // One chunk at a time per upload, whichever process it reaches: the claim is a database row's.
    const claim = await claimChunk(db, row.id, row.performerId, offset);
    if (!claim) {
      // Another chunk holds it, or one just ended: the offset as it is now.
      withOffset(reply, (await uploadOf(db, row.id, row.performerId)) ?? row);
      throw new AppError('conflict', { message: 'upload_offset_mismatch' });
    }
    const received = await writeChunk(db, dir, claim, request.body as NodeJS.ReadableStream, room);
    const file = uploadFile(dir, row.id);
    reply.header(UPLOAD_OFFSET_HEADER, String(received));
    if (received === row.size) {
      const probed = await probeUpload(file, row.kind);
      if (!probed.ok) {
        await deleteUpload(db, dir, row.id);
        request.log.info({ upload: row.id, reason: probed.reason }, 'upload refused by its content');
        throw new AppError('unsupported_media_type', { message: probed.reason });
      }
      await markReady(db, row.id, probed.format, probed.duration ?? null);
      request.log.info({ upload: row.id, format: probed.format }, 'upload received');
    }
    return reply.code(204).send();
  });

  app.delete(
    '/studio/uploads/:id',
    { schema: { params: uploadParams, response: { 200: okResponse } } },
    async (request) => {
      const row = await own(request, request.params.id);
      if (row.state === 'used') throw new AppError('conflict', { message: 'upload_in_use' });
      await deleteUpload(db, dir, row.id);
      return { ok: true as const };
    },
  );
};
