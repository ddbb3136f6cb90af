import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '#server/db/schema/catalog.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { addCoupon } from '#server/features/coupons/test-support.ts';
import { createGallery, createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { giveCoins } from './test-support.ts';

// PGlite runs one transaction after another; only a PostgreSQL server (TEST_DATABASE_URL) shows
// what a double click, or two purchases at the same moment, really do.
describe.skipIf(!testServices().databaseUrl)(
  'purchases at the same moment (needs TEST_DATABASE_URL: real PostgreSQL)',
  () => {
    let t: TestContext;
    let show: TestShow;
    beforeAll(async () => {
      t = await createTestApp();
      show = await createShow(t.db);
    });
    afterAll(() => t?.close());

    const purchasesOf = (userId: number) => t.db.select().from(purchases).where(eq(purchases.userId, userId));

    it('20 clicks on buy for one part charge once and store one purchase', async () => {
      const { client, user } = await registerAndVerify(t, 'double-click@example.com');
      await giveCoins(t, user.id, 100);
      const video = await createVideo(t.db, show.id, { parts: [{ price: 30 }] });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => client.post(`/api/videos/buy/${video.ccid}/1`, { use_voucher: 0 })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(await purchasesOf(user.id)).toHaveLength(1);
      expect(await balanceOf(t.db, user.id)).toBe(70);
      expect(await ledgerSum(t.db, user.id)).toBe(70);
      const spends = await t.db
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, user.id), eq(coinLedger.reason, 'spend')));
      expect(spends.map((e) => e.delta)).toEqual([-30]);
    });

    it('coins for one part buy exactly one of two parts bought at once', async () => {
      const { client, user } = await registerAndVerify(t, 'two-parts@example.com');
      await giveCoins(t, user.id, 25);
      const video = await createVideo(t.db, show.id, { parts: [{ price: 20 }, { price: 20 }] });
      const [a, b] = await Promise.all([
        client.post(`/api/videos/buy/${video.ccid}/1`, {}),
        client.post(`/api/videos/buy/${video.ccid}/2`, {}),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 402]);
      expect(await purchasesOf(user.id)).toHaveLength(1);
      expect(await balanceOf(t.db, user.id)).toBe(5);
      expect(await ledgerSum(t.db, user.id)).toBe(5);
    });

    it('one voucher pays for exactly one of two galleries bought with it at once', async () => {
      const { client, user } = await registerAndVerify(t, 'one-voucher@example.com');
      const voucher = await addCoupon(t, { code: 'RACE-GALLERY', type: 'GALLERY', value: 1, userId: user.id });
      const one = await createGallery(t.db, show.id);
      const two = await createGallery(t.db, show.id);
      const results = await Promise.all(
        [one, two].map((g) => client.post(`/api/galleries/buy/${show.universalId}/${g.id}`, { use_voucher: 1 })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect(results.find((r) => r.statusCode === 422)?.json().error).toBe('no_voucher');
      const rows = await purchasesOf(user.id);
      expect(rows.map((r) => r.couponId)).toEqual([voucher.id]);
      const [used] = await t.db.select().from(coupons).where(eq(coupons.id, voucher.id));
      expect(used?.usedFor).toBe(`gallery:${rows[0]?.galleryId}`);
      expect(await balanceOf(t.db, user.id)).toBe(0);
    });

    it('ratings sent at once all count in the average', async () => {
      const video = await createVideo(t.db, show.id, { parts: [{ price: 0, free: true }] });
      const raters: TestClient[] = [];
      for (let i = 0; i < 8; i++) raters.push((await registerAndVerify(t, `rater-${i}@example.com`)).client);
      const scores = [10, 20, 30, 40, 60, 70, 80, 90];
      const results = await Promise.all(
        raters.map((c, i) => c.post(`/api/videos/rate/${video.ccid}/1`, { rating: scores[i] })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(scores.map(() => 200));
      const [row] = await t.db.select().from(videos).where(eq(videos.id, video.id));
      expect(row).toMatchObject({ rating: 50, ratingCount: 8 });
    });
  },
);
