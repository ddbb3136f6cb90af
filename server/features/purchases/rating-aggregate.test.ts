import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * A catalogue item arrives with an aggregate from elsewhere (the demo seed, an import): 90 % from
 * 269 votes. A member's rating is one more vote on top of those, never a replacement of them.
 */

let t: TestContext;
let anna: TestClient;
let bea: TestClient;
let video: TestVideo;
let single: TestVideo;
let gallery: TestGallery;
let show: TestShow;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: anna } = await registerAndVerify(t, 'rating-anna@example.com'));
  ({ client: bea } = await registerAndVerify(t, 'rating-bea@example.com'));
  show = await createShow(t.db);
  video = await createVideo(t.db, show.id, { rating: 90, ratingCount: 269, parts: [{ price: 0, free: true }] });
  single = await createVideo(t.db, show.id, { rating: 90, ratingCount: 1, parts: [{ price: 0, free: true }] });
  gallery = await createGallery(t.db, show.id, { rating: 90, ratingCount: 269, price: 0, free: true });
});
afterAll(() => t.close());

const rateVideo = (c: TestClient, v: TestVideo, rating: number) =>
  c.post(`/api/videos/rate/${v.ccid}/1`, { rating }).then((r) => r.json());
const rateGallery = (c: TestClient, rating: number) =>
  c.post(`/api/galleries/rate/${show.universalId}/${gallery.id}`, { rating }).then((r) => r.json());

describe('rating an item that already has votes', () => {
  it('adds one vote to a video rated 90 % by 269 (60 → about 89.9 % from 270)', async () => {
    expect(await rateVideo(anna, video, 60)).toEqual({ rating: 90, ratingCount: 270, myRating: 60 });
    const detail = (await anna.get(`/api/videos/${video.id}`)).json();
    expect(detail).toMatchObject({ rating: 90, ratingCount: 270 });
  });

  it("replaces the member's own vote when she rates again, and counts another member's", async () => {
    // 90 % from one earlier vote: (90 + 60) / 2, then (90 + 100) / 2, then (90 + 100 + 20) / 3.
    expect(await rateVideo(anna, single, 60)).toEqual({ rating: 75, ratingCount: 2, myRating: 60 });
    expect(await rateVideo(anna, single, 100)).toEqual({ rating: 95, ratingCount: 2, myRating: 100 });
    expect(await rateVideo(bea, single, 20)).toEqual({ rating: 70, ratingCount: 3, myRating: 20 });
    expect((await bea.get(`/api/videos/${single.id}`)).json()).toMatchObject({ rating: 70, ratingCount: 3 });
  });

  it('adds one vote to a gallery rated 90 % by 269, and a second rating replaces it', async () => {
    expect(await rateGallery(anna, 60)).toEqual({ rating: 90, ratingCount: 270, myRating: 60 });
    expect(await rateGallery(anna, 10)).toEqual({ rating: 90, ratingCount: 270, myRating: 10 });
    expect(await rateGallery(bea, 1)).toEqual({ rating: 89, ratingCount: 271, myRating: 1 });
  });
});
