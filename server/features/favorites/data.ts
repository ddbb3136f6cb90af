import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';

/** A favorite with what its presentation needs of the show. */
export type FavoriteRow = {
  id: number;
  userId: number;
  showId: number;
  infoType: number;
  infoStart: string | null;
  infoEnd: string | null;
  infoTimeZone: string | null;
  universalId: string;
  showName: string;
  online: boolean;
  contentproviderId: number;
};

const favoriteColumns = {
  id: favorites.id,
  userId: favorites.userId,
  showId: favorites.showId,
  infoType: favorites.infoType,
  infoStart: favorites.infoStart,
  infoEnd: favorites.infoEnd,
  infoTimeZone: favorites.infoTimeZone,
  universalId: shows.universalId,
  showName: shows.showName,
  online: shows.online,
  contentproviderId: shows.contentproviderId,
};

/** A member's favorites: online shows first, then by name. */
export async function favoritesOf(db: DbOrTx, userId: number): Promise<FavoriteRow[]> {
  return (
    db
      .select(favoriteColumns)
      .from(favorites)
      .innerJoin(shows, eq(shows.id, favorites.showId))
      // A show withheld by a notice decision (decision 032) is not listed, nor counted online.
      .where(and(eq(favorites.userId, userId), isNull(shows.withheldAt)))
      .orderBy(desc(shows.online), asc(sql`lower(${shows.showName})`), asc(favorites.id))
  );
}

/** The member's favorite of a show, or null. */
export async function favoriteOf(db: DbOrTx, userId: number, showId: number): Promise<FavoriteRow | null> {
  const [row] = await db
    .select(favoriteColumns)
    .from(favorites)
    .innerJoin(shows, eq(shows.id, favorites.showId))
    .where(and(eq(favorites.userId, userId), eq(favorites.showId, showId)))
    .limit(1);
  return row ?? null;
}
