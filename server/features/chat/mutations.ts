import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, like, lt, not, or, sql } from 'drizzle-orm';
import type { ChatEndReason, ChatKind } from '#common/api/chat.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { chatMinuteKey, chatReference } from '#server/features/coins/keys.ts';
import { type CoinDeps, transfer } from '#server/features/coins/mutations.ts';
import { type ChatSessionRow, EXTERNAL_NODE_PREFIX } from './data.ts';
import { earningsAccount } from './earnings.ts';
import type { GuestMark } from './guest-identity.ts';

/** How a session ended: the member's message key, or `stopped` (she stopped it herself). */
export type EndReason = ChatEndReason | 'stopped';

export type NewSession = {
  showId: number;
  userId: number | null;
  webSessionId: string;
  /** A guest's address and visitor id, which her free time counts by (decision 041). */
  guest?: GuestMark | null;
  nickname: string;
  kind: ChatKind;
  pricePerMinute: number;
  /** The performer's percent of each paid minute. */
  sharePercent: number;
  minuteSeconds: number;
  node: string;
  now: Date;
};

export type Started =
  | { ok: true; session: ChatSessionRow; balance: number | null; earnings: { userId: number; balance: number } | null }
  | { ok: false; refusal: 'chat.no_coins' | 'chat.show_not_available_private' | 'chat.session_running' };

class Refused extends Error {
  constructor(readonly refusal: Extract<Started, { ok: false }>['refusal']) {
    super(refusal);
  }
}

/**
 * Opens a session. A paid one pays its first minute in the same transaction (the member's row
 * under `chat:{id}:1`, her share under `chat:{id}:1:in`): without the coins nothing is written.
 * Of two members starting a private with one show at once, the unique index lets one win.
 */
