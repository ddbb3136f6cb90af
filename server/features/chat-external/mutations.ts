import { randomUUID } from 'node:crypto';
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { externalNode, openExternalSession } from './data.ts';

type SessionKey = { showId: number; webSessionId: string; partner: string };

const openOf = (key: SessionKey) =>
  and(
    eq(chatSessions.showId, key.showId),
    eq(chatSessions.webSessionId, key.webSessionId),
    eq(chatSessions.node, externalNode(key.partner)),
    isNull(chatSessions.endedAt),
  );

/**
 * Opens the external session of a browser with a show (free for us: the partner bills its own
 * chat), or takes up the one it has open: a reloaded frame is the same chat.
 */
export async function startExternalSession(
  db: DbOrTx,
  input: SessionKey & { userId: number | null; nickname: string; minuteSeconds: number; now: Date },
): Promise<string> {
  const open = await openExternalSession(db, input.showId, input.webSessionId, input.partner);
  if (open) {
    await db.update(chatSessions).set({ lastSeenAt: input.now }).where(eq(chatSessions.id, open.id));
    return open.id;
  }
  const id = randomUUID();
  await db.insert(chatSessions).values({
    id,
    showId: input.showId,
    userId: input.userId,
    webSessionId: input.webSessionId,
    nickname: input.nickname,
    kind: 'free',
    pricePerMinute: 0,
    performerShare: 0,
    minuteSeconds: input.minuteSeconds,
    node: externalNode(input.partner),
    startedAt: input.now,
    lastSeenAt: input.now,
  });
  return id;
}

/**
 * Keeps the session alive: one conditional update, so an extend that comes after the timeout
 * cannot revive a session the partner has let go. A late one ends it for good.
 */
export async function extendExternalSession(
  db: DbOrTx,
  input: SessionKey & { timeoutSeconds: number; now: Date },
): Promise<'extended' | 'ended'> {
  const since = new Date(input.now.getTime() - input.timeoutSeconds * 1000);
  const extended = await db
    .update(chatSessions)
    .set({ lastSeenAt: input.now })
    .where(and(openOf(input), gte(chatSessions.lastSeenAt, since)))
    .returning({ id: chatSessions.id });
  if (extended.length > 0) return 'extended';
  await db
    .update(chatSessions)
    .set({ endedAt: input.now, endReason: 'timeout' })
    .where(and(openOf(input), lt(chatSessions.lastSeenAt, since)));
  return 'ended';
}

/** Ends the browser's open external session with the show; false when none was open. */
export async function endExternalSession(db: DbOrTx, input: SessionKey & { now: Date }): Promise<boolean> {
  const ended = await db
    .update(chatSessions)
    .set({ endedAt: input.now, endReason: 'stopped' })
    .where(openOf(input))
    .returning({ id: chatSessions.id });
  return ended.length > 0;
}
