import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed/demo.ts';
import { userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { activeCoupons, usableCoupon } from './data.ts';
import { couponRows } from './test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo coupons', () => {
  it('seeds WELCOME50 free, and BONUS20 and a video prize for the demo member, once', async () => {
    await seedDemo(t.app.ctx, () => {});
    const demo = await userRow(t, 'demo@livecam.local');
    const first = await couponRows(t);
    expect(first.map((c) => [c.code, c.type, c.value, c.userId])).toEqual([
      ['WELCOME50', 'COINS', 50, null],
      ['BONUS20', 'PERCENT', 20, demo.id],
      ['PRIZE-VIDEO', 'VIDEO', 1, demo.id],
    ]);
    expect(await usableCoupon(t.db, 'welcome50', null)).not.toBeNull();
    const days = (d: Date) => Math.round((d.getTime() - Date.now()) / 86_400_000);
    expect(first.map((c) => days(c.validUntil))).toEqual([365, 90, 10]);
    expect((await activeCoupons(t.db, demo.id)).map((c) => c.code)).toEqual(['PRIZE-VIDEO', 'BONUS20']);
    await seedDemo(t.app.ctx, () => {});
    expect(await couponRows(t)).toEqual(first);
  });
});
