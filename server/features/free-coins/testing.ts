import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { expectInvalid, expectRefused } from '#server/test/fixtures.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

/** Helpers of the free-coins tests: fresh numbers, the sandbox outbox, state before and after. */

let numbers = 0;
/** A German mobile number nobody used yet, as a member types it (without +49). */
export const freshNumber = () => {
  numbers += 1;
  return `0151 ${String(numbers).padStart(8, '0')}`;
};
/** Its E.164 form. */
export const e164 = (typed: string) => `+49${typed.replace(/\s/g, '').slice(1)}`;

type Sms = { id: string; to: string; text: string; sent: string };

/** The newest text message to a number, from the sandbox outbox over HTTP, and its code. */
export async function lastSms(t: TestContext, to: string): Promise<Sms & { code: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/dev/sms.json' });
  expect(res.statusCode).toBe(200);
  const sms = (res.json() as Sms[]).find((m) => m.to === to);
  if (!sms) throw new Error(`no text message to ${to}`);
  const code = sms.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the text message');
  return { ...sms, code };
}

export const smsRows = (t: TestContext, userId?: number) =>
  t.db
    .select()
    .from(smsVerifications)
    .where(userId === undefined ? undefined : eq(smsVerifications.userId, userId))
    .orderBy(asc(smsVerifications.id));

type Send = () => ReturnType<TestClient['request']>;

/** As expectRefused, and no SMS verification row changed either. */
export async function refusedQuietly(t: TestContext, send: Send, status: number, error: string) {
  const before = await smsRows(t);
  const body = await expectRefused(t, send, status, error);
  expect(await smsRows(t)).toEqual(before);
  return body;
}

/** As expectInvalid, and no SMS verification row changed either. */
export async function invalidQuietly(t: TestContext, send: Send, errors: Record<string, string[]>) {
  const before = await smsRows(t);
  await expectInvalid(t, send, errors);
  expect(await smsRows(t)).toEqual(before);
}

/** Sends a code to a fresh number and reads it: the member is then on the code step. */
export async function codeFor(t: TestContext, member: TestClient, typed = freshNumber()) {
  const res = await member.post('/api/free_coins/send', { phone: typed });
  expect(res.statusCode, res.body).toBe(200);
  return { typed, phone: e164(typed), code: (await lastSms(t, e164(typed))).code, answer: res.json() };
}
