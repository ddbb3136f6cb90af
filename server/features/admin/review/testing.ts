import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReviewItem, ReviewQueue } from '#common/api/admin-review.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { contentReviews } from '#server/db/schema/uploads.ts';
import { processMediaJobs } from '#server/features/uploads/processing.ts';
import { testClip, testPicture, uploadWhole } from '#server/features/uploads/testing.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

/** The review queue's tests: a performer who submits, her items processed, the queue as the console reads it. */

export type ReviewWorld = {
  t: TestContext;
  dir: string;
  /** The performer's studio browser. */
  her: TestClient;
  showUid: string;
  close: () => Promise<void>;
};

let made = 0;
export async function reviewWorld(): Promise<ReviewWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'livecam-uploads-'));
  const t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  const email = `reviewed-${++made}-${Date.now()}@example.com`;
  const p = await createTestPerformer(t, { email });
  const her = await studioClient(t, email);
  return {
    t,
    dir,
    her,
    showUid: p.show.universalId,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const processAll = (w: ReviewWorld) => processMediaJobs({ db: w.t.db, storage: w.t.storage, uploadDir: w.dir });

const openReviewOf = async (w: ReviewWorld, where: ReturnType<typeof eq>) => {
  const [review] = await w.t.db
    .select()
    .from(contentReviews)
    .where(and(where, eq(contentReviews.state, 'open')));
  return review?.id ?? 0;
};

/** A gallery of one picture she submits (processed unless told not to), and its open review. */
export async function newGallery(w: ReviewWorld, title: string, opts: { process?: boolean } = {}) {
  const { id } = await uploadWhole(w.her, 'picture', await testPicture('jpeg', 400, 300), 'p.jpg');
  const res = await w.her.post('/api/studio/content/galleries', {
    uploadIds: [id],
    titleEn: title,
    titleDe: title,
    price: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.process !== false) await processAll(w);
  const galleryId = (res.json() as { id: number }).id;
  return { galleryId, reviewId: await openReviewOf(w, eq(contentReviews.galleryId, galleryId)) };
}

/** A video of two parts (the second for 20 coins) she submits, processed, and its open review. */
export async function newVideo(w: ReviewWorld, title: string) {
  const { id } = await uploadWhole(w.her, 'video', await testClip(2), 'clip.webm');
  const res = await w.her.post('/api/studio/content/videos', {
    uploadId: id,
    titleEn: title,
    titleDe: `${title} (de)`,
    descriptionEn: 'Sun and sand',
    descriptionDe: 'Sonne und Sand',
    tags: [],
    parts: [
      { start: 0, price: 0 },
      { start: 1, price: 20 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  await processAll(w);
  const videoId = (res.json() as { id: number }).id;
  return { videoId, reviewId: await openReviewOf(w, eq(contentReviews.videoId, videoId)) };
}

/** Her change of a gallery's texts and price (a published one waits for review). */
export const editGallery = (w: ReviewWorld, galleryId: number, title: string, price: number) =>
  w.her.patch(`/api/studio/content/galleries/${galleryId}`, {
    titleEn: title,
    titleDe: `${title} (de)`,
    descriptionEn: '',
    descriptionDe: '',
    tags: [],
    price,
  });

/** The open review of an item (after an edit, the new one). */
export const openReviewOfGallery = (w: ReviewWorld, galleryId: number) =>
  openReviewOf(w, eq(contentReviews.galleryId, galleryId));

export async function queueOf(client: TestClient, query = '') {
  const res = await client.get(`/api/admin/review${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewQueue;
}

export async function itemOf(client: TestClient, id: number) {
  const res = await client.get(`/api/admin/review/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewItem;
}

/** Her galleries in the public catalogue. */
export const catalogue = async (w: ReviewWorld) =>
  (
    (await w.t.client().get(`/api/search/galleries?showid=${w.showUid}`)).json() as {
      data: { id: number; title: string }[];
    }
  ).data;

export const audits = (w: ReviewWorld, subjectType: 'gallery' | 'video', id: number) =>
  w.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(id))));
