import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { galleries, videoParts, videos } from '#server/db/schema/catalog.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { purchases, ratings } from '#server/db/schema/member-catalog.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

type Response = Awaited<ReturnType<TestClient['request']>>;

let bonus = 0;
/** Gives the member coins through the ledger. */
export async function giveCoins(t: TestContext, userId: number, amount: number) {
  bonus += 1;
  return credit(t.app.ctx, { userId, amount, reason: 'bonus', idempotencyKey: `test-bonus:${userId}:${bonus}` });
}

/** The catalogue rows a purchase or rating could change. */
export async function catalogState(t: TestContext) {
  const { db } = t;
  return {
    purchases: await db.select().from(purchases).orderBy(asc(purchases.id)),
    ratings: await db.select().from(ratings).orderBy(asc(ratings.userId), asc(ratings.item)),
    coupons: await db.select().from(coupons).orderBy(asc(coupons.id)),
    videos: await db.select().from(videos).orderBy(asc(videos.id)),
    parts: await db.select().from(videoParts).orderBy(asc(videoParts.videoId), asc(videoParts.part)),
    galleries: await db.select().from(galleries).orderBy(asc(galleries.id)),
  };
}

/** expectRefused, and no purchase, rating, coupon, video or gallery changed either. */
export async function expectRefusedCatalog(
  t: TestContext,
  send: () => Promise<Response>,
  status: number,
  error: string,
) {
  const before = await catalogState(t);
  const body = await expectRefused(t, send, status, error);
  expect(await catalogState(t)).toEqual(before);
  return body;
}

/** As expectRefusedCatalog for a 422 whose field errors name exactly these fields. */
export async function expectInvalidCatalog(t: TestContext, send: () => Promise<Response>, fields: string[]) {
  const body = await expectRefusedCatalog(t, send, 422, 'validation_failed');
  expect(Object.keys(body.errors ?? {}).sort()).toEqual([...fields].sort());
  return body;
}

/** A string of about 10 kB (oversized path and body values). */
export const TEN_KB = 'x'.repeat(10 * 1024);
