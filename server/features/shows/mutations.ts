import { and, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';

/**
 * Sets the online state of the shows that do not have it yet (others stay untouched, so their
 * online_changed_at keeps the moment of their last real change); answers the universal ids changed.
 * Going offline also stops her taking phone-chat calls; coming online leaves that off until she
 * switches it on again (decision 015): nobody is put through to a performer who is not there.
 */
export async function setShowsOnline(db: DbOrTx, showIds: number[], online: boolean): Promise<string[]> {
  const ids = [...new Set(showIds)].filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return [];
  const rows = await db
    .update(shows)
    .set(online ? { online, onlineChangedAt: sql`now()` } : { online, onlineChangedAt: sql`now()`, phoneChatOn: false })
    .where(and(inArray(shows.id, ids), ne(shows.online, online)))
    .returning({ universalId: shows.universalId });
  return rows.map((r) => r.universalId);
}
