import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaWorker } from '#server/features/uploads/processing.ts';
import { testPicture, uploadWhole } from '#server/features/uploads/testing.ts';
import { act } from '#server/test/operators.ts';
import { deskOperator } from '#server/test/support-desk.ts';
import { openReviewCount } from './data.ts';
import {
  editGallery,
  itemOf,
  newGallery,
  newVideo,
  openReviewOfGallery,
  queueOf,
  type ReviewWorld,
  reviewWorld,
} from './testing.ts';

let w: ReviewWorld;
let moderator: Awaited<ReturnType<typeof deskOperator>>;
beforeAll(async () => {
  w = await reviewWorld();
  moderator = await deskOperator(w.t, ['moderator']);
});
afterAll(() => w.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const changedTopics = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter((c) => c[1] === 'console:changed').map((c) => c[0]);

describe('GET /api/admin/review (the queue)', () => {
  it('pages the waiting items oldest first, filters by kind, and refuses bad paging or kinds', async () => {
    const a = await newGallery(w, 'Queue first');
    const b = await newGallery(w, 'Queue second');
    const c = await newGallery(w, 'Queue third');
    const all = await queueOf(moderator.client, '?pageSize=100');
    const ids = all.items.map((i) => i.id);
    expect(ids.indexOf(a.reviewId)).toBeLessThan(ids.indexOf(b.reviewId));
    expect(ids.indexOf(b.reviewId)).toBeLessThan(ids.indexOf(c.reviewId));
    expect(all.total).toBe(await openReviewCount(w.t.db));
    expect(all.items.find((i) => i.id === a.reviewId)).toEqual({
      id: a.reviewId,
      kind: 'new_gallery',
      title: { en: 'Queue first', de: 'Queue first' },
      showName: expect.any(String),
      performerEmail: expect.stringMatching(/^reviewed-/),
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const first = await queueOf(moderator.client, '?pageSize=1');
    const second = await queueOf(moderator.client, '?pageSize=1&page=2');
    expect(first.items.map((i) => i.id)).toEqual([ids[0]]);
    expect(second.items.map((i) => i.id)).toEqual([ids[1]]);
    expect(first.total).toBe(all.total);
    const videos = await queueOf(moderator.client, '?kind=new_video');
    expect(videos.items.every((i) => i.kind === 'new_video')).toBe(true);
    expect(videos.items.map((i) => i.id)).not.toContain(a.reviewId);
    for (const query of ['?kind=picture', '?page=0', '?page=x', '?pageSize=101', `?kind=${'x'.repeat(500)}`]) {
      const res = await moderator.client.get(`/api/admin/review${query}`);
      expect(res.statusCode, query.slice(0, 20)).toBe(422);
    }
  });
});

describe('the previews', () => {
  it("serves a gallery's pictures while it waits, to operators who may review only, never to be cached", async () => {
    const { reviewId } = await newGallery(w, 'Pictures');
    const [imageId] = (await itemOf(moderator.client, reviewId)).pictures;
    const url = `/api/admin/review/${reviewId}/picture/${imageId}/thumb`;
    const res = await moderator.client.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await moderator.client.get(`/api/admin/review/${reviewId}/picture/${imageId}/full`)).statusCode).toBe(200);
    expect((await w.t.client().get(url)).statusCode).toBe(401);
    expect((await (await deskOperator(w.t, ['support'])).client.get(url)).statusCode).toBe(403);
    expect(
      (await moderator.client.get(`/api/admin/review/${reviewId}/picture/${Number(imageId) + 1000}/thumb`)).statusCode,
    ).toBe(404);
    expect((await moderator.client.get(`/api/admin/review/${reviewId}/picture/${imageId}/huge`)).statusCode).toBe(422);
    // A gallery has no poster.
    expect((await moderator.client.get(`/api/admin/review/${reviewId}/poster`)).statusCode).toBe(404);
    await act(moderator.client, 'POST', `/api/admin/review/${reviewId}/approve`);
    expect((await moderator.client.get(url)).statusCode).toBe(404);
  });

  it("shows a video's poster, parts and clips, and rejects it", async () => {
    const { videoId, reviewId } = await newVideo(w, 'Beach walk');
    const item = await itemOf(moderator.client, reviewId);
    expect(item).toMatchObject({
      kind: 'new_video',
      title: { en: 'Beach walk', de: 'Beach walk (de)' },
      texts: [
        { field: 'titleEn', current: 'Beach walk', proposed: null },
        { field: 'titleDe', current: 'Beach walk (de)', proposed: null },
        { field: 'descriptionEn', current: 'Sun and sand', proposed: null },
        { field: 'descriptionDe', current: 'Sonne und Sand', proposed: null },
      ],
      parts: [
        { part: 1, price: 0, proposedPrice: null, playable: true },
        { part: 2, price: 20, proposedPrice: null, playable: true },
      ],
      price: null,
      pictures: [],
      poster: true,
      tags: null,
    });
    const poster = await moderator.client.get(`/api/admin/review/${reviewId}/poster`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.headers['cache-control']).toBe('private, no-store');
    expect((await w.t.client().get(`/api/admin/review/${reviewId}/poster`)).statusCode).toBe(401);
    const { client: support } = await deskOperator(w.t, ['support']);
    expect((await support.get(`/api/admin/review/${reviewId}/poster`)).statusCode).toBe(403);
    const clip = await moderator.client.get(`/api/admin/review/${reviewId}/clip/2`);
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/webm');
    expect(clip.headers['cache-control']).toBe('private, no-store');
    expect((await moderator.client.get(`/api/admin/review/${reviewId}/clip/3`)).statusCode).toBe(404);
    expect((await queueOf(moderator.client, '?kind=new_video')).items.map((i) => i.id)).toContain(reviewId);

    const res = await act(moderator.client, 'POST', `/api/admin/review/${reviewId}/reject`, { reason: 'No sound' });
    expect(res.json()).toEqual({ outcome: 'done', id: reviewId });
    const mine = (await w.her.get('/api/studio/content')).json() as { data: { id: number; status: string }[] };
    expect(mine.data.find((d) => d.id === videoId)?.status).toBe('rejected');
    expect((await moderator.client.get(`/api/admin/review/${reviewId}/poster`)).statusCode).toBe(404);
  });
});

describe("the moderators' screens hear of changes", () => {
  it('when processing makes an item wait, when she changes a published one, and at each decision (not a repeat)', async () => {
    const spy = vi.spyOn(w.t.app.ctx.realtime, 'toOperators');
    // The worker of the studio's routes tells them once its jobs are done.
    const heard = vi.fn();
    const worker = createMediaWorker({ db: w.t.db, storage: w.t.storage, uploadDir: w.dir }, () => {}, heard);
    const { id } = await uploadWhole(w.her, 'picture', await testPicture('jpeg', 300, 200), 'q.jpg');
    const res = await w.her.post('/api/studio/content/galleries', {
      uploadIds: [id],
      titleEn: 'Live',
      titleDe: 'Live',
      price: 5,
    });
    expect(res.statusCode).toBe(201);
    worker.kick();
    await worker.idle();
    expect(heard).toHaveBeenCalledTimes(1);
    worker.kick();
    await worker.idle();
    expect(heard).toHaveBeenCalledTimes(1);

    const galleryId = (res.json() as { id: number }).id;
    const reviewId = await openReviewOfGallery(w, galleryId);
    spy.mockClear();
    const key = 'review-live-key-0000001';
    await act(moderator.client, 'POST', `/api/admin/review/${reviewId}/approve`, {}, key);
    expect(changedTopics(spy)).toEqual([['review']]);
    await act(moderator.client, 'POST', `/api/admin/review/${reviewId}/approve`, {}, key);
    expect(changedTopics(spy)).toEqual([['review']]);
    spy.mockClear();
    expect((await editGallery(w, galleryId, 'Live again', 5)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith(['review'], 'console:changed', { topics: ['review'] });
  });
});
