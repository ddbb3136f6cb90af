import { availableParallelism } from 'node:os';
import { and, eq, inArray } from 'drizzle-orm';
import { previewKey } from '#common/domain/previews.ts';
import type { Db } from '#server/db/client.ts';
import {
  galleries,
  galleryImages,
  showCategories,
  showImages,
  shows,
  videoParts,
  videos,
} from '#server/db/schema/catalog.ts';
import { ARTWORK_KINDS, artworkSvg } from '#server/media/artwork.ts';
import { CLIP, CLIP_LOOKS, renderClip, renderLook, renderPosterFiles } from '#server/media/clip.ts';
import { renderGalleryFiles, renderPreviewFiles, renditionFiles } from '#server/media/images.ts';
import { galleryImageKey, isGeneratedClipKey, videoClipKey, videoPosterKey } from '#server/media/keys.ts';
import { type PortraitLook, portraitSvg } from '#server/media/portrait.ts';
import { hashSeed, seededRandom } from '#server/media/random.ts';
import type { Storage } from '#server/providers/storage/storage.ts';

/**
 * Makes the media files of the catalogue's rows that are missing from storage: previews of every
 * show image, poster and clips of every video, the three files of every gallery picture. Every
 * file follows from its row alone (seeded by ids and names), so a restart only fills the gaps
 * and finds the rest in place. The pictures' WebP renditions are made with them; a job's keys
 * leave them out, so files from before they existed get them lazily (server/media/renditions.ts)
 * instead of being drawn again.
 */
export type MediaDeps = { db: Db; storage: Storage };
/**
 * jobs: pieces of work (a show image, a video, a gallery picture), each making several files;
 * made and present count jobs; files the files made, total the files of every job (the one
 * count the progress lines and the closing line share).
 */
export type MediaSummary = { jobs: number; made: number; present: number; files: number; total: number };
type File = { key: string; data: Buffer };
type Job = { keys: string[]; make: () => Promise<File[]> };

/** Longest clip the looks are rendered for; a part beyond it would be refused. */
const MAX_CLIP_SECONDS = 120;

function showLook(universalId: string, categories: Set<number>): PortraitLook {
  const r = seededRandom(hashSeed(`look:${universalId}`));
  return {
    hue: r.int(0, 359),
    hair: categories.has(8) ? 'blonde' : categories.has(9) ? 'brunette' : categories.has(10) ? 'red' : 'black',
    skin: r.int(38, 80),
    longHair: r.chance(0.7),
    glasses: categories.has(1051),
    couple: categories.has(6),
  };
}

async function loadShows(db: Db) {
  const rows = await db.select({ id: shows.id, universalId: shows.universalId }).from(shows);
  const marks = await db
    .select({ showId: showCategories.showId, categoryId: showCategories.categoryId })
    .from(showCategories)
    .where(inArray(showCategories.categoryId, [6, 8, 9, 10, 1051]));
  const byShow = new Map<number, Set<number>>();
  for (const m of marks) byShow.set(m.showId, (byShow.get(m.showId) ?? new Set()).add(m.categoryId));
  return new Map(rows.map((s) => [s.id, { ...s, look: showLook(s.universalId, byShow.get(s.id) ?? new Set()) }]));
}

type Shows = Awaited<ReturnType<typeof loadShows>>;

async function previewJobs(db: Db, showsById: Shows): Promise<Job[]> {
  const images = await db.select({ id: showImages.id, showId: showImages.showId }).from(showImages);
  return images.flatMap((image) => {
    const show = showsById.get(image.showId);
    if (!show) return [];
    const keys = (['320x240', '45x34'] as const).flatMap((size) => [
      previewKey(image.showId, image.id, size),
      previewKey(image.showId, image.id, size, true),
    ]);
    return [
      {
        keys,
        make: async () => {
          const svg = portraitSvg(show.look, seededRandom(hashSeed(`preview:${show.universalId}:${image.id}`)));
          const { files, variants } = await renderPreviewFiles(svg);
          return [
            ...files.map((f) => ({ key: previewKey(image.showId, image.id, f.size, f.blurred), data: f.data })),
            ...renditionFiles(previewKey(image.showId, image.id, '320x240'), variants),
          ];
        },
      },
    ];
  });
}

type PartRow = typeof videoParts.$inferSelect;

/**
 * Points the parts whose clip an older generator made (a demo key of another generation) at
 * the current file name, which the video's job then makes; other keys are left alone.
 */
async function renameOutdatedClips(db: Db, ccidOf: Map<number, number>, parts: PartRow[]): Promise<PartRow[]> {
  const outdated = parts.flatMap((p) => {
    const ccid = ccidOf.get(p.videoId);
    if (ccid === undefined || !p.storageKey) return [];
    const current = videoClipKey(ccid, p.part);
    return p.storageKey !== current && isGeneratedClipKey(p.storageKey, ccid, p.part) ? [{ p, current }] : [];
  });
  if (!outdated.length) return parts;
  await db.transaction(async (tx) => {
    for (const { p, current } of outdated)
      await tx
        .update(videoParts)
        .set({ storageKey: current })
        .where(and(eq(videoParts.videoId, p.videoId), eq(videoParts.part, p.part)));
  });
  const renamed = new Map(outdated.map(({ p, current }) => [p, current]));
  return parts.map((p) => ({ ...p, storageKey: renamed.get(p) ?? p.storageKey }));
}

