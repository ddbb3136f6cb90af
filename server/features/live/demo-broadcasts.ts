import { and, asc, eq, isNotNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { shows, videoParts, videos } from '#server/db/schema/catalog.ts';
import { livePublications } from '#server/db/schema/live.ts';
import type { PresenceChange } from '#server/features/shows/presence.ts';
import { clipSource } from '#server/live/clip-source.ts';
import { type Sfu, SfuError } from '#server/live/sfu.ts';
import { readWebmFrames, type WebmClip } from '#server/live/webm-frames.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import type { LivePublications } from './publications.ts';

/**
 * Demo broadcasts: every demo performer who is online streams a looping clip of her own seeded
 * media through the SFU, so a visitor sees live video without anyone at a camera. Her clip is her
 * first video's first part (the same on every start). The publications are cheap while nobody
 * watches: the SFU starts a clip only for its first viewer, and the frames are read from storage
 * then (and kept for a few dozen shows, so viewers coming and going do not read them again).
 *
 * Presence drives it: online puts the show on air unless it is live already; offline takes it off
 * only when the publication is one of these. A show a real performer holds (`ownsShow`) is left
 * alone both ways. The SFU's show id is the show's universalId.
 *
 * With several API processes each show is broadcast by one: the process whose claim of the show's
 * publication stands (decision 051); viewers landing elsewhere are passed on to it. A show whose
 * holder died is taken up by another process once its lease ran out (`adopt`).
 */
export type DemoBroadcastDeps = {
  db: Db;
  storage: Storage;
  sfu: Sfu;
  presence: { onChange(listener: (change: PresenceChange) => void): () => void };
  log: FastifyBaseLogger;
  /** True while a real performer holds the show: the demo neither publishes nor stops it. */
  ownsShow: (universalId: string) => boolean;
  /** Which process broadcasts which show: a demo publication is claimed as a camera's is. */
  publications: Pick<LivePublications, 'claim' | 'release'>;
  /** How many shows' frames are kept in memory (default 32, about 0.3 MB each). */
  cachedClips?: number;
};

export type DemoBroadcasts = {
  /** Resolves when the shows online at the start are on air (failures are logged, never thrown). */
  ready: Promise<void>;
  /** Puts on air the online shows nobody holds (their holder died): run every few seconds. */
  adopt(): Promise<void>;
  /** Takes every demo publication off the air and stops listening to presence. */
  stop(): Promise<void>;
};

/** Our clips are a few hundred kilobytes; anything far larger is not one of them. */
const MAX_CLIP_BYTES = 16 * 1024 * 1024;

/** Each show's clip: the first part of her first published video that has a file. */
async function clipKeys(db: Db, where: SQL): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([shows.universalId], { universalId: shows.universalId, key: videoParts.storageKey })
    .from(shows)
    .innerJoin(videos, eq(videos.showId, shows.id))
    .innerJoin(videoParts, eq(videoParts.videoId, videos.id))
    .where(and(where, eq(videos.status, 'published'), isNotNull(videoParts.storageKey)))
    .orderBy(asc(shows.universalId), asc(videos.createdAt), asc(videos.id), asc(videoParts.part));
  return new Map(rows.flatMap((r) => (r.key ? [[r.universalId, r.key] as const] : [])));
}

async function readClip(storage: Storage, key: string): Promise<WebmClip> {
  const size = await storage.size(key);
  if (size === null) throw new Error(`no file ${key}`);
  if (size > MAX_CLIP_BYTES) throw new Error(`${key} is ${size} bytes, too large for a demo clip`);
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return readWebmFrames(Buffer.concat(chunks));
}

/** The frames of the most recently played clips, by storage key; the oldest go first. */
function clipCache(storage: Storage, limit: number) {
  const clips = new Map<string, Promise<WebmClip>>();
  return {
    get(key: string): Promise<WebmClip> {
      const cached = clips.get(key);
      if (cached) {
        clips.delete(key);
        clips.set(key, cached);
        return cached;
      }
      const loading = readClip(storage, key);
      // A failed read is not kept: the next start tries again.
      loading.catch(() => clips.delete(key));
      clips.set(key, loading);
      for (const oldest of clips.keys()) {
        if (clips.size <= limit) break;
        clips.delete(oldest);
      }
      return loading;
    },
    clear: () => clips.clear(),
  };
}

