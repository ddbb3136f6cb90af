import type { Category, Promo, ShowDetail, ShowTile, Tag } from '#common/api/shows.ts';
import type { Locale } from '#common/constants.ts';
import type { Config } from '#server/config.ts';
import type { CategoryRow, PromoRow, ShowDetailRow, ShowTileRow, TagRow } from './data.ts';

/** A show created this recently carries the 'new' ribbon (unless a promo runs). */
export const NEW_FOR_MS = 14 * 24 * 3600 * 1000;

/** Whether a phone-chat line runs: with PHONE_CHAT_PROVIDER=none no show is presented with phone chat. */
export const phoneChatLineOf = (config: Config) => config.payments.phoneChat.provider !== 'none';

export type TileExtras = {
  /** Whether a phone-chat line runs (PHONE_CHAT_PROVIDER): without one no show offers phone chat. */
  phoneChatLine: boolean;
  /** Kilometres from the searcher (geo search); null elsewhere. */
  distance?: number | null;
  /** The moment the ribbon is decided for (default: now). */
  now?: Date;
};

const byLocale = (locale: Locale, en: string, de: string) => (locale === 'de' ? de || en : en || de);

function ribbonOf(row: ShowTileRow, now: Date): ShowTile['ribbon'] {
  if (row.promoRunning) return 'promo';
  return now.getTime() - row.createdAt.getTime() < NEW_FOR_MS ? 'new' : null;
}

/** A show as a tile lists it, in the request's language. */
export function presentShowTile(row: ShowTileRow, locale: Locale, extras: TileExtras): ShowTile {
  const phoneChat = extras.phoneChatLine && row.phoneChat;
  return {
    id: row.id,
    universalId: row.universalId,
    slugName: row.slugName,
    showName: row.showName,
    online: row.online,
    previews: row.previews ?? [],
    contentproviderId: row.contentproviderId,
    texts: {
      slogan: byLocale(locale, row.sloganEn, row.sloganDe),
      description: byLocale(locale, row.descriptionEn, row.descriptionDe),
    },
    flags: { free: row.free, exclusive: row.exclusive },
    pricePerMinute: row.pricePerMinute,
    priceFactorExclusive: row.priceFactorExclusive,
    age: row.age,
    languages: row.languages,
    location: { city: row.city, country: row.country },
    distance: extras.distance ?? null,
    rating: row.rating,
    ratingCount: row.ratingCount,
    features: { sound: row.sound, phoneChat },
    phoneChat,
    phoneExtension: phoneChat ? row.phoneExtension : null,
    phoneChatOn: phoneChat && row.phoneChatOn,
    phoneChatConnecting: phoneChat && row.phoneChatConnecting,
    phoneChatBusy: phoneChat && row.phoneChatBusy,
    ribbon: ribbonOf(row, extras.now ?? new Date()),
  };
}

export function presentPromo(row: PromoRow, locale: Locale): Promo {
  return {
    id: row.id,
    universalId: row.universalId,
    title: byLocale(locale, row.titleEn, row.titleDe),
    percent: row.percent,
    stop: Math.floor(row.stopsAt.getTime() / 1000),
  };
}

export function presentCategory(row: CategoryRow, locale: Locale): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: byLocale(locale, row.nameEn, row.nameDe),
    description: byLocale(locale, row.descriptionEn, row.descriptionDe),
  };
}

export const presentTag = (row: TagRow, locale: Locale): Tag => ({
  id: row.id,
  slug: row.slug,
  name: byLocale(locale, row.nameEn, row.nameDe),
});

/** The show page: the tile plus what only the page shows. */
export function presentShowDetail(
  row: ShowDetailRow,
  tags: TagRow[],
  promo: PromoRow | null,
  live: Pick<ShowDetail, 'privateMode' | 'paused'>,
  locale: Locale,
  extras: TileExtras,
): ShowDetail {
  return {
    ...presentShowTile(row, locale, extras),
    isFavorite: row.isFavorite,
    categories: row.categoryIds ?? [],
    tags: tags.map((t) => presentTag(t, locale)),
    promo: promo ? presentPromo(promo, locale) : null,
    videoCount: row.videoCount,
    galleryCount: row.galleryCount,
    freeGalleryId: row.freeGalleryId,
    messagePrice: row.messagePrice,
    ...live,
  };
}
