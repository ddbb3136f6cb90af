import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '#server/db/schema/catalog.ts';
import { addCoupon, inDays } from '#server/features/coupons/test-support.ts';
import { giveCoins } from '#server/features/purchases/test-support.ts';
import { signMedia } from '#server/features/purchases/tokens.ts';
import { videoPosterKey } from '#server/media/keys.ts';
import { createShow, createVideo, type TestShow, type TestVideo } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { videoTilesByIds } from './data.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
let show: TestShow;
let video: TestVideo;
let other: TestVideo;
const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerAndVerify(t, 'videos-member@example.com');
  member = registered.client;
  memberId = registered.user.id;
  show = await createShow(t.db, { showName: 'Clara' });
  video = await createVideo(t.db, show.id, {
    titleEn: 'Morning yoga',
    titleDe: 'Morgenyoga',
    descriptionEn: 'Stretching at sunrise',
    descriptionDe: 'Dehnen bei Sonnenaufgang',
    tags: ['yoga', 'outdoor'],
    parts: [
      { price: 0, free: true, duration: 40 },
      { price: 20, duration: 50 },
      { price: 15, duration: 60 },
    ],
  });
  other = await createVideo(t.db, show.id, { titleEn: 'Evening', titleDe: 'Abend', parts: [{ price: 10 }] });
  for (const p of video.parts) if (p.storageKey) await t.storage.put(p.storageKey, clip);
});
afterAll(() => t.close());

describe('video tiles by id', () => {
  it('keeps the order of the ids, leaves unknown ids out and speaks the language', async () => {
    const tiles = await videoTilesByIds(t.db, [other.id, 987_654, video.id], 'de');
    expect(tiles.map((v) => v.id)).toEqual([other.id, video.id]);
    expect(tiles[1]).toEqual({
      id: video.id,
      ccid: video.ccid,
      universalId: show.universalId,
      showName: 'Clara',
      slugName: show.slugName,
      title: 'Morgenyoga',
      duration: 150,
      rating: 0,
      ratingCount: 0,
      parts: 3,
      price: 35,
      free: true,
      image: `/api/videos/image/${video.id}/1`,
      imageSources: [
        {
          type: 'image/webp',
          srcSet: `/api/videos/image/${video.id}/1.180w.webp 180w, /api/videos/image/${video.id}/1.360w.webp 360w`,
        },
      ],
      tags: ['outdoor', 'yoga'],
    });
    expect(tiles[0]).toMatchObject({ title: 'Abend', price: 10, free: false, parts: 1, tags: [] });
    expect(await videoTilesByIds(t.db, [], 'en')).toEqual([]);
  });
});

