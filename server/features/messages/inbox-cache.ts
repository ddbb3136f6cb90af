import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { sendJson } from '#server/http/answer-json.ts';
import { acceptedEncoding, compressedOnce } from '#server/http/cached-body.ts';

/**
 * Answers of a member's inbox (her conversation list, a page of a conversation) kept per process
 * as written JSON, each with the inbox version it was read at: the member's counter and the shared
 * one (user 0) of inbox_versions, which triggers count up in every transaction that changes what
 * the answer shows, whichever process or job writes it (migration 0037, decision 056). A request
 * reads both counters afresh, in a query started after it arrived, and is answered from the cache
 * only while they are unchanged; so a message written by another process shows at the next read.
 *
 * Requests arriving while a read of counters is under way wait for the next one, which then reads
 * the counters of all of them at once: under load one query serves many requests.
 */

/** The inbox_versions row that counts what all inboxes share (the shows, message pictures). */
export const SHARED_INBOX = 0;

type Waiting = { resolve: (version: string) => void; reject: (err: unknown) => void };

/** Reads inbox versions, those asked for meanwhile in one query (see above). */
export function inboxVersionReader(db: Db) {
  let waiting = new Map<number, Waiting[]>();
  let reading = false;

  const readAll = async () => {
    reading = true;
    while (waiting.size) {
      const batch = waiting;
      waiting = new Map();
      try {
        const ids = [SHARED_INBOX, ...batch.keys()];
        const result = (await db.execute(
          sql`select user_id, version::text as version from inbox_versions where user_id = any(${sql.param(ids)}::int[])`,
        )) as unknown as { rows: Array<{ user_id: number; version: string }> };
        const versions = new Map(result.rows.map((r) => [Number(r.user_id), r.version]));
        const shared = versions.get(SHARED_INBOX) ?? '0';
        for (const [userId, all] of batch) {
          const version = `${versions.get(userId) ?? '0'}.${shared}`;
          for (const w of all) w.resolve(version);
        }
      } catch (err) {
        for (const all of batch.values()) for (const w of all) w.reject(err);
      }
    }
    reading = false;
  };

  return {
    /** The member's inbox version as of a read started after this call. */
    of(userId: number): Promise<string> {
      return new Promise((resolve, reject) => {
        const all = waiting.get(userId);
        if (all) all.push({ resolve, reject });
        else waiting.set(userId, [{ resolve, reject }]);
        if (!reading) void readAll();
      });
    },
  };
}

export type InboxVersionReader = ReturnType<typeof inboxVersionReader>;

/** A kept answer: its JSON as bytes (a large one is not encoded again for every request), compressed once on demand. */
export type KeptAnswer = { json: Buffer; encoded?: Partial<Record<'br' | 'gzip', Buffer>> };

type Entry = { version: string; answer: KeptAnswer; at: number };

/**
 * The written answers, at most `max` (the oldest make room) and none older than `maxAgeMs`: a page
 * of messages holds picture URLs signed for a limited time (MEDIA_URL_SECONDS).
 */
export function inboxCache(opts: { max: number; maxAgeMs: number }) {
  const entries = new Map<string, Entry>();
  return {
    /** The answer kept for `key` at `version`, or undefined. */
    get(key: string, version: string, now = Date.now()): KeptAnswer | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || now - entry.at > opts.maxAgeMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.answer;
    },
    set(key: string, version: string, answer: KeptAnswer, now = Date.now()): void {
      entries.delete(key);
      if (entries.size >= opts.max) {
        // Maps keep insertion order: the first key is the oldest.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { version, answer, at: now });
    },
    get size() {
      return entries.size;
    },
  };
}

export type InboxCache = ReturnType<typeof inboxCache>;

/**
 * The member's answer for `key`: kept, or read with `read` and kept. The version is read before
 * the answer, so an answer is never older than the version it is kept under.
 */
export async function cachedAnswer(
  versions: InboxVersionReader,
  cache: InboxCache,
  userId: number,
  key: string,
  read: () => Promise<string>,
): Promise<KeptAnswer> {
  const version = await versions.of(userId);
  const cacheKey = `${userId}:${key}`;
  const kept = cache.get(cacheKey, version);
  if (kept !== undefined) return kept;
  const answer = { json: Buffer.from(await read()) };
  cache.set(cacheKey, version, answer);
  return answer;
}

/** Below this, compressing saves less than it costs the client to inflate. */
const COMPRESS_FROM_BYTES = 1024;

/** Sends a kept answer, compressed (once per answer) when the client accepts it and it is worth it. */
export function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.header('vary', 'accept-encoding');
  const encoding = answer.json.length >= COMPRESS_FROM_BYTES && acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return sendJson(reply, answer.json);
  return sendJson(reply.header('content-encoding', encoding), compressedOnce(answer, answer.json, encoding));
}
