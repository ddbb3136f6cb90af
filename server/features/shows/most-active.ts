import { and, asc, desc, gt, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/chat.ts';

/** The week GET /shows/ma looks back on (docs/decisions/023). */
export const MOST_ACTIVE_DAYS = 7;

/**
 * The shows with the most paid chat since `since`, most first: coins members paid for chat minutes
 * (billed minutes times the session's price), from sessions started in the window. Free chat
 * does not count (guests could inflate it at no cost). Ties go to the lower show id.
 */
export async function mostActiveShowIds(db: DbOrTx, since: Date, limit: number): Promise<number[]> {
  const coins = sql<number>`sum(${chatSessions.billedMinutes} * ${chatSessions.pricePerMinute})`;
  const rows = await db
    .select({ showId: chatSessions.showId })
    .from(chatSessions)
    .where(and(gt(chatSessions.pricePerMinute, 0), gte(chatSessions.startedAt, since)))
    .groupBy(chatSessions.showId)
    .having(sql`${coins} > 0`)
    .orderBy(desc(coins), asc(chatSessions.showId))
    .limit(limit);
  return rows.map((r) => r.showId);
}