describe('GET /api/videos/{id}', () => {
  it('shows a visitor the parts, with only the free one unlocked and no vouchers', async () => {
    const res = await t.client().get(`/api/videos/${video.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: video.id,
      ccid: video.ccid,
      title: 'Morning yoga',
      description: 'Stretching at sunrise',
      price: 35,
      free: true,
      vouchers: 0,
      show: { universalId: show.universalId, showName: 'Clara' },
    });
    expect(body.parts).toEqual([
      { part: 1, duration: 40, price: 0, free: true, unlocked: true, myRating: 0 },
      { part: 2, duration: 50, price: 20, free: false, unlocked: false, myRating: 0 },
      { part: 3, duration: 60, price: 15, free: false, unlocked: false, myRating: 0 },
    ]);
    expect(body.tags.map((tag: { slug: string }) => tag.slug)).toEqual(['outdoor', 'yoga']);
    expect((await t.client('de').get(`/api/videos/${video.id}`)).json().title).toBe('Morgenyoga');
  });

  it("counts the member's usable VIDEO and FREE vouchers for this video", async () => {
    const mine = { userId: memberId, value: 1 };
    await addCoupon(t, { ...mine, code: 'V-ANY', type: 'VIDEO' });
    await addCoupon(t, { ...mine, code: 'V-THIS', type: 'VIDEO', contentId: video.id });
    await addCoupon(t, { ...mine, code: 'V-FREE', type: 'FREE' });
    // Not usable here: another video's, a gallery voucher, expired, used, and one nobody claimed.
    await addCoupon(t, { ...mine, code: 'V-OTHER', type: 'VIDEO', contentId: other.id });
    await addCoupon(t, { ...mine, code: 'V-GALLERY', type: 'GALLERY' });
    await addCoupon(t, { ...mine, code: 'V-OLD', type: 'VIDEO', validUntil: inDays(-1) });
    await addCoupon(t, { ...mine, code: 'V-USED', type: 'VIDEO', usedAt: new Date() });
    await addCoupon(t, { code: 'V-LOOSE', type: 'VIDEO', value: 1 });
    expect((await member.get(`/api/videos/${video.id}`)).json().vouchers).toBe(3);
    expect((await member.get(`/api/videos/${other.id}`)).json().vouchers).toBe(3);
    expect((await t.client().get(`/api/videos/${video.id}`)).json().vouchers).toBe(0);
  });

  it.each([
    ['an unknown id', '987654', 404],
    ['a huge id', '99999999999', 422],
    ['a negative id', '-3', 422],
    ['zero', '0', 422],
    ['a word', 'abc', 422],
    ['SQL', encodeURIComponent("1' or '1'='1"), 422],
    ['10 kB', 'x'.repeat(10_240), 414],
  ])('refuses %s', async (_label, id, status) => {
    const res = await t.client().get(`/api/videos/${id}`);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).not.toContain('Morning yoga');
  });
});

describe('GET /api/videos/image/{id}/{n}', () => {
  it('serves the poster with a public one-day cache', async () => {
    const poster = Buffer.from('poster-jpeg-bytes');
    await t.storage.put(videoPosterKey(video.ccid), poster);
    const res = await t.client().get(`/api/videos/image/${video.id}/1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(poster)).toBe(true);
  });

  it('serves WebP renditions of the poster, made from its JPEG on the first request', async () => {
    const poster = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const third = await createVideo(t.db, show.id, { titleEn: 'Noon', titleDe: 'Mittag', parts: [{ price: 10 }] });
    await t.storage.put(videoPosterKey(third.ccid), poster);
    const res = await t.client().get(`/api/videos/image/${third.id}/1.360w.webp`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 360, height: 203 });
    expect(await t.storage.exists(`${videoPosterKey(third.ccid).replace(/\.jpg$/, '')}.180w.webp`)).toBe(true);
    const c = t.client();
    for (const n of ['1.999w.webp', '1.360w.png', '2.360w.webp', '1.360w.webp.jpg'])
      expect((await c.get(`/api/videos/image/${third.id}/${n}`)).statusCode, n).toBe(n.endsWith('.jpg') ? 422 : 404);
  });

  it('answers 404 for another n, an unknown video or a missing file, and 422 for a bad id', async () => {
    const c = t.client();
    expect((await c.get(`/api/videos/image/${video.id}/2`)).statusCode).toBe(404);
    expect((await c.get('/api/videos/image/987654/1')).statusCode).toBe(404);
    expect((await c.get(`/api/videos/image/${other.id}/1`)).statusCode).toBe(404);
    expect((await c.get('/api/videos/image/x/1')).statusCode).toBe(422);
    expect((await c.get(`/api/videos/image/${video.id}/0`)).statusCode).toBe(422);
  });
});

