import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '#server/db/schema/messages.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { registerAndVerify } from './fixtures.ts';
import type { TestClient, TestContext } from './harness.ts';
import { createTestOperator, signIn } from './operators.ts';

/** The support desk's tests: operators at the desk, members writing to support, the reply form. */

let made = 0;

/** An operator with the roles (and a name that needs escaping), signed in on a browser of their own. */
export async function deskOperator(t: TestContext, roles: OperatorRole[], lang = 'en') {
  const name = `Desk <${++made}>`;
  const operator = await createTestOperator(t, { roles, name });
  const client = t.client(lang);
  await signIn(client, operator);
  return { operator, client, name };
}

/** A verified member who wrote `body` to support: her browser, address, id and the conversation's id. */
export async function memberWritingToSupport(t: TestContext, body: string) {
  const email = `desk-member-${++made}@example.com`;
  const { client, user } = await registerAndVerify(t, email);
  const res = await client.post('/api/conversations/support', { body });
  expect(res.statusCode, res.body).toBe(200);
  return { client, email, userId: user.id, id: res.json().data.conversation.id as number };
}

/** The reply form's token and key on a thread page. */
export function replyFormOf(html: string) {
  const token = html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  const key = html.match(/name="key" value="([^"]+)"/)?.[1] ?? '';
  expect(token).not.toBe('');
  expect(key).not.toBe('');
  return { token, key };
}

/** Opens a thread at the desk: the page and its reply form. */
export async function openThread(client: TestClient, id: number) {
  const res = await client.raw('GET', `/admin/support/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, form: replyFormOf(res.body) };
}

/** Posts the reply form as the browser would. */
export const postReply = (client: TestClient, id: number, fields: Record<string, string>, headers = {}) =>
  client.raw('POST', `/admin/support/${id}/reply`, {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

/** The desk's messages in a conversation, oldest first. */
export const deskMessages = (t: TestContext, id: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, id), eq(messages.author, 'staff')))
    .orderBy(asc(messages.id));
