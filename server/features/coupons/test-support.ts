import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { coupons } from '#server/db/schema/coupons.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

type NewCoupon = typeof coupons.$inferInsert;
type Response = Awaited<ReturnType<TestClient['request']>>;

const DAY_MS = 86_400_000;
/** A moment `days` from now (negative: in the past). */
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** A coupon written straight into the table: free, valid for 30 days, unless told otherwise. */
export async function addCoupon(t: TestContext, c: Partial<NewCoupon> & Pick<NewCoupon, 'code' | 'type' | 'value'>) {
  const [row] = await t.db
    .insert(coupons)
    .values({ validUntil: inDays(30), ...c })
    .returning();
  if (!row) throw new Error(`insert of coupon ${c.code} returned nothing`);
  return row;
}

export const couponRows = (t: TestContext) => t.db.select().from(coupons).orderBy(asc(coupons.id));

/** expectRefused, and the coupons table must be unchanged too. */
export async function expectRefusedCoupons(
  t: TestContext,
  send: () => Promise<Response>,
  status: number,
  error: string,
) {
  const before = await couponRows(t);
  const body = await expectRefused(t, send, status, error);
  expect(await couponRows(t)).toEqual(before);
  return body;
}

/** The one answer to a code that cannot be redeemed: 422 billing.coupon.invalid, nothing changed. */
export async function expectInvalidCode(t: TestContext, send: () => Promise<Response>) {
  const body = await expectRefusedCoupons(t, send, 422, 'validation_failed');
  expect(body.errors).toEqual({ code: ['billing.coupon.invalid'] });
  return body;
}
