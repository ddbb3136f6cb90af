import type { TestShow } from '#server/test/catalog.ts';
import { chatMember } from '#server/test/chat.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

/** A member who writes to shows: her client, her account, the nickname she writes under, her address. */
export type Writer = { client: TestClient; userId: number; pseudoid: number; nickname: string; email: string };

let n = 0;

/** A new member with `coins` and a nickname (WriterN), signed in. */
export async function writer(t: TestContext, coins: number): Promise<Writer> {
  n++;
  const email = `writer${n}@example.com`;
  const nickname = `Writer${n}`;
  const { client, userId } = await chatMember(t, email, nickname, coins);
  const me = (await client.get('/api/auth/user')).json();
  return { client, userId, pseudoid: me.user.nicknames.data[0].id, nickname, email };
}

/** Her message to a show at its price; `over` changes fields of the body, `key` is the idempotency key. */
export const sendToShow = (m: Writer, show: TestShow, over: Record<string, unknown> = {}, key?: string) =>
  m.client.post(
    '/api/conversations/show',
    { body: 'Hello you', showid: show.universalId, pseudoid: m.pseudoid, coins: show.messagePrice, ...over },
    key ? { 'idempotency-key': key } : {},
  );
