import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatHistory, showHistory } from '#server/db/schema/catalog.ts';
import { type ShowTileRow, showTileRowsByIds } from '#server/features/shows/data.ts';

/** The history menu shows this many visits, latest first. */
export const HISTORY_LIMIT = 20;
/** The chat history answers at most this many chats, latest first. */
export const CHAT_HISTORY_LIMIT = 50;

export type VisitRow = { show: ShowTileRow; visitedAt: Date };

/** The member's latest visits with their shows' tile rows. */
export async function latestVisits(db: DbOrTx, userId: number, limit = HISTORY_LIMIT): Promise<VisitRow[]> {
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
      )
    ).map((s) => [s.id, s]),
  );
  return visits.flatMap((v) => {
    const show = shows.get(v.showId);
    return show ? [{ show, visitedAt: v.visitedAt }] : [];
  });
}

export type ChatRow = {
  id: number;
  show: ShowTileRow;
  sessionType: string;
  startedAt: Date;
  endedAt: Date | null;
  coins: number;
};

/** The member's latest chats with their shows' tile rows. */
export async function latestChats(db: DbOrTx, userId: number, limit = CHAT_HISTORY_LIMIT): Promise<ChatRow[]> {
  const chats = await db
    .select()
    .from(chatHistory)
    .where(eq(chatHistory.userId, userId))
    .orderBy(desc(chatHistory.startedAt), desc(chatHistory.id))
    .limit(limit);
  const shows = new Map(
    (
      await showTileRowsByIds(
        db,
        chats.map((c) => c.showId),
      )
    ).map((s) => [s.id, s]),
  );
  return chats.flatMap((c) => {
    const show = shows.get(c.showId);
    return show
      ? [{ id: c.id, show, sessionType: c.sessionType, startedAt: c.startedAt, endedAt: c.endedAt, coins: c.coins }]
      : [];
  });
}
