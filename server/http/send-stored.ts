import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '#server/errors.ts';
import type { Storage } from '#server/providers/storage/storage.ts';

export type StoredOptions = { contentType: string; cacheControl: string };

/** What a Range header asks of a file of `size` bytes. */
export type RangeAnswer =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header (RFC 9110 section 14): one range in bytes, `a-b`, `a-` or `-n`.
 * A header that is malformed, names another unit or asks for several ranges is ignored (the
 * whole file is sent, as the RFC allows); a well-formed range outside the file is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** A strong validator from what identifies the content: the key and its size. */
export function storedEtag(key: string, size: number): string {
  const digest = createHash('sha1').update(key).digest('base64url').slice(0, 16);
  return `"${size.toString(36)}-${digest}"`;
}

/** If-None-Match holds `*` or a list of (possibly weak) tags; a match answers 304. */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * An empty body that keeps the Content-Length set: Fastify's automatic HEAD route would replace
 * it with 0 for an undefined body, while a stream passes through it untouched.
 */
const noBody = () => Readable.from([]);

/**
 * Answers GET and HEAD with a file from storage: 404 when it is missing, 304 on a matching
 * If-None-Match, 206 with Content-Range for one byte range (honoured only when If-Range, if sent,
 * still names this file), 416 with `Content-Range: bytes *\/size` for a range outside it, else 200.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: StoredOptions,
): Promise<FastifyReply> {
  const size = await storage.size(key);
  if (size === null) throw notFound();
  const etag = storedEtag(key, size);
  reply.header('accept-ranges', 'bytes').header('etag', etag).header('cache-control', options.cacheControl);
  if (matchesAny(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? { kind: 'full' as const } : parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).type(options.contentType).send();
  }
  reply.type(options.contentType);
  const head = request.method === 'HEAD';
  if (range.kind === 'partial') {
    const length = range.end - range.start + 1;
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', String(length));
    return reply.send(head ? noBody() : storage.read(key, { start: range.start, end: range.end }));
  }
  reply.header('content-length', String(size));
  return reply.send(head || size === 0 ? noBody() : storage.read(key));
}