/** No process holds the show's publication now (a lease that ran out holds nothing). */
const unheld = notExists(
  sql`(select 1 from ${livePublications} where ${livePublications.showUniversalId} = ${shows.universalId} and ${livePublications.leaseUntil} > now())`,
);

export function startDemoBroadcasts(deps: DemoBroadcastDeps): DemoBroadcasts {
  const { db, sfu, log, ownsShow, publications } = deps;
  const cache = clipCache(deps.storage, deps.cachedClips ?? 32);
  /** The demo's publications: show id to publication id. */
  const ours = new Map<string, string>();
  /** The last presence state heard per show, so a slow lookup does not publish a show gone offline. */
  const wanted = new Map<string, boolean>();
  let stopped = false;

  const isOurs = (showId: string) => {
    const publicationId = ours.get(showId);
    return publicationId !== undefined && sfu.isLive(showId) && sfu.stats(showId).publicationId === publicationId;
  };

  const blocked = (showId: string) => stopped || wanted.get(showId) === false || ownsShow(showId) || sfu.isLive(showId);

  const publish = async (showId: string, key: string) => {
    if (blocked(showId)) return;
    // One process broadcasts a show: the one whose claim stands; the others pass viewers on to it.
    if (!(await publications.claim(showId, 'demo'))) return;
    if (blocked(showId)) {
      // Her camera took the show here meanwhile: the row is hers now.
      if (!ownsShow(showId) && !sfu.isLive(showId)) await publications.release(showId);
      return;
    }
    const source = clipSource({
      load: () => cache.get(key),
      onError: (err) => log.warn({ err, showId, key }, 'demo broadcast: the clip cannot be played'),
    });
    try {
      const { publicationId } = sfu.publishSource({ showId, source });
      ours.set(showId, publicationId);
    } catch (err) {
      if (!(err instanceof SfuError && err.code === 'already_publishing')) throw err;
    }
  };

  const publishAll = async (where: SQL) => {
    for (const [showId, key] of await clipKeys(db, where)) await publish(showId, key);
  };

  const goOnline = async (showId: string) => {
    if (ownsShow(showId) || sfu.isLive(showId)) return;
    const key = (await clipKeys(db, eq(shows.universalId, showId))).get(showId);
    if (key) await publish(showId, key);
  };

  const goOffline = async (showId: string) => {
    if (!isOurs(showId)) {
      ours.delete(showId);
      return;
    }
    ours.delete(showId);
    if (ownsShow(showId)) return;
    await sfu.stopPublication(showId).catch(() => undefined);
    await publications.release(showId);
  };

  const unlisten = deps.presence.onChange((change) => {
    if (stopped) return;
    for (const [showId, update] of Object.entries(change)) {
      if (update.online === undefined) continue;
      wanted.set(showId, update.online);
      (update.online ? goOnline(showId) : goOffline(showId)).catch((err: unknown) =>
        log.warn({ err, showId }, 'demo broadcast: presence change not applied'),
      );
    }
  });

  const ready = (async () => {
    try {
      await publishAll(eq(shows.online, true));
      if (!stopped) log.info({ shows: ours.size }, 'demo broadcasts on air');
    } catch (err) {
      log.warn({ err }, 'demo broadcasts: the online shows could not be read');
    }
  })();

  return {
    ready,
    async adopt() {
      if (!stopped) await publishAll(and(eq(shows.online, true), unheld) as SQL);
    },
    async stop() {
      stopped = true;
      unlisten();
      const mine = [...ours.keys()].filter(isOurs);
      ours.clear();
      cache.clear();
      await Promise.all(
        mine.map(async (showId) => {
          await sfu.stopPublication(showId).catch(() => undefined);
          await publications.release(showId).catch(() => undefined);
        }),
      );
    },
  };
}
