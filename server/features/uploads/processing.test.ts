import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantPath } from '#common/domain/images.ts';
import { galleries, galleryImages, videoParts, videos } from '#server/db/schema/catalog.ts';
import { contentReviews, mediaJobs, uploads } from '#server/db/schema/uploads.ts';
import { galleryImageKey, videoPosterKey } from '#server/media/keys.ts';
import { tagId } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { uploadFile } from './files.ts';
import { probeVideo } from './probe.ts';
import { processMediaJobs } from './processing.ts';
import { testClip, testPicture, uploadWhole } from './testing.ts';

let t: TestContext;
let dir: string;
let her: TestClient;
let other: TestClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'livecam-uploads-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  await createTestPerformer(t, { email: 'maker@example.com' });
  await createTestPerformer(t, { email: 'not-maker@example.com' });
  her = await studioClient(t, 'maker@example.com');
  other = await studioClient(t, 'not-maker@example.com');
  await tagId(t.db, 'outdoor');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const processing = () => processMediaJobs({ db: t.db, storage: t.storage, uploadDir: dir });
const stored = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of t.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const videoBody = (uploadId: string, over: object = {}) => ({
  uploadId,
  titleEn: 'Beach day',
  titleDe: 'Strandtag',
  descriptionEn: 'Sun and sand',
  descriptionDe: 'Sonne und Sand',
  tags: ['outdoor'],
  parts: [
    { start: 0, price: 0 },
    { start: 1.5, price: 30 },
  ],
  ...over,
});

