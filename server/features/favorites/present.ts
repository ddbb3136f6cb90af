import type { Favorite, FavoritesResponse } from '#common/api/favorites.ts';
import type { ShowTile } from '#common/api/shows.ts';
import { DEFAULT_WINDOW_ZONE, isoTimeOf } from '#common/domain/favorite-time.ts';
import type { FavoriteRow } from './data.ts';

/**
 * A favorite as the menu and the profile page list it (spec part 1 "Favorite"). The window's ends
 * are ISO times with the offset of the member's zone at `now` (decision record 026).
 */
export function presentFavorite(row: FavoriteRow, show: ShowTile, now: Date): Favorite {
  const zone = row.infoTimeZone ?? DEFAULT_WINDOW_ZONE;
  const iso = (hhmm: string | null) => (hhmm === null ? null : isoTimeOf(hhmm, zone, now));
  return {
    id: row.id,
    universalId: row.universalId,
    show,
    name: row.showName,
    online: row.online,
    info_type: row.infoType,
    show_id: row.showId,
    contentprovider_id: row.contentproviderId,
    info_start: iso(row.infoStart),
    info_end: iso(row.infoEnd),
  };
}

/** The list in the rows' order with the count of online shows (the top bar's badge). */
export function presentFavorites(rows: FavoriteRow[], tiles: ShowTile[], now: Date): FavoritesResponse {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const data = rows.flatMap((row) => {
    const tile = byId.get(row.showId);
    return tile ? [presentFavorite(row, tile, now)] : [];
  });
  return { data, online: data.filter((f) => f.online).length };
}
