import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import type { LiveShow } from './live-shows.ts';

const liveShowColumns = { id: shows.id, universalId: shows.universalId, online: shows.online, free: shows.free };

export async function liveShowByUniversalId(db: DbOrTx, universalId: string): Promise<LiveShow | null> {
  const [row] = await db.select(liveShowColumns).from(shows).where(eq(shows.universalId, universalId)).limit(1);
  return row ?? null;
}
