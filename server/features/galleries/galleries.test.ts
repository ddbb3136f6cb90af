import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleries } from '#server/db/schema/catalog.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { addCoupon, inDays } from '#server/features/coupons/test-support.ts';
import {
  catalogState,
  expectInvalidCatalog,
  expectRefusedCatalog,
  giveCoins,
  TEN_KB,
} from '#server/features/purchases/test-support.ts';
import { signMedia } from '#server/features/purchases/tokens.ts';
import { galleryImageKey } from '#server/media/keys.ts';
import { createGallery, createShow, type TestGallery, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { galleryTilesByIds } from './data.ts';
import { pictureKey } from './present.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
let poor: TestClient;
let show: TestShow;
let otherShow: TestShow;
let paid: TestGallery;
let free: TestGallery;
let pricey: TestGallery;
const picture = Buffer.from(Array.from({ length: 500 }, (_, i) => (i * 7) % 256));
const plainThumb = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 11) % 256));
const blurredThumb = Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 13) % 256));
/** A signed picture URL (plain thumbs and full pictures of galleries the viewer may see). */
const SIGNED = /^\/media\/pictures\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;
const SIGNED_SET = /^\/media\/pictures\/[A-Za-z0-9_.-]+ 180w, \/media\/pictures\/[A-Za-z0-9_.-]+ 360w$/;
const blurredSet = (g: TestGallery, imageId: number) =>
  [180, 360].map((w) => `/media/galleries/${g.id}/${imageId}_320x240_b.${w}w.webp ${w}w`).join(', ');
const realThumb = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a6' } })
  .jpeg()
  .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  ({
    client: member,
    user: { id: memberId },
  } = await registerAndVerify(t, 'gallery-buyer@example.com'));
  ({ client: poor } = await registerAndVerify(t, 'gallery-poor@example.com'));
  show = await createShow(t.db, { showName: 'Mira' });
  otherShow = await createShow(t.db, { showName: 'Nora' });
  paid = await createGallery(t.db, show.id, { titleEn: 'Beach', titleDe: 'Strand', price: 25, images: 3 });
  free = await createGallery(t.db, show.id, { titleEn: 'Hello', titleDe: 'Hallo', price: 0, free: true, images: 2 });
  pricey = await createGallery(t.db, show.id, { price: 500, images: 1 });
  for (const g of [paid, free]) {
    for (const image of g.images) {
      await t.storage.put(pictureKey(g.id, image.id), picture);
      await t.storage.put(galleryImageKey(g.id, image.id, 'thumb'), plainThumb);
      await t.storage.put(galleryImageKey(g.id, image.id, 'thumb_blurred'), blurredThumb);
    }
  }
  await giveCoins(t, memberId, 40);
});
afterAll(() => t.close());

const path = (g: TestGallery, s: TestShow = show) => `${s.universalId}/${g.id}`;
/** The public URL of a blurred thumb, or the plain one (which is not public). */
const thumb = (g: TestGallery, imageId: number, blurred: boolean) =>
  `/media/galleries/${g.id}/${imageId}_320x240${blurred ? '_b' : ''}.jpg`;
const tilesByIds = (ids: number[], locale: 'en' | 'de', userId: number | null) =>
  galleryTilesByIds(t.db, ids, locale, userId, t.config.media.signingKey);

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/galleries/buy/1/1', body: { use_voucher: 0 }, as: 'member' },
    { method: 'POST', url: '/api/galleries/rate/1/1', body: { rating: 50 }, as: 'member' },
  ],
);

