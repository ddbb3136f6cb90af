import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import type { LiveShow } from './live-model.ts';

const liveShowColumns = { id: shows.id, universalId: shows.universalId, online: shows.online, free: shows.free };

export async function liveShowByUniversalId(db: DbOrTx, universalId: string): Promise<LiveShow | null> {
  // A show withheld by a notice decision (decision 032) has nothing to watch.
  const [row] = await db
    .select(liveShowColumns)
    .from(shows)
    .where(and(eq(shows.universalId, universalId), isNull(shows.withheldAt)))
    .limit(1);
  return row ?? null;
}

/** Whether a notice decision withheld the show (decision 032): she may not go on air with it. */
export async function showWithheld(db: DbOrTx, showId: number): Promise<boolean> {
  const [row] = await db.select({ withheldAt: shows.withheldAt }).from(shows).where(eq(shows.id, showId));
  return row?.withheldAt != null;
}
