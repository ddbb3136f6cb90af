import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { showHistory } from '#server/db/schema/member-catalog.ts';

/** Records a visit: one row per member and show, carrying the latest visit. */
export async function recordVisit(db: DbOrTx, userId: number, showId: number): Promise<void> {
  await db
    .insert(showHistory)
    .values({ userId, showId })
    .onConflictDoUpdate({ target: [showHistory.userId, showHistory.showId], set: { visitedAt: sql`now()` } });
}
