import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '#server/db/schema/catalog.ts';
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
import { createGallery, createShow, createVideo, type TestVideo } from '#server/test/catalog.ts';
import { registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
let poor: TestClient;
let poorId: number;
let video: TestVideo;

beforeAll(async () => {
  t = await createTestApp();
  ({
    client: member,
    user: { id: memberId },
  } = await registerAndVerify(t, 'buyer@example.com'));
  ({
    client: poor,
    user: { id: poorId },
  } = await registerAndVerify(t, 'poor-buyer@example.com'));
  const show = await createShow(t.db);
  video = await createVideo(t.db, show.id, {
    parts: [{ price: 0, free: true }, { price: 20 }, { price: 15 }, { price: 40 }],
  });
  await giveCoins(t, memberId, 50);
});
afterAll(() => t.close());

const buy = (c: TestClient, part: number | string, body: object = {}, ccid: number | string = video.ccid) =>
  c.post(`/api/videos/buy/${ccid}/${part}`, body);
const rate = (c: TestClient, part: number | string, body: object, ccid: number | string = video.ccid) =>
  c.post(`/api/videos/rate/${ccid}/${part}`, body);

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/videos/buy/1/2', body: { use_voucher: 0 }, as: 'member' },
    { method: 'POST', url: '/api/videos/rate/1/1', body: { rating: 50 }, as: 'member' },
  ],
);

