import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '#server/db/client.ts';
import { galleryImages, videoParts, videos } from '#server/db/schema/catalog.ts';
import { mediaJobs, uploads } from '#server/db/schema/uploads.ts';
import { CLIP } from '#server/media/clip.ts';
import { renderUploadedGalleryFiles, renderVariantsOf, renditionFiles } from '#server/media/images.ts';
import { galleryImageKey, videoPosterKey } from '#server/media/keys.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import { removeUploadFile, uploadFile } from './files.ts';
import { FFMPEG, probeVideo, run } from './probe.ts';

/** How long a job may run before another worker takes it to have died with its process. */
const LEASE_MS = 15 * 60_000;
/** Starts a job may get (the first and two after a crash mid-way). */
export const MEDIA_JOB_ATTEMPTS = 3;

type Job = typeof mediaJobs.$inferSelect;
export type Processing = { db: Db; storage: Storage; uploadDir: string };

/** The key of an uploaded video's part: apart from the demo clips' keys, which the seed renews. */
export const uploadedClipKey = (ccid: number, part: number) => `videos/${ccid}/${part}.upload.webm`;

/**
 * Takes the oldest queued job, or a running one whose lease ran out (its process died), and
 * marks it running under a new lease; a job out of attempts is failed instead. Several
 * processes may ask at once: `skip locked` gives each its own.
 */
async function claim(db: Db, now: Date): Promise<Job | null> {
  const rows = await db.execute<{ id: number }>(sql`
    update ${mediaJobs} set state = case when ${mediaJobs.attempts} >= ${MEDIA_JOB_ATTEMPTS} then 'failed' else 'running' end,
      attempts = ${mediaJobs.attempts} + 1, progress = 0,
      error = case when ${mediaJobs.attempts} >= ${MEDIA_JOB_ATTEMPTS} then 'processing stopped too often' else null end,
      lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where ${mediaJobs.id} = (select id from ${mediaJobs}
      where ${mediaJobs.state} = 'queued' or (${mediaJobs.state} = 'running' and ${mediaJobs.leaseUntil} < ${now.toISOString()}::timestamptz)
      order by id limit 1 for update skip locked)
    returning id`);
  const id =
    (rows as unknown as { rows?: { id: number }[] }).rows?.[0]?.id ?? (rows as unknown as { id: number }[])[0]?.id;
  if (id === undefined) return null;
  const [job] = await db.select().from(mediaJobs).where(eq(mediaJobs.id, id));
  return job ?? null;
}

const setProgress = (db: Db, id: number, progress: number) =>
  db.update(mediaJobs).set({ progress, updatedAt: new Date() }).where(eq(mediaJobs.id, id));

/** Seconds from an ffmpeg progress line ("time=00:00:03.40"), or null. */
function progressTime(line: string): number | null {
  const m = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(line);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/** The catalogue's picture size, the video fitted in (letterboxed), at the clips' frame rate. */
const FIT = `scale=${CLIP.width}:${CLIP.height}:force_original_aspect_ratio=decrease,pad=${CLIP.width}:${CLIP.height}:(ow-iw)/2:(oh-ih)/2,setsar=1`;

async function processVideo(p: Processing, job: Job, work: string) {
  if (!job.videoId || !job.parts) throw new Error('video job without video or parts');
  const source = uploadFile(p.uploadDir, job.uploadId);
  const info = await probeVideo(source);
  if (!info) throw new Error('the video cannot be read');
  const [video] = await p.db.select({ ccid: videos.ccid }).from(videos).where(eq(videos.id, job.videoId));
  if (!video) throw new Error('the video is gone');
  const starts = job.parts.map((part) => part.start);
  const total = info.duration;
  let done = 0;
  const lengths: number[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] ?? 0;
    const end = Math.min(i + 1 < starts.length ? (starts[i + 1] ?? total) : total, total);
    const length = end - start;
    if (length <= 0) throw new Error(`part ${i + 1} starts after the end of the video`);
    const out = path.join(work, `${i + 1}.webm`);
    await run(
      FFMPEG,
      [
        ...['-v', 'error', '-stats', '-ss', String(start), '-t', String(length), '-i', source],
        ...['-vf', `${FIT},fps=${CLIP.fps}`, '-c:v', 'libvpx', '-b:v', '400k', '-crf', '10', '-deadline', 'good'],
        ...['-cpu-used', '5', '-auto-alt-ref', '0'],
        ...(info.audio ? ['-c:a', 'libopus', '-b:a', '64k'] : ['-an']),
        ...['-f', 'webm', '-y', out],
      ],
      (line) => {
        const at = progressTime(line);
        if (at !== null) void setProgress(p.db, job.id, Math.min(95, Math.floor(((done + at) / total) * 95)));
      },
    );
    done += length;
    const key = uploadedClipKey(video.ccid, i + 1);
    await p.storage.put(key, await readFile(out));
    lengths.push(length);
    await p.db
      .update(videoParts)
      .set({ storageKey: key, duration: Math.max(1, Math.round(length)) })
      .where(and(eq(videoParts.videoId, job.videoId), eq(videoParts.part, i + 1)));
  }
  // The poster: a frame a little into the video (past a black first frame), as the clips' size.
  const frame = path.join(work, 'poster.png');
  await run(FFMPEG, [
    ...['-v', 'error', '-ss', String(Math.min(1, total / 10)), '-i', source],
    ...['-frames:v', '1', '-vf', FIT, '-y', frame],
  ]);
  const poster = await sharp(frame).jpeg({ quality: 80 }).toBuffer();
  await p.storage.put(videoPosterKey(video.ccid), poster);
  // Its WebP renditions from the lossless frame, not from the JPEG.
  const renditions = renditionFiles(videoPosterKey(video.ccid), await renderVariantsOf(await readFile(frame)));
  for (const f of renditions) await p.storage.put(f.key, f.data);
  const duration = Math.max(1, Math.round(lengths.reduce((a, b) => a + b, 0)));
  await p.db.update(videos).set({ duration }).where(eq(videos.id, job.videoId));
}

