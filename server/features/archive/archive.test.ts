import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { giveCoins } from '#server/features/purchases/test-support.ts';
import { createGallery, createShow, createVideo, type TestGallery, type TestVideo } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
let universalId: string;
let clips: TestVideo[];
let albums: TestGallery[];

beforeAll(async () => {
  t = await createTestApp();
  ({
    client: member,
    user: { id: memberId },
  } = await registerAndVerify(t, 'archive-member@example.com'));
  const show = await createShow(t.db);
  universalId = show.universalId;
  clips = [];
  for (let i = 0; i < 3; i++)
    clips.push(await createVideo(t.db, show.id, { titleEn: `Clip ${i}`, titleDe: `Klipp ${i}` }));
  albums = [];
  for (let i = 0; i < 2; i++) albums.push(await createGallery(t.db, show.id, { price: 5 }));
  await giveCoins(t, memberId, 1000);
});
afterAll(() => t.close());

const buyVideo = (v: TestVideo, part = 2) => member.post(`/api/videos/buy/${v.ccid}/${part}`, {});
const buyGallery = (g: TestGallery) => member.post(`/api/galleries/buy/${universalId}/${g.id}`, {});

describe('the archive', () => {
  it('is empty for a new member and refuses visitors', async () => {
    expect((await member.get('/api/archive/latest')).json()).toEqual({
      data: { videos: [], galleries: [] },
      video_count: 0,
      gallery_count: 0,
      video_total: 0,
      gallery_total: 0,
    });
    expect((await member.get('/api/archive/videos')).json()).toEqual({
      current_page: 1,
      last_page: 1,
      total: 0,
      data: [],
      more: false,
    });
    for (const url of ['/api/archive/latest', '/api/archive/videos', '/api/archive/galleries']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lists a purchase at once, the latest first, with the bought part', async () => {
    expect((await buyVideo(clips[0] as TestVideo)).statusCode).toBe(200);
    let res = await member.get('/api/archive/videos');
    expect(res.json().data.map((v: { id: number; part: number }) => [v.id, v.part])).toEqual([[clips[0]?.id, 2]]);
    expect((await buyGallery(albums[1] as TestGallery)).statusCode).toBe(200);
    expect((await buyVideo(clips[2] as TestVideo)).statusCode).toBe(200);
    expect((await buyGallery(albums[0] as TestGallery)).statusCode).toBe(200);
    res = await member.get('/api/archive/videos?page=1', { 'accept-language': 'de' });
    const videos = res.json();
    expect(videos).toMatchObject({ current_page: 1, last_page: 1, total: 2, more: false });
    expect(videos.data.map((v: { id: number }) => v.id)).toEqual([clips[2]?.id, clips[0]?.id]);
    expect(videos.data[0]).toMatchObject({ title: 'Klipp 2', part: 2, universalId, parts: 2 });
    expect(Date.parse(videos.data[0].bought_at)).toBeGreaterThan(Date.now() - 60_000);

    const galleries = (await member.get('/api/archive/galleries')).json();
    expect(galleries.data.map((g: { id: number }) => g.id)).toEqual([albums[0]?.id, albums[1]?.id]);
    // Bought galleries show their cover unblurred, through a URL signed for the member.
    expect(galleries.data[0].cover).toMatch(/^\/media\/pictures\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);

    const latest = (await member.get('/api/archive/latest')).json();
    expect(latest).toMatchObject({ video_count: 2, gallery_count: 2, video_total: 2, gallery_total: 2 });
  });

  it('keeps the latest view to 4 of each while the totals count all', async () => {
    for (const v of clips) if (v !== clips[0] && v !== clips[2]) expect((await buyVideo(v)).statusCode).toBe(200);
    const more = await createVideo(t.db, clips[0]?.showId ?? 0, { parts: [{ price: 1 }, { price: 1 }, { price: 1 }] });
    for (const part of [1, 2, 3]) expect((await buyVideo(more, part)).statusCode).toBe(200);
    const latest = (await member.get('/api/archive/latest')).json();
    expect(latest).toMatchObject({ video_count: 4, video_total: 6, gallery_total: 2 });
    expect(latest.data.videos.map((v: { id: number; part: number }) => [v.id, v.part])).toEqual([
      [more.id, 3],
      [more.id, 2],
      [more.id, 1],
      [clips[1]?.id, 2],
    ]);
  });

  it('pages 48 at a time; a page past the end is empty', async () => {
    const show = clips[0]?.showId ?? 0;
    const many = await createVideo(t.db, show, { parts: Array.from({ length: 50 }, () => ({ price: 1 })) });
    // Straight into the table: 50 purchases over the API would only repeat what is tested above.
    await t.db.insert(purchases).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: memberId,
        item: `video:${many.id}:${i + 1}`,
        videoId: many.id,
        part: i + 1,
        coins: 1,
        createdAt: new Date(Date.now() - 3_600_000 - i * 1000),
      })),
    );
    const first = (await member.get('/api/archive/videos')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 56, more: true });
    expect(first.data).toHaveLength(48);
    const second = (await member.get('/api/archive/videos?page=2')).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 56, more: false });
    expect(second.data).toHaveLength(8);
    expect(second.data.at(-1)).toMatchObject({ id: many.id, part: 50 });
    const past = (await member.get('/api/archive/videos?page=9')).json();
    expect(past).toMatchObject({ current_page: 9, total: 56, data: [], more: false });
  });

  it('refuses malformed pages with 422', async () => {
    for (const page of ['0', '-1', 'x', '10001', "1' or 1=1", 'x'.repeat(10_240)]) {
      for (const list of ['videos', 'galleries']) {
        const res = await member.get(`/api/archive/${list}?page=${encodeURIComponent(page)}`);
        expect(res.statusCode, `${list} ${page.slice(0, 20)}`).toBe(422);
        expect(res.json().errors).toEqual({ page: [expect.stringMatching(/^errors\./)] });
      }
    }
  });

  it('leaves out purchases whose video is gone', async () => {
    const before = (await member.get('/api/archive/latest')).json().video_total;
    await t.db
      .update(purchases)
      .set({ videoId: null })
      .where(eq(purchases.item, `video:${clips[1]?.id}:2`));
    expect((await member.get('/api/archive/latest')).json().video_total).toBe(before - 1);
  });
});
