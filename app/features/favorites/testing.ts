import type { Favorite } from '#common/api/favorites.ts';
import type { ShowTile } from '#common/api/shows.ts';

/** A show tile as the server presents it, for tests. */
export const showTileRow = (over: Partial<ShowTile> = {}): ShowTile => ({
  id: 11,
  universalId: 'u-anna',
  slugName: 'anna',
  showName: 'Anna',
  online: false,
  previews: [101],
  contentproviderId: 1,
  texts: { slogan: 'Hello', description: 'About me' },
  flags: { free: false, exclusive: 1 },
  pricePerMinute: 30,
  priceFactorExclusive: 150,
  age: 25,
  languages: ['en', 'de'],
  location: { city: 'Berlin', country: 'DE' },
  distance: null,
  rating: 80,
  ratingCount: 12,
  features: { sound: true, phoneChat: false },
  phoneChat: false,
  phoneExtension: null,
  phoneChatOn: false,
  phoneChatConnecting: false,
  phoneChatBusy: false,
  ribbon: null,
  ...over,
});

/** A favorite as GET /user/favorites lists it, for tests. */
export const favoriteRow = (over: Partial<Favorite> = {}): Favorite => {
  const universalId = over.universalId ?? 'u-anna';
  const name = over.name ?? 'Anna';
  const online = over.online ?? false;
  return {
    id: 1,
    universalId,
    show: showTileRow({ universalId, showName: name, slugName: name.toLowerCase(), online }),
    name,
    online,
    info_type: 0,
    show_id: 11,
    contentprovider_id: 1,
    info_start: null,
    info_end: null,
    ...over,
  };
};
