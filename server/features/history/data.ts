import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { showHistory } from '#server/db/schema/member-catalog.ts';
import { type Catalogue, type ShowTileRow, showTileRowsByIds } from '#server/features/shows/data.ts';

/** The history menu shows this many visits, latest first. */
export const HISTORY_LIMIT = 20;
/** The chat history answers at most this many chats, latest first. */
export const CHAT_HISTORY_LIMIT = 50;

export type VisitRow = { show: ShowTileRow; visitedAt: Date };

/** The member's latest visits with their shows' tile rows. */
export async function latestVisits(
  db: DbOrTx,
  catalogue: Catalogue,
  userId: number,
  limit = HISTORY_LIMIT,
): Promise<VisitRow[]> {
  const visits = await db
    .select({ showId: showHistory.showId, visitedAt: showHistory.visitedAt })
    .from(showHistory)
    .where(eq(showHistory.userId, userId))
    .orderBy(desc(showHistory.visitedAt), desc(showHistory.showId))
    .limit(limit);
  const shows = new Map(
    (
      await showTileRowsByIds(
        db,
        visits.map((v) => v.showId),
        { listedIn: catalogue },
      )
    ).map((s) => [s.id, s]),
  );
  return visits.flatMap((v) => {
    const show = shows.get(v.showId);
    return show ? [{ show, visitedAt: v.visitedAt }] : [];
  });
}

export type ChatRow = {
  id: string;
  show: ShowTileRow;
  sessionType: string;
  startedAt: Date;
  endedAt: Date | null;
  minutes: number;
  coins: number;
  rating: number | null;
};

/** The member's latest chats with their shows' tile rows. */
export async function latestChats(
  db: DbOrTx,
  catalogue: Catalogue,
  userId: number,
  limit = CHAT_HISTORY_LIMIT,
): Promise<ChatRow[]> {
  // The member's real chat sessions (features/chat), running ones included.
  const chats = await db
    .select({
      id: chatSessions.id,
      showId: chatSessions.showId,
      sessionType: chatSessions.kind,
      startedAt: chatSessions.startedAt,
      endedAt: chatSessions.endedAt,
      minutes: chatSessions.billedMinutes,
      coins: sql<number>`${chatSessions.billedMinutes} * ${chatSessions.pricePerMinute}`,
      rating: chatSessions.rating,
    })
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.startedAt), desc(chatSessions.id))
    .limit(limit);
  const shows = new Map(
    (
      await showTileRowsByIds(
        db,
        chats.map((c) => c.showId),
        { listedIn: catalogue },
      )
    ).map((s) => [s.id, s]),
  );
  return chats.flatMap((c) => {
    const show = shows.get(c.showId);
    return show ? [{ ...c, show }] : [];
  });
}