describe('POST /api/videos/buy/{ccid}/{part}', () => {
  it('buys a part with coins once: the purchase, the ledger entry and the unlocked part', async () => {
    const res = await buy(member, 2, { use_voucher: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.coins).toBe(30);
    expect(body.video.id).toBe(video.id);
    expect(body.video.parts.map((p: { unlocked: boolean }) => p.unlocked)).toEqual([true, true, false, false]);
    expect(await balanceOf(t.db, memberId)).toBe(30);
    expect(await ledgerSum(t.db, memberId)).toBe(30);
    const [row] = await t.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, memberId), eq(purchases.item, `video:${video.id}:2`)));
    expect(row).toMatchObject({ videoId: video.id, part: 2, coins: 20, couponId: null });
    const entries = await t.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.idempotencyKey, `purchase:${memberId}:video:${video.id}:2`));
    expect(entries.map((e) => [e.userId, e.delta, e.reason])).toEqual([[memberId, -20, 'spend']]);
    // The detail and the play call now see it unlocked.
    expect((await member.get(`/api/videos/${video.id}`)).json().parts[1].unlocked).toBe(true);
    expect((await member.get(`/api/videos/play/${video.ccid}/2`)).statusCode).toBe(200);
  });

  it('refuses a second buy of a part the member owns with 409 already_bought, charging nothing', async () => {
    const body = await expectRefusedCatalog(t, () => buy(member, 2), 409, 'already_bought');
    expect(body.message).toBe('already_bought');
    expect(await balanceOf(t.db, memberId)).toBe(30);
  });

  it('refuses without enough coins with 402 no_coins: no purchase, balance unchanged', async () => {
    await expectRefusedCatalog(t, () => buy(member, 4), 402, 'no_coins');
    expect(await balanceOf(t.db, memberId)).toBe(30);
    await expectRefusedCatalog(t, () => buy(poor, 2), 402, 'no_coins');
    expect(await balanceOf(t.db, poorId)).toBe(0);
  });

  it('refuses a free part with 422 not_for_sale', async () => {
    await expectRefusedCatalog(t, () => buy(member, 1), 422, 'not_for_sale');
  });

  it.each([
    ['an unknown ccid', 2, 987_654, 404],
    ['part 99', 99, undefined, 404],
    ['part 0', 0, undefined, 422],
    ['a negative part', -1, undefined, 422],
    ['a huge part', 100_000, undefined, 422],
    ['a word as ccid', 2, 'abc', 422],
    ['a huge ccid', 2, '99999999999', 422],
    ['SQL as ccid', 2, encodeURIComponent('1; drop table purchases;--'), 422],
  ])('refuses %s, changing nothing', async (_label, part, ccid, status) => {
    await expectRefusedCatalog(
      t,
      () => buy(member, part, {}, ccid ?? video.ccid),
      status,
      status === 404 ? 'not_found' : 'validation_failed',
    );
  });

  it('refuses a 10 kB ccid with a clear 4xx', async () => {
    const before = await catalogState(t);
    const res = await buy(member, 2, {}, TEN_KB);
    expect(res.statusCode).toBe(414);
    expect(await catalogState(t)).toEqual(before);
  });

  it.each([
    ['use_voucher 2', { use_voucher: 2 }],
    ['use_voucher "x"', { use_voucher: 'x' }],
    ['use_voucher as 10 kB', { use_voucher: TEN_KB }],
    ['use_voucher true', { use_voucher: true }],
  ])('refuses %s with 422', async (_label, body) => {
    await expectInvalidCatalog(t, () => buy(member, 3, body), ['use_voucher']);
  });

  it('refuses a missing body with a 4xx, changing nothing', async () => {
    const before = await catalogState(t);
    const res = await member.raw('POST', `/api/videos/buy/${video.ccid}/3`, { headers: member.xsrf() });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await catalogState(t)).toEqual(before);
  });

  it('refuses buying and rating to an unverified member with 403 not_verified', async () => {
    const { client } = await registerUser(t, 'unverified-buyer@example.com');
    await expectRefusedCatalog(t, () => buy(client, 2), 403, 'not_verified');
    await expectRefusedCatalog(t, () => rate(client, 1, { rating: 50 }), 403, 'not_verified');
  });

  it("pays with the member's soonest-expiring usable voucher instead of coins", async () => {
    const later = await addCoupon(t, {
      code: 'BUY-VIDEO',
      type: 'VIDEO',
      value: 1,
      userId: memberId,
      contentId: video.id,
      validUntil: inDays(20),
    });
    const sooner = await addCoupon(t, {
      code: 'BUY-FREE',
      type: 'FREE',
      value: 1,
      userId: memberId,
      validUntil: inDays(3),
    });
    // Never for videos: a gallery voucher, another video's, and one that is not the member's.
    await addCoupon(t, { code: 'BUY-GAL', type: 'GALLERY', value: 1, userId: memberId, validUntil: inDays(1) });
    await addCoupon(t, { code: 'BUY-OTHER', type: 'VIDEO', value: 1, userId: memberId, contentId: video.id + 1000 });
    await addCoupon(t, { code: 'BUY-LOOSE', type: 'VIDEO', value: 1 });
    expect((await member.get(`/api/videos/${video.id}`)).json().vouchers).toBe(2);

    const res = await buy(member, 3, { use_voucher: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ coins: 30, video: { vouchers: 1 } });
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, sooner.id));
    expect(used).toMatchObject({ usedFor: `video:${video.id}:3` });
    expect(used?.usedAt).not.toBeNull();
    const [row] = await t.db
      .select()
      .from(purchases)
      .where(eq(purchases.item, `video:${video.id}:3`));
    expect(row).toMatchObject({ userId: memberId, couponId: sooner.id, coins: 0 });

    expect((await buy(member, 4, { use_voucher: 1 })).statusCode).toBe(200);
    expect((await t.db.select().from(coupons).where(eq(coupons.id, later.id)))[0]?.usedFor).toBe(`video:${video.id}:4`);
    expect(await balanceOf(t.db, memberId)).toBe(30);
    expect(await ledgerSum(t.db, memberId)).toBe(30);
  });

  it('refuses use_voucher without a usable voucher with 422 no_voucher, charging nothing', async () => {
    const other = await createVideo(t.db, video.showId, { parts: [{ price: 5 }] });
    await expectRefusedCatalog(t, () => buy(member, 1, { use_voucher: 1 }, other.ccid), 422, 'no_voucher');
    expect(await balanceOf(t.db, memberId)).toBe(30);
  });
});

