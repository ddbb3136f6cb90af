import { sql } from 'drizzle-orm';
import { aggregateRating, type RatingAggregate, votesOf } from '#common/domain/rating.ts';
import type { Db, Tx } from '#server/db/client.ts';
import {
  galleries,
  galleryImages,
  promos,
  showCategories,
  showImages,
  shows,
  showTags,
  tags,
  videoParts,
  videos,
  videoTags,
} from '#server/db/schema/catalog.ts';
import { videoClipKey } from '#server/media/keys.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import { TAGS } from './catalog-data.ts';
import { ensureCatalogMedia, type MediaSummary } from './catalog-media.ts';
import { planCatalog, type ShowPlan } from './catalog-plan.ts';

export type CatalogDeps = { db: Db; storage: Storage };
export type CatalogOptions = {
  /** How many performers (default 120; tests use a handful). */
  shows?: number;
  now?: Date;
  seed?: number;
  /** Media jobs at a time (default: two per core). */
  concurrency?: number;
};
export type CatalogSummary = {
  /** False when the database already had shows: no rows were added. */
  inserted: boolean;
  shows: number;
  videos: number;
  galleries: number;
  media: MediaSummary;
  ms: number;
};

/** Serialises concurrent seeding processes on one database (any fixed number would do). */
const SEED_LOCK = 0x5ca7a109;
/**
 * Written with the rows: only a catalogue this seed made gets generated media on later starts, so
 * a real catalogue whose files are missing is never filled with demo pictures.
 */
export const DEMO_CATALOG_MARKER = 'demo/catalog.json';
const CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function insertShows(tx: Tx, plan: ShowPlan[]): Promise<Map<string, number>> {
  const rows = await tx
    .insert(shows)
    .values(plan.map((p) => ({ ...p.row, onlineChangedAt: p.row.createdAt })))
    .returning({ id: shows.id, universalId: shows.universalId });
  return new Map(rows.map((r) => [r.universalId, r.id]));
}

/**
 * The rating columns of an item that arrives with an aggregate (the seed, an import): its votes
 * become the base that members' ratings add to.
 */
export function seededRating(aggregate: RatingAggregate) {
  const base = votesOf(aggregate);
  return {
    ...aggregateRating(base, { votes: 0, sum: 0 }),
    ratingBaseVotes: base.votes,
    ratingBaseSum: base.sum,
  };
}