async function processPicture(p: Processing, job: Job) {
  if (!job.galleryId) throw new Error('picture job without gallery');
  const files = await renderUploadedGalleryFiles(uploadFile(p.uploadDir, job.uploadId));
  const [image] = await p.db
    .insert(galleryImages)
    .values({ galleryId: job.galleryId, position: job.position, width: files.width, height: files.height })
    .returning({ id: galleryImages.id });
  if (!image) throw new Error('picture insert returned nothing');
  await p.storage.put(galleryImageKey(job.galleryId, image.id, 'full'), files.full);
  await p.storage.put(galleryImageKey(job.galleryId, image.id, 'thumb'), files.thumb);
  await p.storage.put(galleryImageKey(job.galleryId, image.id, 'thumb_blurred'), files.thumbBlurred);
  const renditions = [
    ...renditionFiles(galleryImageKey(job.galleryId, image.id, 'thumb'), files.thumbVariants),
    ...renditionFiles(galleryImageKey(job.galleryId, image.id, 'thumb_blurred'), files.thumbBlurredVariants),
  ];
  for (const f of renditions) await p.storage.put(f.key, f.data);
}

/**
 * Runs queued jobs one after another until none is left; answers how many it ran. A failure
 * marks its job `failed` with the reason and goes on with the next; the upload's file is kept
 * until its job is done, so a retry after a crash finds it.
 */
export async function processMediaJobs(p: Processing, now: () => Date = () => new Date()): Promise<number> {
  let ran = 0;
  for (let job = await claim(p.db, now()); job; job = await claim(p.db, now())) {
    if (job.state !== 'running') continue;
    ran += 1;
    const work = await mkdtemp(path.join(tmpdir(), 'livecam-job-'));
    try {
      if (job.videoId) await processVideo(p, job, work);
      else await processPicture(p, job);
      await p.db
        .update(mediaJobs)
        .set({ state: 'done', progress: 100, leaseUntil: null, updatedAt: now() })
        .where(eq(mediaJobs.id, job.id));
      await p.db.delete(uploads).where(eq(uploads.id, job.uploadId));
      await removeUploadFile(p.uploadDir, job.uploadId);
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 300) : 'processing failed';
      await p.db
        .update(mediaJobs)
        .set({ state: 'failed', error: reason, leaseUntil: null, updatedAt: now() })
        .where(eq(mediaJobs.id, job.id));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return ran;
}

/**
 * The process's worker: one run at a time; `kick` starts one now (after a submission), and a
 * timer looks for work left by another process or a restart. `onProcessed` hears of each run that
 * finished jobs (their items may now wait for review).
 */
export function createMediaWorker(p: Processing, onError: (err: unknown) => void, onProcessed?: () => void) {
  let running: Promise<unknown> | null = null;
  let again = false;
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = processMediaJobs(p)
      .then((ran) => {
        if (ran > 0) onProcessed?.();
      })
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  return { kick, idle: async () => running };
}
