import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { orders } from '#server/db/schema/billing.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { dbState } from './fixtures.ts';
import type { TestContext } from './harness.ts';

/** The console's member screens in tests: the state their actions may change, and requests that must change none of it. */

/** Every table a member action may touch, the audit log and refund requests included. */
export async function consoleState(t: TestContext) {
  return {
    ...(await dbState(t)),
    orders: await t.db.select().from(orders).orderBy(asc(orders.id)),
    audit: await t.db.select().from(auditLog).orderBy(asc(auditLog.id)),
    refunds: await t.db.select().from(refundRequests).orderBy(asc(refundRequests.id)),
  };
}

/** A request that must be refused with `status` and leave every table as it was; answers the response. */
export async function expectUnchanged<R extends { statusCode: number; body: string }>(
  t: TestContext,
  send: () => Promise<R>,
  status: number,
): Promise<R> {
  const before = await consoleState(t);
  const res = await send();
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  expect(await consoleState(t)).toEqual(before);
  return res;
}