async function insertTags(tx: Tx): Promise<Map<string, number>> {
  await tx
    .insert(tags)
    .values(TAGS.map((t) => ({ slug: t.slug, nameEn: t.en, nameDe: t.de })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: tags.id, slug: tags.slug }).from(tags);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Inserts the videos with parts and tags; returns how many. */
async function insertVideos(tx: Tx, plan: ShowPlan[], showIds: Map<string, number>, tagIds: Map<string, number>) {
  const planned = plan.flatMap((p) => p.videos.map((v) => ({ v, showId: showIds.get(p.row.universalId) as number })));
  const ids = new Map<number, number>();
  await insertChunked(planned, async (chunk) => {
    const rows = await tx
      .insert(videos)
      .values(
        chunk.map(({ v, showId }) => ({
          ccid: v.ccid,
          showId,
          titleEn: v.title.en,
          titleDe: v.title.de,
          descriptionEn: v.description.en,
          descriptionDe: v.description.de,
          duration: v.parts.reduce((sum, part) => sum + part.duration, 0),
          ...seededRating(v),
          views: v.views,
          createdAt: v.createdAt,
        })),
      )
      .returning({ id: videos.id, ccid: videos.ccid });
    for (const r of rows) ids.set(r.ccid, r.id);
  });
  const parts = planned.flatMap(({ v }) =>
    v.parts.map((part, i) => ({
      videoId: ids.get(v.ccid) as number,
      part: i + 1,
      duration: part.duration,
      price: part.price,
      free: part.free,
      storageKey: videoClipKey(v.ccid, i + 1),
    })),
  );
  await insertChunked(parts, (chunk) => tx.insert(videoParts).values(chunk));
  const links = planned.flatMap(({ v }) =>
    v.tags.map((slug) => ({ videoId: ids.get(v.ccid) as number, tagId: tagIds.get(slug) as number })),
  );
  await insertChunked(links, (chunk) => tx.insert(videoTags).values(chunk).onConflictDoNothing());
  return planned.length;
}

/** Inserts the galleries (one at a time per show, so each row's id is known) and their pictures. */
async function insertGalleries(tx: Tx, plan: ShowPlan[], showIds: Map<string, number>) {
  const pictures: (typeof galleryImages.$inferInsert)[] = [];
  let count = 0;
  for (const p of plan) {
    const showId = showIds.get(p.row.universalId) as number;
    const rows = await tx
      .insert(galleries)
      .values(
        p.galleries.map((g) => ({
          showId,
          titleEn: g.title.en,
          titleDe: g.title.de,
          price: g.price,
          free: g.free,
          ...seededRating(g),
          createdAt: g.createdAt,
        })),
      )
      .returning({ id: galleries.id });
    if (rows.length !== p.galleries.length) throw new Error('gallery insert returned a different number of rows');
    rows.forEach((row, i) => {
      const images = p.galleries[i]?.images ?? [];
      for (const [position, image] of images.entries()) pictures.push({ galleryId: row.id, position, ...image });
    });
    count += rows.length;
  }
  await insertChunked(pictures, (chunk) => tx.insert(galleryImages).values(chunk));
  return count;
}

async function insertRows({ db, storage }: CatalogDeps, opts: CatalogOptions) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: shows.id }).from(shows).limit(1);
    if (existing) return null;
    const now = opts.now ?? new Date();
    const plan = planCatalog({ shows: opts.shows ?? 120, now, seed: opts.seed ?? 20_260_401 });
    const tagIds = await insertTags(tx);
    const showIds = await insertShows(tx, plan);
    const idOf = (p: ShowPlan) => showIds.get(p.row.universalId) as number;

    const images = plan.flatMap((p) =>
      Array.from({ length: p.previews }, (_, position) => ({ showId: idOf(p), position })),
    );
    await insertChunked(images, (chunk) => tx.insert(showImages).values(chunk));
    await tx.execute(sql`
      update ${shows} set main_image_id = first.id
      from (select show_id, min(id) as id from ${showImages} group by show_id) as first
      where ${shows.id} = first.show_id and ${shows.mainImageId} is null`);

    const categoryRows = plan.flatMap((p) => p.categories.map((categoryId) => ({ showId: idOf(p), categoryId })));
    await insertChunked(categoryRows, (chunk) => tx.insert(showCategories).values(chunk));
    const tagRows = plan.flatMap((p) => p.tags.map((slug) => ({ showId: idOf(p), tagId: tagIds.get(slug) as number })));
    await insertChunked(tagRows, (chunk) => tx.insert(showTags).values(chunk));
    const promoRows = plan.flatMap((p) =>
      p.promo
        ? [
            {
              showId: idOf(p),
              titleEn: p.promo.title.en,
              titleDe: p.promo.title.de,
              percent: p.promo.percent,
              startsAt: p.promo.startsAt,
              stopsAt: p.promo.stopsAt,
            },
          ]
        : [],
    );
    if (promoRows.length) await tx.insert(promos).values(promoRows);
    const videoCount = await insertVideos(tx, plan, showIds, tagIds);
    const galleryCount = await insertGalleries(tx, plan, showIds);
    const summary = { shows: plan.length, videos: videoCount, galleries: galleryCount };
    // Before the commit: a crash in between leaves a marker without rows, and the next start seeds.
    await storage.put(DEMO_CATALOG_MARKER, Buffer.from(JSON.stringify({ ...summary, seededAt: now.toISOString() })));
    return summary;
  });
}

/**
 * The demo catalogue: on a database without shows, inserts performers, categories, tags, promos,
 * videos and galleries; then (on every start, while the catalogue is the demo one) makes whatever
 * media files of the catalogue are missing from storage, with progress through `log`.
 */
export async function seedCatalog(
  deps: CatalogDeps,
  log: (msg: string) => void,
  opts: CatalogOptions = {},
): Promise<CatalogSummary> {
  const started = Date.now();
  const rows = await insertRows(deps, opts);
  if (rows) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(
      `catalogue: ${rows.shows} performers, ${rows.videos} videos, ${rows.galleries} galleries inserted in ${seconds} s`,
    );
  }
  const ours = rows !== null || (await deps.storage.exists(DEMO_CATALOG_MARKER));
  const media = ours
    ? await ensureCatalogMedia(deps, log, opts.concurrency ? { concurrency: opts.concurrency } : {})
    : { jobs: 0, made: 0, present: 0, files: 0, total: 0 };
  const ms = Date.now() - started;
  if (media.made) {
    log(
      `catalogue: media files ready (${media.total}/${media.total}), ${media.files} made in ${(ms / 1000).toFixed(1)} s`,
    );
  }
  return {
    inserted: rows !== null,
    shows: rows?.shows ?? 0,
    videos: rows?.videos ?? 0,
    galleries: rows?.galleries ?? 0,
    media,
    ms,
  };
}
