import { and, isNull } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { chatSessions } from '#server/db/schema/chat.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { registerAndVerify } from './fixtures.ts';
import type { TestClient, TestContext } from './harness.ts';

/** A verified member with a nickname and coins, signed in. */
export async function chatMember(t: TestContext, email: string, nickname: string, coins: number) {
  const { client, user } = await registerAndVerify(t, email);
  expect((await client.post('/api/user/nickname/add', { nickname })).statusCode).toBe(201);
  if (coins > 0) {
    await credit(t.app.ctx, { userId: user.id, amount: coins, reason: 'purchase', idempotencyKey: `test:${email}` });
  }
  return { client, userId: user.id };
}

/** The shows' streams count as on air (tests of sessions need no camera). */
export function streamsOnAir(t: TestContext, universalIds: string[] | 'all' = 'all') {
  return vi
    .spyOn(t.app.ctx.live, 'isOnAir')
    .mockImplementation(async (id) => universalIds === 'all' || universalIds.includes(id));
}

/**
 * The chat sessions' clock, moved by the test (billing and sweeps read it). `advance` moves it as
 * if every page had gone quiet; `beating` moves it while every open session's page keeps sending
 * its heartbeats (one statement for them all), as a watching member's page does.
 */
export function chatClock(t: TestContext, start = Date.now()) {
  const chat = t.app.ctx.chat as unknown as { now: () => number };
  let now = start;
  chat.now = () => now;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    async beating(ms: number) {
      now += ms;
      await t.db
        .update(chatSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(and(isNull(chatSessions.endedAt), isNull(chatSessions.pageGoneAt)));
    },
  };
}

export const startChat = (client: TestClient, universalId: string, type: string) =>
  client.post(`/api/chatsession/${universalId}`, { type });

export async function visitorClient(t: TestContext) {
  const client = t.client();
  await client.get('/api/auth/csrf-cookie');
  return client;
}