export async function startSession(deps: CoinDeps, s: NewSession): Promise<Started> {
  const id = randomUUID();
  const paid = s.pricePerMinute > 0;
  const share = paid ? Math.floor((s.pricePerMinute * s.sharePercent) / 100) : 0;
  try {
    return await deps.db.transaction(async (tx) => {
      const earningsUserId = paid ? await earningsAccount(tx, s.showId) : null;
      const [session] = await tx
        .insert(chatSessions)
        .values({
          id,
          showId: s.showId,
          userId: s.userId,
          webSessionId: s.webSessionId,
          guestAddress: s.guest?.address ?? null,
          guestVisitor: s.guest?.visitor ?? null,
          nickname: s.nickname,
          kind: s.kind,
          pricePerMinute: s.pricePerMinute,
          performerShare: share,
          earningsUserId,
          minuteSeconds: s.minuteSeconds,
          node: s.node,
          startedAt: s.now,
          billedMinutes: paid ? 1 : 0,
          nextMinuteAt: paid ? new Date(s.now.getTime() + s.minuteSeconds * 1000) : null,
          lastSeenAt: s.now,
        })
        .returning();
      if (!session) throw new Error('chat session not inserted');
      if (!paid || s.userId === null || earningsUserId === null) {
        return { ok: true as const, session, balance: null, earnings: null };
      }
      const moved = await transfer(
        deps,
        {
          from: s.userId,
          to: earningsUserId,
          amount: s.pricePerMinute,
          toAmount: share,
          reasons: { out: 'chat', in: 'earning' },
          reference: chatReference(id),
          idempotencyKey: chatMinuteKey(id, 1),
        },
        { within: tx },
      );
      if (!moved.ok) throw new Refused('chat.no_coins');
      return {
        ok: true as const,
        session,
        balance: moved.balance,
        earnings: share > 0 ? { userId: earningsUserId, balance: moved.toBalance } : null,
      };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refusal: err.refusal };
    if (isUniqueViolation(err, 'chat_sessions_one_private_per_show'))
      return { ok: false, refusal: 'chat.show_not_available_private' };
    if (isUniqueViolation(err, 'chat_sessions_one_paid_per_member'))
      return { ok: false, refusal: 'chat.session_running' };
    throw err;
  }
}

/** Ends the sessions that are still open; answers those it ended (a session ends once). */
export async function endSessions(db: DbOrTx, ids: string[], reason: EndReason, now: Date): Promise<ChatSessionRow[]> {
  if (!ids.length) return [];
  return db
    .update(chatSessions)
    .set({ endedAt: now, endReason: reason, nextMinuteAt: null })
    .where(and(inArray(chatSessions.id, ids), isNull(chatSessions.endedAt)))
    .returning();
}

/**
 * A heartbeat: the open session is seen now, and a page that had gone away (a reload) has it
 * again. Answers the row (open or ended), or null if unknown.
 */
export async function touchSession(db: Db, id: string, now: Date): Promise<ChatSessionRow | null> {
  const [row] = await db
    .update(chatSessions)
    .set({ lastSeenAt: now, pageGoneAt: null })
    .where(and(eq(chatSessions.id, id), isNull(chatSessions.endedAt)))
    .returning();
  if (row) return row;
  const [ended] = await db.select().from(chatSessions).where(eq(chatSessions.id, id));
  return ended ?? null;
}

/** Its page went away (a closed tab, a reload): from now on no minute is billed until a heartbeat comes. */
export async function markPageGone(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(chatSessions)
    .set({ pageGoneAt: now })
    .where(and(eq(chatSessions.id, id), isNull(chatSessions.endedAt)));
}

/** What counts as gone at a sweep: no heartbeat since `silentSince` (outside providers': `externalSilentSince`), or a page gone before `goneBefore`. */
export type Silence = { silentSince: Date; externalSilentSince: Date; goneBefore: Date };

/**
 * Sessions whose client has gone: silent for the timeout (ended as timed out), or whose page went
 * away and did not come back within the grace (ended as stopped: she left). Each is one indexed
 * statement over the open sessions.
 */
export async function endSilentSessions(db: DbOrTx, silence: Silence, now: Date): Promise<ChatSessionRow[]> {
  const partner = like(chatSessions.node, `${EXTERNAL_NODE_PREFIX}%`);
  const silent = await db
    .update(chatSessions)
    .set({ endedAt: now, endReason: 'chat.ended_timeout', nextMinuteAt: null })
    .where(
      and(
        isNull(chatSessions.endedAt),
        lt(chatSessions.lastSeenAt, silence.silentSince),
        or(lt(chatSessions.lastSeenAt, silence.externalSilentSince), not(partner)),
      ),
    )
    .returning();
  const left = await db
    .update(chatSessions)
    .set({ endedAt: now, endReason: 'stopped', nextMinuteAt: null })
    .where(and(isNull(chatSessions.endedAt), lt(chatSessions.pageGoneAt, silence.goneBefore)))
    .returning();
  return [...silent, ...left];
}

/** Guests' free sessions that started before `startedBefore`: their free time is over. */
export async function endExpiredGuestSessions(db: DbOrTx, startedBefore: Date, now: Date): Promise<ChatSessionRow[]> {
  return db
    .update(chatSessions)
    .set({ endedAt: now, endReason: 'chat.free_expired' })
    .where(
      and(
        isNull(chatSessions.endedAt),
        isNull(chatSessions.userId),
        eq(chatSessions.kind, 'free'),
        lt(chatSessions.startedAt, startedBefore),
      ),
    )
    .returning();
}

/**
 * Every open session a process held is settled (its media died with the process), and the
 * voyeurs of its privates with them, wherever they are held: in one statement each, within the
 * caller's transaction, so none is billed on for a private that ended.
 */
export async function settleSessionsOfNode(db: DbOrTx, node: string, now: Date): Promise<ChatSessionRow[]> {
  const rows = await db
    .update(chatSessions)
    .set({ endedAt: now, endReason: 'chat.ended_interrupted', nextMinuteAt: null })
    .where(and(isNull(chatSessions.endedAt), eq(chatSessions.node, node)))
    .returning();
  const privateShows = rows.filter((r) => r.kind === 'private' || r.kind === 'exclusive').map((r) => r.showId);
  if (!privateShows.length) return rows;
  const voyeurs = await db
    .update(chatSessions)
    .set({ endedAt: now, endReason: 'chat.ended_private', nextMinuteAt: null })
    .where(
      and(isNull(chatSessions.endedAt), inArray(chatSessions.showId, privateShows), eq(chatSessions.kind, 'voyeur')),
    )
    .returning();
  return [...rows, ...voyeurs];
}

/** Saves the member's rating of an ended session once; false when it is not hers or was rated. */
export async function rateSession(
  db: DbOrTx,
  r: { sessionId: string; userId: number; showId: number; rating: number; comment: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(chatSessions)
    .set({ rating: r.rating, ratingComment: r.comment || null, ratedAt: r.now, ratingAskedAt: r.now })
    .where(
      and(
        eq(chatSessions.id, r.sessionId),
        eq(chatSessions.userId, r.userId),
        eq(chatSessions.showId, r.showId),
        sql`${chatSessions.endedAt} is not null`,
        isNull(chatSessions.ratedAt),
      ),
    )
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/** The rating prompt was shown for this session: it is not offered again. */
export async function markRatingAsked(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(chatSessions)
    .set({ ratingAskedAt: now })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.ratingAskedAt)));
}
