import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleries, type PublicationStatus, videos } from '#server/db/schema/catalog.ts';
import { giveCoins } from '#server/features/purchases/test-support.ts';
import {
  createGallery,
  createShow,
  createVideo,
  type TestGallery,
  type TestShow,
  type TestVideo,
} from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * The catalogue's rule: only a published video or gallery is listed, found, shown, sold, played
 * or rated. A pending, rejected or removed one is as if it did not exist (404), for everyone.
 */
let t: TestContext;
let member: TestClient;
let show: TestShow;
let shown: TestVideo;
let shownGallery: TestGallery;
const hidden: { status: PublicationStatus; video: TestVideo; gallery: TestGallery }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  let memberId: number;
  ({
    client: member,
    user: { id: memberId },
  } = await registerAndVerify(t, 'visibility@example.com'));
  await giveCoins(t, memberId, 500);
  show = await createShow(t.db, { tags: ['visibility'] });
  shown = await createVideo(t.db, show.id, {
    titleEn: 'Sunset walk',
    titleDe: 'Sonnenuntergang',
    tags: ['visibility'],
  });
  shownGallery = await createGallery(t.db, show.id, { titleEn: 'Sunset pictures', titleDe: 'Sonnenbilder' });
  for (const status of ['pending', 'rejected', 'removed'] as const) {
    const video = await createVideo(t.db, show.id, {
      titleEn: `Sunset ${status}`,
      titleDe: `Sonnenuntergang ${status}`,
      tags: ['visibility'],
      status,
    });
    const gallery = await createGallery(t.db, show.id, {
      titleEn: `Sunset pictures ${status}`,
      titleDe: `Sonnenbilder ${status}`,
      status,
      free: false,
    });
    hidden.push({ status, video, gallery });
  }
});
afterAll(() => t.close());

const ids = <T extends { id: number }>(list: T[]) => list.map((x) => x.id);

describe('catalogue reads show only published items', () => {
  it('lists and searches only the published video and gallery of the show', async () => {
    const v = await (await t.client().get(`/api/search/videos?showid=${show.universalId}`)).json();
    expect(ids(v.data)).toEqual([shown.id]);
    expect(v.total).toBe(1);
    const g = await (await t.client().get(`/api/search/galleries?showid=${show.universalId}`)).json();
    expect(ids(g.data)).toEqual([shownGallery.id]);
    const text = await (await t.client().get('/api/search/videos?q=sunset')).json();
    expect(ids(text.data)).toEqual([shown.id]);
    const tagged = await (await t.client().get('/api/search/videos?tags=visibility')).json();
    expect(ids(tagged.data)).toEqual([shown.id]);
    const all = await (await t.client().get('/api/search/all?search=sunset')).json();
    expect(ids(all.videos.data)).toEqual([shown.id]);
    expect(ids(all.galleries.data)).toEqual([shownGallery.id]);
  });

  it('counts only published items on the show page', async () => {
    const res = await t.client().get(`/api/shows/${show.universalId}`);
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(await res.json());
    expect(body).toMatch(/"video_?[cC]ount":1/);
    expect(body).toMatch(/"gallery_?[cC]ount":1/);
  });

  it('leaves non-published items out of more-like-this', async () => {
    const v = await (await t.client().get(`/api/search/videos/${shown.ccid}/mlt`)).json();
    const found = ids(v.data ?? v);
    for (const h of hidden) expect(found).not.toContain(h.video.id);
    const g = await (await t.client().get(`/api/search/galleries/${shownGallery.id}/mlt`)).json();
    const foundG = ids(g.data ?? g);
    for (const h of hidden) expect(foundG).not.toContain(h.gallery.id);
  });

  for (const status of ['pending', 'rejected', 'removed'] as const) {
    it(`answers 404 for a ${status} video and gallery: detail, poster, play, buy, rate, more-like-this`, async () => {
      const { video, gallery } = hidden.find((h) => h.status === status) ?? {};
      if (!video || !gallery) throw new Error('fixture missing');
      const c = t.client();
      expect((await c.get(`/api/videos/${video.id}`)).statusCode).toBe(404);
      expect((await c.get(`/api/videos/image/${video.id}/1`)).statusCode).toBe(404);
      expect((await member.get(`/api/videos/play/${video.ccid}/1`)).statusCode).toBe(404);
      expect((await c.get(`/api/search/videos/${video.ccid}/mlt`)).statusCode).toBe(404);
      expect((await member.post(`/api/videos/buy/${video.ccid}/2`, { use_voucher: 0 })).statusCode).toBe(404);
      expect((await member.post(`/api/videos/rate/${video.ccid}/1`, { rating: 80 })).statusCode).toBe(404);
      expect((await c.get(`/api/galleries/${show.universalId}/${gallery.id}`)).statusCode).toBe(404);
      expect((await c.get(`/api/search/galleries/${gallery.id}/mlt`)).statusCode).toBe(404);
      expect(
        (await member.post(`/api/galleries/buy/${show.universalId}/${gallery.id}`, { use_voucher: 0 })).statusCode,
      ).toBe(404);
      expect(
        (await member.post(`/api/galleries/rate/${show.universalId}/${gallery.id}`, { rating: 80 })).statusCode,
      ).toBe(404);
      expect((await c.get(`/media/galleries/${gallery.id}/${gallery.images[0]?.id}_320x240_b.jpg`)).statusCode).toBe(
        404,
      );
    });
  }

  it('hides a gallery as soon as it is removed, and its free gallery too', async () => {
    const free = await createGallery(t.db, show.id, { free: true, price: 0 });
    expect((await t.client().get(`/api/galleries/free/${show.universalId}`)).statusCode).toBe(200);
    await t.db.update(galleries).set({ status: 'removed' }).where(eq(galleries.id, free.id));
    expect((await t.client().get(`/api/galleries/free/${show.universalId}`)).statusCode).toBe(404);
    await t.db.update(videos).set({ status: 'removed' }).where(eq(videos.id, shown.id));
    expect((await t.client().get(`/api/videos/${shown.id}`)).statusCode).toBe(404);
    await t.db.update(videos).set({ status: 'published' }).where(eq(videos.id, shown.id));
  });
});
