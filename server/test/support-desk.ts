import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SupportThread } from '#common/api/admin-support.ts';
import { messages } from '#server/db/schema/messages.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { registerAndVerify } from './fixtures.ts';
import type { TestClient, TestContext } from './harness.ts';
import { act, createTestOperator, signIn } from './operators.ts';

/** The support desk's tests: operators at the desk, members writing to support, the desk's replies. */

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

/** Opens a conversation at the desk as its screen does (which marks it read): the answer. */
export async function openThread(client: TestClient, id: number) {
  const res = await client.get(`/api/admin/support/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SupportThread;
}

/** Sends a reply as the desk's screen does: JSON, the CSRF header and the action's key. */
export const postReply = (client: TestClient, id: number, body: unknown, key?: string) =>
  act(client, 'POST', `/api/admin/support/${id}/reply`, body, key);

/** The desk's messages in a conversation, oldest first. */
export const deskMessages = (t: TestContext, id: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, id), eq(messages.author, 'staff')))
    .orderBy(asc(messages.id));