describe('gallery tiles by id', () => {
  it('keep the order, blur the cover unless free or bought, and speak the language', async () => {
    const tiles = await tilesByIds([free.id, 987_654, paid.id], 'de', null);
    expect(tiles).toEqual([
      {
        id: free.id,
        universalId: show.universalId,
        showName: 'Mira',
        slugName: show.slugName,
        title: 'Hallo',
        price: 0,
        free: true,
        rating: 0,
        ratingCount: 0,
        imageCount: 2,
        cover: expect.stringMatching(SIGNED),
        coverSources: [{ type: 'image/webp', srcSet: expect.stringMatching(SIGNED_SET) }],
      },
      expect.objectContaining({
        id: paid.id,
        title: 'Strand',
        price: 25,
        imageCount: 3,
        cover: thumb(paid, paid.images[0]?.id ?? 0, true),
        coverSources: [{ type: 'image/webp', srcSet: blurredSet(paid, paid.images[0]?.id ?? 0) }],
      }),
    ]);
    // Each signed rendition names its own file: it serves that thumbnail's WebP, made lazily.
    const signed = tiles[0]?.coverSources[0]?.srcSet.split(', ').map((c) => c.split(' ')[0] ?? '') ?? [];
    await t.storage.put(galleryImageKey(free.id, free.images[0]?.id ?? 0, 'thumb'), realThumb);
    const res = await t.client().get(signed[1] ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 360, height: 270 });
    await t.storage.put(galleryImageKey(free.id, free.images[0]?.id ?? 0, 'thumb'), plainThumb);
  });
});