describe('POST /api/videos/rate/{ccid}/{part}', () => {
  const ratingOf = async () => {
    const [row] = await t.db.select().from(videos).where(eq(videos.id, video.id));
    return { rating: row?.rating, ratingCount: row?.ratingCount };
  };

  it("stores the member's rating of an unlocked part and keeps the video's average", async () => {
    let res = await rate(member, 2, { rating: 80 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rating: 80, ratingCount: 1, myRating: 80 });
    res = await rate(member, 2, { rating: 60 });
    expect(res.json()).toEqual({ rating: 60, ratingCount: 1, myRating: 60 });
    // A free part may be rated by anyone; the average covers every part's ratings.
    res = await rate(poor, 1, { rating: 100 });
    expect(res.json()).toEqual({ rating: 80, ratingCount: 2, myRating: 100 });
    res = await rate(member, 3, { rating: 31 });
    expect(res.json()).toEqual({ rating: 64, ratingCount: 3, myRating: 31 });
    expect(await ratingOf()).toEqual({ rating: 64, ratingCount: 3 });
    const detail = (await member.get(`/api/videos/${video.id}`)).json();
    expect(detail.parts.map((p: { myRating: number }) => p.myRating)).toEqual([0, 60, 31, 0]);
    expect(detail.rating).toBe(64);
  });

  it('refuses a part the member has not unlocked with 403', async () => {
    await expectRefusedCatalog(t, () => rate(poor, 2, { rating: 50 }), 403, 'forbidden');
  });

  it.each([
    ['0', { rating: 0 }],
    ['101', { rating: 101 }],
    ['"x"', { rating: 'x' }],
    ['50.5', { rating: 50.5 }],
    ['missing', {}],
    ['10 kB', { rating: TEN_KB }],
    ['SQL', { rating: '1 or 1=1' }],
  ])('refuses a rating of %s with 422', async (_label, body) => {
    await expectInvalidCatalog(t, () => rate(member, 2, body), ['rating']);
  });

  it('answers 404 for an unknown video or part and 401 for a visitor', async () => {
    await expectRefusedCatalog(t, () => rate(member, 99, { rating: 50 }), 404, 'not_found');
    await expectRefusedCatalog(t, () => rate(member, 1, { rating: 50 }, 987_654), 404, 'not_found');
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefusedCatalog(t, () => rate(visitor, 1, { rating: 50 }), 401, 'unauthenticated');
  });
});

describe('with the age check required for media (AGE_CHECK_GATES=media)', () => {
  let gated: TestContext;
  beforeAll(async () => {
    gated = await createTestApp({ env: { AGE_CHECK_GATES: 'media' } });
  });
  afterAll(() => gated.close());

  it('refuses buying and playing until the age check passed', async () => {
    const { client, user } = await registerAndVerify(gated, 'gated-buyer@example.com');
    await giveCoins(gated, user.id, 100);
    const show = await createShow(gated.db);
    const v = await createVideo(gated.db, show.id);
    await expectRefusedCatalog(gated, () => client.post(`/api/videos/buy/${v.ccid}/2`, {}), 403, 'age_check_required');
    const gatedPlay = await gated.client().get(`/api/videos/play/${v.ccid}/1`);
    expect(gatedPlay.statusCode).toBe(403);
    expect(gatedPlay.json().error).toBe('age_check_required');
  });

  it('shows locked galleries but refuses unlocked pictures until the age check passed', async () => {
    const show = await createShow(gated.db);
    const locked = await createGallery(gated.db, show.id);
    await createGallery(gated.db, show.id, { free: true, price: 0 });
    const visitor = gated.client();
    const res = await visitor.get(`/api/galleries/${show.universalId}/${locked.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().images.every((i: { url: string | null }) => i.url === null)).toBe(true);
    const free = await visitor.get(`/api/galleries/free/${show.universalId}`);
    expect(free.statusCode).toBe(403);
    expect(free.json().error).toBe('age_check_required');
  });
});
