import { and, eq } from 'drizzle-orm';
import type { ZonedWindow } from '#common/domain/favorite-time.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';

/** Makes the show a favorite of the member; a second call keeps the one row (and its window). */
export async function addFavorite(db: DbOrTx, userId: number, showId: number): Promise<void> {
  await db
    .insert(favorites)
    .values({ userId, showId })
    .onConflictDoNothing({ target: [favorites.userId, favorites.showId] });
}

/** Sets the notification window (null: off); false when the show is no favorite of the member. */
export async function setFavoriteWindow(
  db: DbOrTx,
  userId: number,
  showId: number,
  window: ZonedWindow | null,
): Promise<boolean> {
  const updated = await db
    .update(favorites)
    .set({ infoStart: window?.start ?? null, infoEnd: window?.end ?? null, infoTimeZone: window?.zone ?? null })
    .where(and(eq(favorites.userId, userId), eq(favorites.showId, showId)))
    .returning({ id: favorites.id });
  return updated.length > 0;
}

/** Removes the favorite; false when there was none. */
export async function removeFavorite(db: DbOrTx, userId: number, showId: number): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.showId, showId)))
    .returning({ id: favorites.id });
  return removed.length > 0;
}