describe('processing', () => {
  it('cuts a video into the parts she chose, as the catalogue serves clips (VP8 WebM 320x180), with a poster', async () => {
    const { id } = await uploadWhole(her, 'video', await testClip(3, 'mp4'), 'beach.mp4');
    expect((await other.post('/api/studio/content/videos', videoBody(id))).statusCode).toBe(404);
    const res = await her.post('/api/studio/content/videos', videoBody(id));
    expect(res.statusCode, res.body).toBe(201);
    const videoId = (res.json() as { id: number }).id;
    const mine = (await her.get('/api/studio/content')).json() as {
      data: { id: number; status: string; processing: string }[];
    };
    expect(mine.data[0]).toMatchObject({ id: videoId, status: 'pending', processing: 'queued' });

    expect(await processing()).toBe(1);
    const [video] = await t.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video).toMatchObject({ status: 'pending', titleEn: 'Beach day', duration: 3 });
    const parts = await t.db
      .select()
      .from(videoParts)
      .where(eq(videoParts.videoId, videoId))
      .orderBy(asc(videoParts.part));
    expect(parts.map((p) => [p.part, p.price, p.free, p.duration])).toEqual([
      [1, 0, true, 2],
      [2, 30, false, 2],
    ]);
    for (const part of parts) {
      expect(part.storageKey).toMatch(new RegExp(`^videos/${video?.ccid}/${part.part}\\.upload\\.webm$`));
      const file = path.join(dir, `check-${part.part}.webm`);
      writeFileSync(file, await stored(part.storageKey ?? ''));
      const info = await probeVideo(file);
      expect(info).toMatchObject({ width: 320, height: 180 });
      expect(info?.format).toMatch(/webm/);
    }
    const poster = await sharp(await stored(videoPosterKey(video?.ccid ?? 0))).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    // Its WebP rendition for the tiles is made with it.
    const rendition = variantPath(videoPosterKey(video?.ccid ?? 0), 360, 'webp');
    expect(await sharp(await stored(rendition)).metadata()).toMatchObject({ format: 'webp', width: 360, height: 203 });
    // The upload and its file are gone once processed; the review waits.
    expect(await t.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
    expect(existsSync(uploadFile(dir, id))).toBe(false);
    expect((await t.db.select().from(contentReviews).where(eq(contentReviews.videoId, videoId)))[0]?.state).toBe(
      'open',
    );
    const after = (await her.get('/api/studio/content')).json() as { data: { id: number; processing: string }[] };
    expect(after.data.find((d) => d.id === videoId)).toMatchObject({ processing: 'done', progress: 100 });
  });

  it('refuses a split out of the video, an unknown tag, an upload not ready or not hers (422/409/404)', async () => {
    const { id } = await uploadWhole(her, 'video', await testClip(2), 'short.webm');
    const outOfVideo = await her.post(
      '/api/studio/content/videos',
      videoBody(id, {
        parts: [
          { start: 0, price: 0 },
          { start: 5, price: 1 },
        ],
      }),
    );
    expect(outOfVideo.statusCode).toBe(422);
    const notFirstAtZero = await her.post(
      '/api/studio/content/videos',
      videoBody(id, { parts: [{ start: 1, price: 0 }] }),
    );
    expect(notFirstAtZero.statusCode).toBe(422);
    expect((await her.post('/api/studio/content/videos', videoBody(id, { tags: ['no-such-tag'] }))).statusCode).toBe(
      422,
    );
    expect(
      (await her.post('/api/studio/content/videos', videoBody(id, { parts: [{ start: 0, price: 9999 }] }))).statusCode,
    ).toBe(422);
    const announced = await her.post('/api/studio/uploads', {
      kind: 'video',
      size: 100,
      type: 'video/mp4',
      name: 'x.mp4',
    });
    const notReady = (announced.json() as { id: string }).id;
    expect((await her.post('/api/studio/content/videos', videoBody(notReady))).statusCode).toBe(409);
    expect((await t.db.select().from(videos).where(eq(videos.titleEn, 'Beach day'))).length).toBe(1);
  });

  it('makes gallery pictures in the catalogue sizes (full, 320x240, blurred) in her order', async () => {
    const a = await uploadWhole(her, 'picture', await testPicture('png', 2400, 1200), 'a.png');
    const b = await uploadWhole(her, 'picture', await testPicture('jpeg', 600, 800), 'b.jpg');
    const res = await her.post('/api/studio/content/galleries', {
      uploadIds: [a.id, b.id],
      titleEn: 'Holiday',
      titleDe: 'Urlaub',
      price: 25,
    });
    expect(res.statusCode, res.body).toBe(201);
    const galleryId = (res.json() as { id: number }).id;
    expect(await processing()).toBe(2);
    const images = await t.db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.galleryId, galleryId))
      .orderBy(asc(galleryImages.position));
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [1600, 800],
      [600, 800],
    ]);
    const first = images[0]?.id ?? 0;
    expect(await sharp(await stored(galleryImageKey(galleryId, first, 'full'))).metadata()).toMatchObject({
      format: 'jpeg',
    });
    for (const v of ['thumb', 'thumb_blurred'] as const) {
      expect(await sharp(await stored(galleryImageKey(galleryId, first, v))).metadata()).toMatchObject({
        format: 'jpeg',
        width: 320,
        height: 240,
      });
    }
    for (const v of ['thumb', 'thumb_blurred'] as const) {
      const rendition = variantPath(galleryImageKey(galleryId, first, v), 180, 'webp');
      expect(await sharp(await stored(rendition)).metadata()).toMatchObject({
        format: 'webp',
        width: 180,
        height: 135,
      });
    }
    expect((await t.db.select().from(galleries).where(eq(galleries.id, galleryId)))[0]?.status).toBe('pending');
  });

  it('marks a job failed with its reason, and takes up a job whose process died', async () => {
    const { id } = await uploadWhole(her, 'video', await testClip(2), 'lost.webm');
    const res = await her.post('/api/studio/content/videos', videoBody(id, { parts: [{ start: 0, price: 0 }] }));
    const videoId = (res.json() as { id: number }).id;
    // A process took the job and died: its lease runs out, another run takes it up and finishes it.
    await t.db
      .update(mediaJobs)
      .set({ state: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(mediaJobs.videoId, videoId));
    expect(await processing()).toBe(1);
    expect((await t.db.select().from(mediaJobs).where(eq(mediaJobs.videoId, videoId)))[0]).toMatchObject({
      state: 'done',
      attempts: 2,
    });

    const lost = await uploadWhole(her, 'video', await testClip(2), 'gone.webm');
    const res2 = await her.post('/api/studio/content/videos', videoBody(lost.id, { parts: [{ start: 0, price: 0 }] }));
    const lostVideo = (res2.json() as { id: number }).id;
    rmSync(uploadFile(dir, lost.id));
    await processing();
    const list = (await her.get('/api/studio/content')).json() as {
      data: { id: number; processing: string; error: string | null }[];
    };
    const item = list.data.find((d) => d.id === lostVideo);
    expect(item?.processing).toBe('failed');
    expect(item?.error).toBeTruthy();
  });

  it('refuses the content calls to members, visitors, other performers and malformed bodies (4xx, nothing made)', async () => {
    const before = await t.db.select().from(videos);
    const { client: member } = await registerAndVerify(t, 'content-member@example.com');
    const body = videoBody('0'.repeat(32));
    expect((await member.get('/api/studio/content')).statusCode).toBe(401);
    expect((await member.post('/api/studio/content/videos', body)).statusCode).toBe(401);
    expect((await t.client().post('/api/studio/content/galleries', { uploadIds: [] })).statusCode).toBe(401);
    expect((await her.post('/api/studio/content/videos', { ...body, titleEn: 'x'.repeat(10_000) })).statusCode).toBe(
      422,
    );
    expect((await her.post('/api/studio/content/videos', { ...body, extra: 1 })).statusCode).toBe(422);
    expect((await her.post('/api/studio/content/videos', body)).statusCode).toBe(404);
    expect(
      (await her.post('/api/studio/content/galleries', { uploadIds: ['nope'], titleEn: 'a', titleDe: 'a', price: 1 }))
        .statusCode,
    ).toBe(422);
    const [own] = before;
    const edit = { titleEn: 'Taken', titleDe: 'Genommen', descriptionEn: '', descriptionDe: '', tags: [] };
    expect((await other.patch(`/api/studio/content/videos/${own?.id}`, edit)).statusCode).toBe(404);
    expect((await member.patch(`/api/studio/content/videos/${own?.id}`, edit)).statusCode).toBe(401);
    expect((await her.patch('/api/studio/content/videos/abc', edit)).statusCode).toBe(422);
    expect(await t.db.select().from(videos)).toEqual(before);
  });
});