async function videoJobs(db: Db, showsById: Shows): Promise<Job[]> {
  const rows = await db.select({ id: videos.id, ccid: videos.ccid, showId: videos.showId }).from(videos);
  const parts = await renameOutdatedClips(
    db,
    new Map(rows.map((v) => [v.id, v.ccid])),
    await db.select().from(videoParts),
  );
  const looks = new Map<number, { seconds: number; frames?: Promise<Buffer[]> }>();
  const lookFrames = (look: number) => {
    const entry = looks.get(look);
    if (!entry) throw new Error(`look ${look} was not planned`);
    entry.frames ??= renderLook(look, entry.seconds);
    return entry.frames;
  };
  return rows.flatMap((video) => {
    const show = showsById.get(video.showId);
    const own = parts.filter((p) => p.videoId === video.id).sort((a, b) => a.part - b.part);
    if (!show || !own.length) return [];
    const look = hashSeed(`clip:${video.ccid}`) % CLIP_LOOKS;
    const longest = Math.max(...own.map((p) => p.duration));
    if (longest > MAX_CLIP_SECONDS) throw new Error(`video ${video.ccid} has a part longer than ${MAX_CLIP_SECONDS} s`);
    looks.set(look, { seconds: Math.max(looks.get(look)?.seconds ?? 0, longest) });
    const cover = { seed: hashSeed(`cover:${video.ccid}`), look, parts: own.length };
    const clipKey = (p: (typeof own)[number]) => p.storageKey ?? videoClipKey(video.ccid, p.part);
    return [
      {
        keys: [videoPosterKey(video.ccid), ...own.map(clipKey)],
        make: async () => {
          const poster = await renderPosterFiles({ ...cover, part: 1, parts: 1 });
          const files: File[] = [
            { key: videoPosterKey(video.ccid), data: poster.poster },
            ...renditionFiles(videoPosterKey(video.ccid), poster.variants),
          ];
          const frames = await lookFrames(look);
          for (const p of own) {
            const seconds = Math.max(p.duration, Math.ceil(CLIP.coverMs / 1000));
            files.push({ key: clipKey(p), data: await renderClip({ ...cover, part: p.part }, seconds, frames) });
          }
          return files;
        },
      },
    ];
  });
}

async function galleryJobs(db: Db, showsById: Shows): Promise<Job[]> {
  const rows = await db
    .select({
      id: galleryImages.id,
      galleryId: galleryImages.galleryId,
      position: galleryImages.position,
      width: galleryImages.width,
      height: galleryImages.height,
      showId: galleries.showId,
    })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId));
  return rows.flatMap((image) => {
    const show = showsById.get(image.showId);
    if (!show) return [];
    const key = (variant: 'full' | 'thumb' | 'thumb_blurred') => galleryImageKey(image.galleryId, image.id, variant);
    return [
      {
        keys: [key('full'), key('thumb'), key('thumb_blurred')],
        make: async () => {
          const kind = ARTWORK_KINDS[hashSeed(`gallery:${image.galleryId}`) % ARTWORK_KINDS.length] ?? 'bokeh';
          const r = seededRandom(hashSeed(`picture:${image.id}`));
          const hue = show.look.hue + image.position * 23;
          const files = await renderGalleryFiles(artworkSvg(kind, image.width, image.height, hue, r));
          return [
            { key: key('full'), data: files.full },
            { key: key('thumb'), data: files.thumb },
            { key: key('thumb_blurred'), data: files.thumbBlurred },
            ...renditionFiles(key('thumb'), files.thumbVariants),
            ...renditionFiles(key('thumb_blurred'), files.thumbBlurredVariants),
          ];
        },
      },
    ];
  });
}

/** Runs `work` over the items with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function ensureCatalogMedia(
  deps: MediaDeps,
  log: (msg: string) => void,
  opts: { concurrency?: number } = {},
): Promise<MediaSummary> {
  const { db, storage } = deps;
  const showsById = await loadShows(db);
  // Clips first: their looks are the longest single pieces of work, so they start early.
  const jobs = [
    ...(await videoJobs(db, showsById)),
    ...(await previewJobs(db, showsById)),
    ...(await galleryJobs(db, showsById)),
  ];
  const total = jobs.reduce((sum, job) => sum + job.keys.length, 0);
  const summary: MediaSummary = { jobs: jobs.length, made: 0, present: 0, files: 0, total };
  const concurrency = opts.concurrency ?? Math.max(2, availableParallelism()) * 2;
  // Counted in files, as the closing line counts them: one total from the first line to the last.
  let done = 0;
  let reported = 0;
  await pool(jobs, concurrency, async (job) => {
    const present = await Promise.all(job.keys.map((key) => storage.exists(key)));
    if (present.every(Boolean)) summary.present++;
    else {
      for (const file of await job.make()) await storage.put(file.key, file.data);
      summary.made++;
      summary.files += job.keys.length;
    }
    done += job.keys.length;
    const percent = Math.floor((done / total) * 100);
    if (summary.made > 0 && (percent >= reported + 10 || done === total)) {
      reported = percent - (percent % 10);
      log(`catalogue: media files ${percent}% (${done}/${total})`);
    }
  });
  return summary;
}
