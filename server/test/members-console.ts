import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { orders } from '#server/db/schema/billing.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { dbState } from './fixtures.ts';
import type { TestClient, TestContext } from './harness.ts';

/** The console's member screens in tests: their forms, posted as a browser would, and the state they may change. */

/** The form fields of a member page: the session's token and the correction form's key. */
export function memberFormOf(html: string) {
  const token = html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  const key = html.match(/name="key" value="([^"]+)"/)?.[1] ?? '';
  expect(token).not.toBe('');
  return { token, key };
}

/** Opens a member's page: the page and its form fields. */
export async function openMember(client: TestClient, id: number) {
  const res = await client.raw('GET', `/admin/members/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, form: memberFormOf(res.body) };
}

/** Posts a console form as the browser would. */
export const postForm = (client: TestClient, url: string, fields: Record<string, string>, headers = {}) =>
  client.raw('POST', url, {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

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
