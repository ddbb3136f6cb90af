import { and, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { startSession } from '#server/features/chat/mutations.ts';
import type { CoinDeps } from '#server/features/coins/mutations.ts';
import { externalNode, openExternalSessions } from './data.ts';

export type ExternalKey = { showId: number; webSessionId: string; partner: string };

const openOf = (key: ExternalKey) =>
  and(
    eq(chatSessions.showId, key.showId),
    eq(chatSessions.webSessionId, key.webSessionId),
    eq(chatSessions.node, externalNode(key.partner)),
    isNull(chatSessions.endedAt),
  );

/**
 * Opens the external session of a browser with a show through the chat module, free for us (the
 * partner bills its own chat), or takes up the one it has open: a reloaded frame is the same chat.
 * None of the native start's refusals apply: her stream, her free chat and the nickname are the
 * partner's business.
 */
export async function openExternalSession(
  deps: CoinDeps,
  input: ExternalKey & { userId: number | null; nickname: string; minuteSeconds: number; now: Date },
): Promise<string> {
  const [open] = await openExternalSessions(deps.db, input);
  if (open) {
    await deps.db.update(chatSessions).set({ lastSeenAt: input.now }).where(eq(chatSessions.id, open.id));
    return open.id;
  }
  const started = await startSession(deps, {
    showId: input.showId,
    userId: input.userId,
    webSessionId: input.webSessionId,
    nickname: input.nickname,
    kind: 'free',
    pricePerMinute: 0,
    sharePercent: 0,
    minuteSeconds: input.minuteSeconds,
    node: externalNode(input.partner),
    now: input.now,
  });
  // A free session pays nothing and claims no private: the chat module refuses it nothing.
  if (!started.ok) throw new Error(`external session refused: ${started.refusal}`);
  return started.session.id;
}

/**
 * Keeps the session alive with one conditional update, so an extend that comes after the timeout
 * cannot revive a session the chat module's sweep is about to end. Answers whether it was
 * extended; when not, the open sessions that missed their extends (the caller ends them).
 */
export async function extendExternalSession(
  db: DbOrTx,
  input: ExternalKey & { timeoutSeconds: number; now: Date },
): Promise<{ extended: true } | { extended: false; stale: string[] }> {
  const since = new Date(input.now.getTime() - input.timeoutSeconds * 1000);
  const extended = await db
    .update(chatSessions)
    .set({ lastSeenAt: input.now })
    .where(and(openOf(input), gte(chatSessions.lastSeenAt, since)))
    .returning({ id: chatSessions.id });
  if (extended.length > 0) return { extended: true };
  const stale = await openExternalSessions(db, input);
  return { extended: false, stale: stale.map((s) => s.id) };
}
