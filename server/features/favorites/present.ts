import type { Favorite, FavoritesResponse } from '#common/api/favorites.ts';
import type { ShowTile } from '#common/api/shows.ts';
import type { FavoriteRow } from './data.ts';

/** A favorite as the menu and the profile page list it (spec part 1 "Favorite"). */
export function presentFavorite(row: FavoriteRow, show: ShowTile): Favorite {
  return {
    id: row.id,
    universalId: row.universalId,
    show,
    name: row.showName,
    online: row.online,
    info_type: row.infoType,
    show_id: row.showId,
    contentprovider_id: row.contentproviderId,
    info_start: row.infoStart,
    info_end: row.infoEnd,
  };
}

/** The list in the rows' order with the count of online shows (the top bar's badge). */
export function presentFavorites(rows: FavoriteRow[], tiles: ShowTile[]): FavoritesResponse {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const data = rows.flatMap((row) => {
    const tile = byId.get(row.showId);
    return tile ? [presentFavorite(row, tile)] : [];
  });
  return { data, online: data.filter((f) => f.online).length };
}