describe('GET /api/galleries/{showId}/{id}', () => {
  it('shows a locked gallery blurred, without picture URLs', async () => {
    const res = await t.client().get(`/api/galleries/${path(paid)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: paid.id, title: 'Beach', unlocked: false, myRating: 0, vouchers: 0, price: 25 });
    expect(body.show.universalId).toBe(show.universalId);
    expect(body.images).toEqual(
      paid.images.map((i) => ({ id: i.id, width: 640, height: 480, thumb: thumb(paid, i.id, true), url: null })),
    );
  });

  it('answers 404 for a gallery of another show or an unknown one, 422/414 for malformed ids', async () => {
    const c = t.client();
    expect((await c.get(`/api/galleries/${path(paid, otherShow)}`)).statusCode).toBe(404);
    expect((await c.get(`/api/galleries/${show.universalId}/987654`)).statusCode).toBe(404);
    expect((await c.get(`/api/galleries/nobody/${paid.id}`)).statusCode).toBe(404);
    expect((await c.get(`/api/galleries/${encodeURIComponent("1' or '1'='1")}/${paid.id}`)).statusCode).toBe(404);
    expect((await c.get(`/api/galleries/${show.universalId}/abc`)).statusCode).toBe(422);
    expect((await c.get(`/api/galleries/${show.universalId}/-4`)).statusCode).toBe(422);
    expect((await c.get(`/api/galleries/${show.universalId}/99999999999`)).statusCode).toBe(422);
    expect((await c.get(`/api/galleries/${'9'.repeat(41)}/${paid.id}`)).statusCode).toBe(422);
    expect((await c.get(`/api/galleries/${TEN_KB}/${paid.id}`)).statusCode).toBe(414);
  });
});

describe('public gallery thumbs under /media/galleries', () => {
  it('serve only the blurred thumb: the plain one of a paid (or free) gallery answers 404', async () => {
    const visitor = t.client();
    for (const g of [paid, free]) {
      const imageId = g.images[0]?.id ?? 0;
      const blurred = await visitor.get(thumb(g, imageId, true));
      expect(blurred.statusCode).toBe(200);
      expect(blurred.rawPayload.equals(blurredThumb)).toBe(true);
      const plain = await visitor.get(thumb(g, imageId, false));
      expect(plain.statusCode).toBe(404);
      expect(plain.rawPayload.includes(plainThumb.subarray(0, 20))).toBe(false);
    }
    // The buyer gets no plain thumb under the public path either: theirs are signed.
    expect((await member.get(thumb(paid, paid.images[0]?.id ?? 0, false))).statusCode).toBe(404);
  });
});

describe('GET /api/galleries/free/{showId}', () => {
  it("answers the show's free gallery, unlocked, with signed picture URLs", async () => {
    const res = await t.client().get(`/api/galleries/free/${show.universalId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: free.id, free: true, unlocked: true, price: 0 });
    const first = body.images[0];
    expect(first.thumb).toMatch(SIGNED);
    expect(first.url).toMatch(SIGNED);
    expect((await t.app.inject({ method: 'GET', url: first.thumb })).rawPayload.equals(plainThumb)).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: first.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, max-age=600');
    expect(file.rawPayload.equals(picture)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: first.url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(picture.subarray(10, 20))).toBe(true);
  });

  it('answers 404 for a show without one or an unknown show', async () => {
    expect((await t.client().get(`/api/galleries/free/${otherShow.universalId}`)).statusCode).toBe(404);
    expect((await t.client().get('/api/galleries/free/nobody')).statusCode).toBe(404);
    expect((await t.client().get(`/api/galleries/free/${TEN_KB}`)).statusCode).toBe(414);
  });

  it('refuses tampered, expired and clip tokens on the picture URL without a byte', async () => {
    const { images } = (await t.client().get(`/api/galleries/free/${show.universalId}`)).json();
    const token = images[0].url.slice('/media/pictures/'.length) as string;
    const key = t.config.media.signingKey;
    const storageKey = pictureKey(free.id, free.images[0]?.id ?? 0);
    const now = Math.floor(Date.now() / 1000);
    for (const bad of [
      `${token}A`,
      `A${token.slice(1)}`,
      signMedia(key, { kind: 'picture', key: storageKey, userId: null, expires: now - 1 }),
      signMedia(key, { kind: 'clip', key: storageKey, userId: null, expires: now + 60 }),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/media/pictures/${bad}` });
      expect(res.statusCode, bad).toBe(403);
      expect(res.rawPayload.includes(picture.subarray(0, 20))).toBe(false);
    }
  });
});

describe('POST /api/galleries/buy/{showId}/{galleryId}', () => {
  const buy = (c: TestClient, p: string, body: object = {}) => c.post(`/api/galleries/buy/${p}`, body);

  it('buys a gallery with coins once and unlocks it', async () => {
    const res = await buy(member, path(paid), { use_voucher: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.coins).toBe(15);
    expect(body.gallery).toMatchObject({ id: paid.id, unlocked: true });
    expect(body.gallery.images[0].thumb).toMatch(SIGNED);
    const file = await member.get(body.gallery.images[0].url);
    expect(file.rawPayload.equals(picture)).toBe(true);
    const [row] = await t.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, memberId), eq(purchases.item, `gallery:${paid.id}`)));
    expect(row).toMatchObject({ galleryId: paid.id, coins: 25, couponId: null });
    const entries = await t.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.idempotencyKey, `purchase:${memberId}:gallery:${paid.id}`));
    expect(entries.map((e) => e.delta)).toEqual([-25]);
    expect(await ledgerSum(t.db, memberId)).toBe(15);
    const tiles = await tilesByIds([paid.id], 'en', memberId);
    expect(tiles[0]?.cover).toMatch(SIGNED);
    expect((await member.get(tiles[0]?.cover ?? '')).rawPayload.equals(plainThumb)).toBe(true);
    const detail = (await member.get(`/api/galleries/${path(paid)}`)).json();
    expect(detail.unlocked).toBe(true);
    for (const image of detail.images) {
      expect(image.thumb).toMatch(SIGNED);
      const res = await member.get(image.thumb);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(plainThumb)).toBe(true);
    }
    // The buyer's signed URLs are worth nothing to anyone else.
    for (const url of [detail.images[0].thumb, detail.images[0].url]) {
      for (const other of [poor, t.client()]) {
        const refused = await other.get(url);
        expect(refused.statusCode).toBe(403);
        expect(refused.rawPayload.length).toBeLessThan(100);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    }
    // Tiles of the paid gallery for anyone else keep the blurred cover.
    expect((await tilesByIds([paid.id], 'en', null))[0]?.cover).toBe(thumb(paid, paid.images[0]?.id ?? 0, true));
  });

  it('refuses what the member owns (409), the free gallery (422) and what costs too much (402)', async () => {
    await expectRefusedCatalog(t, () => buy(member, path(paid)), 409, 'already_bought');
    await expectRefusedCatalog(t, () => buy(member, path(free)), 422, 'not_for_sale');
    await expectRefusedCatalog(t, () => buy(member, path(pricey)), 402, 'no_coins');
    await expectRefusedCatalog(t, () => buy(poor, path(paid)), 402, 'no_coins');
    expect(await balanceOf(t.db, memberId)).toBe(15);
  });

  it('refuses a gallery of another show, an unknown one and malformed ids, changing nothing', async () => {
    await expectRefusedCatalog(t, () => buy(member, path(pricey, otherShow)), 404, 'not_found');
    await expectRefusedCatalog(t, () => buy(member, `${show.universalId}/987654`), 404, 'not_found');
    await expectInvalidCatalog(t, () => buy(member, `${show.universalId}/abc`), ['galleryId']);
    await expectInvalidCatalog(t, () => buy(member, `${show.universalId}/0`), ['galleryId']);
    await expectInvalidCatalog(t, () => buy(member, path(pricey), { use_voucher: 'x' }), ['use_voucher']);
    const before = await catalogState(t);
    expect((await buy(member, `${TEN_KB}/${pricey.id}`)).statusCode).toBe(414);
    expect(await catalogState(t)).toEqual(before);
  });

  it('refuses an unverified member with 403 not_verified', async () => {
    const { client } = await registerUser(t, 'gallery-unverified@example.com');
    await expectRefusedCatalog(t, () => buy(client, path(pricey)), 403, 'not_verified');
  });

  it('pays with a GALLERY or FREE voucher, never with a video voucher', async () => {
    await addCoupon(t, { code: 'GAL-VIDEO', type: 'VIDEO', value: 1, userId: memberId, validUntil: inDays(1) });
    await expectRefusedCatalog(t, () => buy(member, path(pricey), { use_voucher: 1 }), 422, 'no_voucher');
    const voucher = await addCoupon(t, {
      code: 'GAL-THIS',
      type: 'GALLERY',
      value: 1,
      userId: memberId,
      contentId: pricey.id,
    });
    expect((await member.get(`/api/galleries/${path(pricey)}`)).json().vouchers).toBe(1);
    const res = await buy(member, path(pricey), { use_voucher: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ coins: 15, gallery: { unlocked: true } });
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, voucher.id));
    expect(used?.usedFor).toBe(`gallery:${pricey.id}`);
    expect(await balanceOf(t.db, memberId)).toBe(15);
  });
});

describe('POST /api/galleries/rate/{showId}/{galleryId}', () => {
  const rate = (c: TestClient, p: string, body: object) => c.post(`/api/galleries/rate/${p}`, body);

  it('rates unlocked galleries and keeps the average', async () => {
    expect((await rate(member, path(paid), { rating: 90 })).json()).toEqual({
      rating: 90,
      ratingCount: 1,
      myRating: 90,
    });
    expect((await rate(poor, path(free), { rating: 40 })).json()).toEqual({ rating: 40, ratingCount: 1, myRating: 40 });
    expect((await rate(member, path(free), { rating: 70 })).json()).toEqual({
      rating: 55,
      ratingCount: 2,
      myRating: 70,
    });
    const [row] = await t.db.select().from(galleries).where(eq(galleries.id, free.id));
    expect(row).toMatchObject({ rating: 55, ratingCount: 2 });
    expect((await member.get(`/api/galleries/${path(free)}`)).json().myRating).toBe(70);
  });

  it('refuses a locked gallery (403), bad ratings (422), unknown galleries (404)', async () => {
    await expectRefusedCatalog(t, () => rate(poor, path(paid), { rating: 50 }), 403, 'forbidden');
    for (const body of [{ rating: 0 }, { rating: 101 }, { rating: 'x' }, {}, { rating: TEN_KB }]) {
      await expectInvalidCatalog(t, () => rate(member, path(paid), body), ['rating']);
    }
    await expectRefusedCatalog(t, () => rate(member, path(paid, otherShow), { rating: 50 }), 404, 'not_found');
  });
});