describe('GET /api/videos/play/{ccid}/{part} and the signed clip URL', () => {
  const play = (c: TestClient, part: number, ccid = video.ccid) => c.get(`/api/videos/play/${ccid}/${part}`);

  it('gives anyone a short-lived URL of a free part that streams with ranges', async () => {
    const visitor = t.client();
    const res = await play(visitor, 1);
    expect(res.statusCode, res.body).toBe(200);
    const { url, view_url, expires } = res.json();
    expect(url).toMatch(/^\/media\/clips\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(view_url).toMatch(/^\/api\/videos\/view\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThan(now + 500);
    // Ten minutes plus the part's length (40 s).
    expect(expires).toBeLessThanOrEqual(now + 600 + 40);

    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/webm');
    expect(full.headers['cache-control']).toBe('private, max-age=600');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.equals(clip)).toBe(true);

    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 0-99/1000');
    expect(range.rawPayload).toHaveLength(100);
    expect(range.rawPayload.equals(clip.subarray(0, 100))).toBe(true);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload).toHaveLength(0);

    const outside = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
  });

  it('refuses a paid part to a visitor (401) and to a member who has not bought it (403)', async () => {
    const visitor = await play(t.client(), 2);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe('unauthenticated');
    const res = await play(member, 2);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
  });

  it('answers 404 for an unknown video or part and 422 for malformed ones', async () => {
    const c = t.client();
    expect((await play(c, 99)).statusCode).toBe(404);
    expect((await play(c, 1, 987_654)).statusCode).toBe(404);
    expect((await play(c, 0)).statusCode).toBe(422);
    expect((await c.get(`/api/videos/play/${video.ccid}/x`)).statusCode).toBe(422);
    expect((await c.get(`/api/videos/play/-1/1`)).statusCode).toBe(422);
  });

  it('refuses tampered, expired and foreign tokens without a byte of the clip', async () => {
    const { url } = (await play(t.client(), 1)).json();
    const token = url.slice('/media/clips/'.length) as string;
    const key = t.config.media.signingKey;
    const storageKey = video.parts[0]?.storageKey ?? '';
    const [payload = '', mac = ''] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const past = Math.floor(Date.now() / 1000) - 1;
    const paidKey = video.parts[1]?.storageKey ?? '';
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(storageKey, paidKey)).toString(
      'base64url',
    );
    const bad = [
      `${flip(payload)}.${mac}`,
      `${payload}.${flip(mac)}`,
      `${forged}.${mac}`,
      `${payload}.${mac}x`,
      signMedia(key, { kind: 'clip', key: storageKey, userId: null, expires: past }),
      signMedia(key, { kind: 'picture', key: storageKey, userId: null, expires: past + 600 }),
      signMedia(Buffer.from('another key'), { kind: 'clip', key: storageKey, userId: null, expires: past + 600 }),
      'nothing',
      'x'.repeat(700),
    ];
    for (const b of bad) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: `/media/clips/${b}`, headers: { range: 'bytes=0-99' } });
        expect([403, 422], b).toContain(res.statusCode);
        expect(res.rawPayload.includes(clip.subarray(0, 20))).toBe(false);
      }
    }
  });

  it('answers 404 when a valid token names a clip that is not stored', async () => {
    const key = t.config.media.signingKey;
    const token = signMedia(key, {
      kind: 'clip',
      key: `videos/${other.ccid}/1.webm`,
      userId: null,
      expires: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await t.app.inject({ method: 'GET', url: `/media/clips/${token}` })).statusCode).toBe(404);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [{ method: 'POST', url: '/api/videos/view/some-token.abc', body: {}, as: 'visitor' }],
);

describe('POST to the view URL', () => {
  const views = async () => (await t.db.select().from(videos).where(eq(videos.id, video.id)))[0]?.views;

  it('counts one view per viewer and video in the window, however many URLs they fetch', async () => {
    const visitor = t.client();
    const before = (await views()) ?? 0;
    const { view_url } = (await visitor.get(`/api/videos/play/${video.ccid}/1`)).json();
    expect((await visitor.post(view_url)).statusCode).toBe(204);
    expect((await visitor.post(view_url)).statusCode).toBe(204);
    expect(await views()).toBe(before + 1);
    // The player posts without a body.
    expect((await visitor.raw('POST', view_url, { headers: visitor.xsrf() })).statusCode).toBe(204);
    expect(await views()).toBe(before + 1);
    // Fresh play URLs of the same viewer do not count again within the window.
    for (let i = 0; i < 3; i += 1) {
      const again = (await visitor.get(`/api/videos/play/${video.ccid}/1`)).json().view_url;
      expect(again).not.toBe(view_url);
      expect((await visitor.post(again)).statusCode).toBe(204);
    }
    expect(await views()).toBe(before + 1);
    // Another viewer (another address) counts.
    const next = t.client();
    expect((await next.post((await next.get(`/api/videos/play/${video.ccid}/1`)).json().view_url)).statusCode).toBe(
      204,
    );
    expect(await views()).toBe(before + 2);
  });

  it("keys a member's views by the member, from any address", async () => {
    const before = (await views()) ?? 0;
    const first = (await member.get(`/api/videos/play/${video.ccid}/1`)).json().view_url;
    expect((await member.post(first)).statusCode).toBe(204);
    expect(await views()).toBe(before + 1);
    const second = (await member.get(`/api/videos/play/${video.ccid}/1`)).json().view_url;
    // The same member's URL posted from elsewhere is still that member's view.
    expect((await t.client().post(second)).statusCode).toBe(204);
    expect(await views()).toBe(before + 1);
    const remembered = await t.app.ctx.throttle.hit(`video-view:${memberId}:${video.id}`, 1, 60);
    expect(remembered.allowed).toBe(false);
    // The window lasts the part's length, at least a minute.
    expect(remembered.retryAfter).toBeGreaterThan(50);
    expect(remembered.retryAfter).toBeLessThanOrEqual(60);
  });

  it('refuses a tampered, expired or clip token with 403 and counts nothing', async () => {
    const visitor = t.client();
    const before = await views();
    const { url, view_url } = (await visitor.get(`/api/videos/play/${video.ccid}/1`)).json();
    const key = t.config.media.signingKey;
    const expired = signMedia(key, {
      kind: 'view',
      key: `video:${video.id}:1`,
      userId: null,
      expires: Math.floor(Date.now() / 1000) - 5,
    });
    for (const bad of [
      `${view_url}x`,
      url.replace('/media/clips/', '/api/videos/view/'),
      `/api/videos/view/${expired}`,
    ]) {
      const res = await visitor.post(bad);
      expect(res.statusCode, bad).toBe(403);
    }
    expect(await views()).toBe(before);
  });
});

describe('play URL throttle', () => {
  it('answers 429 throttle after 60 play URLs a minute from one address, other addresses unaffected', async () => {
    const c = t.client();
    for (let i = 0; i < 60; i += 1) {
      const res = await c.get(`/api/videos/play/${video.ccid}/1`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await c.get(`/api/videos/play/${video.ccid}/1`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('throttle');
    expect((await t.client().get(`/api/videos/play/${video.ccid}/1`)).statusCode).toBe(200);
  });
});

describe("a member's signed clip URL", () => {
  it('streams only with that member session: not for another member, a visitor or no cookie', async () => {
    await giveCoins(t, memberId, 100);
    expect((await member.post(`/api/videos/buy/${video.ccid}/2`, { use_voucher: 0 })).statusCode).toBe(200);
    const res = await member.get(`/api/videos/play/${video.ccid}/2`);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    const owner = await member.get(url);
    expect(owner.statusCode).toBe(200);
    expect(owner.rawPayload.equals(clip)).toBe(true);
    expect((await member.get(url, { range: 'bytes=0-9' })).statusCode).toBe(206);

    const { client: otherMember } = await registerAndVerify(t, 'videos-other@example.com');
    for (const refused of [
      await otherMember.get(url),
      await t.client().get(url),
      await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } }),
      await t.app.inject({ method: 'GET', url, headers: { cookie: 'auth.session=forged-session-token-value' } }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.rawPayload.includes(clip.subarray(0, 10))).toBe(false);
    }
  });
});
