import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewKey } from '#common/domain/previews.ts';
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
} from '#server/db/schema/catalog.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { galleryImageKey, videoClipKey, videoPosterKey } from '#server/media/keys.ts';
import { EBML_MAGIC } from '#server/media/webm.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { type CatalogSummary, DEMO_CATALOG_MARKER, seedCatalog } from './catalog.ts';
import { seedDemo } from './demo.ts';

let t: TestContext;
let first: CatalogSummary;
const logged: string[] = [];
const now = new Date();
const SHOWS = 4;

async function read(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of t.storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The Duration of a WebM file in ms (Info's float element 44 89, 8 bytes). */
function webmDuration(file: Buffer): number {
  const at = file.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  return file.readDoubleBE(at + 3);
}

beforeAll(async () => {
  t = await createTestApp();
  first = await seedCatalog({ db: t.db, storage: t.storage }, (msg) => logged.push(msg), { shows: SHOWS, now });
}, 120_000);
afterAll(() => t.close());

describe('seedCatalog on an empty database', () => {
  it('inserts performers with sound data and reports progress', async () => {
    expect(first.inserted).toBe(true);
    const rows = await t.db.select().from(shows);
    expect(rows).toHaveLength(SHOWS);
    for (const show of rows) {
      expect(show.age).toBeGreaterThanOrEqual(18);
      expect(show.age).toBeLessThanOrEqual(55);
      expect(show.universalId).toMatch(/^[12]\d{5}$/);
      expect(show.universalId[0]).toBe(String(show.contentproviderId));
      expect(show.slugName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(show.pricePerMinute).toBeGreaterThanOrEqual(20);
      expect(show.pricePerMinute).toBeLessThanOrEqual(90);
      expect(show.priceFactorExclusive).toBeGreaterThanOrEqual(150);
      expect(show.priceFactorExclusive).toBeLessThanOrEqual(200);
      expect([0, 1, 2]).toContain(show.exclusive);
      expect(show.sloganDe).not.toBe('');
      expect(show.descriptionDe).not.toBe(show.descriptionEn);
      expect(show.lat).not.toBeNull();
      expect(show.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      const images = await t.db.select().from(showImages).where(eq(showImages.showId, show.id));
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.map((i) => i.id)).toContain(show.mainImageId);
    }
    // Progress and the closing line count files, out of one total from the first line to the last.
    const totals = logged.flatMap((m) => /^catalogue: media files .*\(\d+\/(\d+)\)/.exec(m)?.[1] ?? []);
    expect(totals.length).toBeGreaterThan(1);
    expect(new Set(totals).size).toBe(1);
    expect(logged.at(-1)).toMatch(/^catalogue: media files ready \((\d+)\/\1\), \d+ made in/);
  });

  it('gives every show its categories by the rules and tags in both languages', async () => {
    const rows = await t.db.select().from(shows);
    const members = await t.db.select().from(showCategories);
    const of = (categoryId: number) => members.filter((m) => m.categoryId === categoryId).map((m) => m.showId);
    for (const show of rows) {
      expect(of(1)).toContain(show.id);
      expect(of(1013).includes(show.id)).toBe(show.languages.includes('de'));
      expect(of(4).includes(show.id)).toBe(show.age <= 25);
      expect(of(5).includes(show.id)).toBe(show.age >= 40);
      expect(of(1001).includes(show.id)).toBe(show.phoneChat);
    }
    const running = await t.db.select().from(promos);
    expect(running.length).toBeGreaterThanOrEqual(1);
    expect(of(20).sort()).toEqual([...new Set(running.map((p) => p.showId))].sort());
    expect(running.every((p) => p.stopsAt > now)).toBe(true);
    expect(running.some((p) => p.stopsAt.getTime() - now.getTime() <= 20 * 60_000)).toBe(true);
    const [tagCount] = await t.db.select({ n: count() }).from(tags);
    expect(tagCount?.n).toBeGreaterThanOrEqual(30);
    const [linked] = await t.db.select({ n: count() }).from(showTags);
    expect(linked?.n).toBeGreaterThanOrEqual(SHOWS * 3);
  });

  it('stores four preview files per show image: both sizes, plain and blurred', async () => {
    const images = await t.db.select().from(showImages);
    for (const image of images) {
      for (const [size, width, height] of [
        ['320x240', 320, 240],
        ['45x34', 45, 34],
      ] as const) {
        for (const blurred of [false, true]) {
          const file = await read(previewKey(image.showId, image.id, size, blurred));
          const meta = await sharp(file).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
        }
      }
    }
  });

  it('makes a playable WebM for every video part, as long as the part says', async () => {
    const rows = await t.db.select().from(videos);
    expect(rows.length).toBeGreaterThanOrEqual(SHOWS);
    for (const video of rows) {
      const parts = await t.db.select().from(videoParts).where(eq(videoParts.videoId, video.id));
      expect(parts.length).toBeGreaterThanOrEqual(1);
      expect(parts.length).toBeLessThanOrEqual(3);
      expect(video.duration).toBe(parts.reduce((sum, p) => sum + p.duration, 0));
      for (const part of parts) {
        expect(part.free ? part.price : part.price % 5).toBe(0);
        if (!part.free) expect(part.price).toBeGreaterThanOrEqual(10);
        expect(part.price).toBeLessThanOrEqual(60);
        const clip = await read(part.storageKey ?? '');
        expect(clip.subarray(0, 4).equals(EBML_MAGIC)).toBe(true);
        expect(webmDuration(clip)).toBe(part.duration * 1000);
      }
      const poster = await sharp(await read(videoPosterKey(video.ccid))).metadata();
      expect(poster.format).toBe('jpeg');
    }
  });

  it('gives every show one free gallery and paid galleries with their pictures', async () => {
    const rows = await t.db.select().from(galleries);
    const showRows = await t.db.select().from(shows);
    for (const show of showRows) {
      const free = rows.filter((g) => g.showId === show.id && g.free);
      expect(free).toHaveLength(1);
      expect(free[0]?.price).toBe(0);
    }
    for (const gallery of rows) {
      const pictures = await t.db.select().from(galleryImages).where(eq(galleryImages.galleryId, gallery.id));
      if (!gallery.free) {
        expect(gallery.price).toBeGreaterThanOrEqual(20);
        expect(gallery.price).toBeLessThanOrEqual(80);
        expect(pictures.length).toBeGreaterThanOrEqual(6);
        expect(pictures.length).toBeLessThanOrEqual(12);
      }
      for (const picture of pictures) {
        const full = await sharp(await read(galleryImageKey(gallery.id, picture.id, 'full'))).metadata();
        expect([full.width, full.height]).toEqual([picture.width, picture.height]);
        for (const variant of ['thumb', 'thumb_blurred'] as const) {
          const thumb = await sharp(await read(galleryImageKey(gallery.id, picture.id, variant))).metadata();
          expect([thumb.width, thumb.height]).toEqual([320, 240]);
        }
      }
    }
  });

  it('buys nothing: the archive starts empty', async () => {
    const [bought] = await t.db.select({ n: count() }).from(purchases);
    expect(bought?.n).toBe(0);
  });
});

const partIs = (p: { videoId: number; part: number }) =>
  and(eq(videoParts.videoId, p.videoId), eq(videoParts.part, p.part));

describe('seedCatalog again', () => {
  it('adds no rows and makes no files when everything is there', async () => {
    const before = await t.db.select({ n: count() }).from(videos);
    const again = await seedCatalog({ db: t.db, storage: t.storage }, () => {}, { shows: SHOWS });
    expect(again.inserted).toBe(false);
    expect(again.media.made).toBe(0);
    expect(again.media.present).toBe(first.media.jobs);
    expect(await t.db.select({ n: count() }).from(videos)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(shows)).toEqual([{ n: SHOWS }]);
  });

  it('makes again only what went missing, the same as before, also when called through seedDemo', async () => {
    const [image] = await t.db.select().from(showImages).limit(1);
    if (!image) throw new Error('no show image');
    const key = previewKey(image.showId, image.id, '320x240');
    const original = await read(key);
    await rm(path.join(t.config.media.dir, key));
    const messages: string[] = [];
    await seedDemo(t.app.ctx, (msg) => messages.push(msg), { catalog: { shows: SHOWS } });
    expect((await read(key)).equals(original)).toBe(true);
    expect(messages.some((m) => /media files ready \(\d+\/\d+\), \d+ made/.test(m))).toBe(true);
  });

  it('makes the clips and poster of an older generator again under the current names', async () => {
    const [video] = await t.db.select().from(videos).limit(1);
    if (!video) throw new Error('no video');
    const parts = await t.db.select().from(videoParts).where(eq(videoParts.videoId, video.id));
    // As an install from before: rows point at the old names, and only the old files exist.
    for (const part of parts) {
      await rm(path.join(t.config.media.dir, part.storageKey ?? ''));
      const old = `videos/${video.ccid}/${part.part}.webm`;
      await t.storage.put(old, Buffer.from('an old clip with a printed title'));
      await t.db.update(videoParts).set({ storageKey: old }).where(partIs(part));
    }
    await rm(path.join(t.config.media.dir, videoPosterKey(video.ccid)));
    const [other] = await t.db.select().from(videoParts).where(ne(videoParts.videoId, video.id)).limit(1);
    if (!other) throw new Error('no second video');
    await t.db.update(videoParts).set({ storageKey: 'uploads/own.webm' }).where(partIs(other));
    await t.storage.put('uploads/own.webm', await read(other.storageKey ?? ''));

    const run = await seedCatalog({ db: t.db, storage: t.storage }, () => {}, { shows: SHOWS });
    expect(run.media.made).toBe(1);
    const now = await t.db.select().from(videoParts).where(eq(videoParts.videoId, video.id));
    for (const part of now) {
      expect(part.storageKey).toBe(videoClipKey(video.ccid, part.part));
      expect((await read(part.storageKey ?? '')).subarray(0, 4).equals(EBML_MAGIC)).toBe(true);
    }
    expect(await t.storage.exists(videoPosterKey(video.ccid))).toBe(true);
    const [untouched] = await t.db.select().from(videoParts).where(partIs(other));
    expect(untouched?.storageKey).toBe('uploads/own.webm');
    await t.db.update(videoParts).set({ storageKey: other.storageKey }).where(partIs(other));
  });

  it('leaves the files of a catalogue it did not seed alone', async () => {
    const marker = await read(DEMO_CATALOG_MARKER);
    expect(JSON.parse(marker.toString())).toMatchObject({ shows: SHOWS });
    const [image] = await t.db.select().from(showImages).limit(1);
    if (!image) throw new Error('no show image');
    const key = previewKey(image.showId, image.id, '45x34', true);
    await rm(path.join(t.config.media.dir, key));
    await rm(path.join(t.config.media.dir, DEMO_CATALOG_MARKER));
    const run = await seedCatalog({ db: t.db, storage: t.storage }, () => {}, { shows: SHOWS });
    expect(run.media).toEqual({ jobs: 0, made: 0, present: 0, files: 0, total: 0 });
    expect(await t.storage.exists(key)).toBe(false);
    await t.storage.put(DEMO_CATALOG_MARKER, marker);
    expect((await seedCatalog({ db: t.db, storage: t.storage }, () => {}, { shows: SHOWS })).media.made).toBe(1);
  });
});
