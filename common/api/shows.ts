import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { PRIVATE_MODES } from './chat.ts';
import { singleLine } from './fields.ts';

/**
 * The catalogue's shared shapes (spec part 1 section 3 "Show", part 2 "Paged result", "Categories")
 * and the shows calls. Texts come in the request's language. Preview images are ids; the client
 * builds their URLs with common/domain/previews.ts from the show id, image id, size and variant.
 */

/** Query numbers arrive as strings; out-of-range pages and limits are refused with 422. */
export const MAX_PAGE = 10_000;
export const pageField = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);
export const limitField = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
/** Free-text search: at most 100 characters count; longer input is refused, not cut. */
export const SEARCH_MAX = 100;
export const searchField = singleLine().trim().max(SEARCH_MAX, 'errors.validations.too_long');
/** Tag slugs, comma separated, at most 10. */
export const tagsField = singleLine()
  .max(400, 'errors.validations.too_long')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().regex(/^[a-z0-9-]{1,40}$/, 'errors.validations.tag')).max(10, 'errors.validations.too_many'),
  );

/** A paged list (spec part 2 "Paged result"). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
    data: z.array(item),
    /** Whether a later page exists (infinite scroll). */
    more: z.boolean(),
  });
export type Paged<T> = { current_page: number; last_page: number; total: number; data: T[]; more: boolean };

export const category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof category>;

/** GET /categories: the bar's categories (ids below 1001, in order) and the search categories. */
export const categoriesResponse = z.object({ data: z.array(category), search_categories: z.array(category) });
export type CategoriesResponse = z.infer<typeof categoriesResponse>;

export const tag = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type Tag = z.infer<typeof tag>;
/** GET /tags */
export const tagsResponse = z.object({ data: z.array(tag) });

/** A running offer; `stop` is a Unix time in seconds (the list refreshes when it passes). */
export const promo = z.object({
  id: z.number().int(),
  universalId: z.string(),
  title: z.string(),
  percent: z.number().int(),
  stop: z.number().int(),
});
export type Promo = z.infer<typeof promo>;

/** A show as a tile lists it. */
export const showTile = z.object({
  id: z.number().int(),
  universalId: z.string(),
  slugName: z.string(),
  showName: z.string(),
  online: z.boolean(),
  /** Preview image ids, the main one first. */
  previews: z.array(z.number().int()),
  contentproviderId: z.number().int(),
  texts: z.object({ slogan: z.string(), description: z.string() }),
  flags: z.object({ free: z.boolean(), exclusive: z.number().int() }),
  /** Coins per minute in a private chat; exclusive: common/domain/prices.ts. */
  pricePerMinute: z.number().int(),
  priceFactorExclusive: z.number().int(),
  age: z.number().int(),
  languages: z.array(z.string()),
  location: z.object({ city: z.string(), country: z.string() }),
  /** Kilometres from the searcher's position (geo search only). */
  distance: z.number().nullable(),
  /** Average rating in percent and how many rated. */
  rating: z.number().int(),
  ratingCount: z.number().int(),
  features: z.object({ sound: z.boolean(), phoneChat: z.boolean() }),
  /** Phone chat (spec part 2, "Show"): she has it, her extension on the phone-chat line, her state. */
  phoneChat: z.boolean(),
  phoneExtension: z.string().nullable(),
  /** She takes calls now. */
  phoneChatOn: z.boolean(),
  /** A caller is being put through to her. */
  phoneChatConnecting: z.boolean(),
  /** She is on a call. */
  phoneChatBusy: z.boolean(),
  /** The tile's ribbon: a running promo, a newcomer, or none. */
  ribbon: z.enum(['promo', 'new']).nullable(),
});
export type ShowTile = z.infer<typeof showTile>;

/** GET /shows/{universalId}: the show page. */
export const showDetail = showTile.extend({
  isFavorite: z.boolean(),
  categories: z.array(z.number().int()),
  tags: z.array(tag),
  promo: promo.nullable(),
  videoCount: z.number().int(),
  galleryCount: z.number().int(),
  /** The show's free gallery, if it has one (GET /galleries/free/{universalId}). */
  freeGalleryId: z.number().int().nullable(),
  /** Coins per message to her (0: free), as the messages composer shows it before a first message. */
  messagePrice: z.number().int(),
  /** A private (voyeurs may watch) or an exclusive (nobody else) runs now; then show:bulkupdate follows it. */
  privateMode: z.enum(PRIVATE_MODES).nullable(),
  /** She paused her stream (show:bulkupdate `paused` follows it). */
  paused: z.boolean(),
});
export type ShowDetail = z.infer<typeof showDetail>;

/** Narrower lists of GET /shows: `free` the shows online now that offer free chat, `promo` those with a running promo. */
export const SHOW_FILTERS = ['free', 'promo'] as const;
export type ShowFilter = (typeof SHOW_FILTERS)[number];

/**
 * GET /shows: `page` (or `page_from` to `page` together, to rebuild an infinite list), `limit`
 * (36; the teaser asks 5), `category` (unknown: all shows), `filter` (SHOW_FILTERS).
 */
export const showsQuery = z.object({
  page: pageField,
  page_from: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  limit: limitField(PAGE_SIZES.shows, PAGE_SIZES.shows),
  category: z.coerce.number().int().min(0).max(1_000_000).optional(),
  filter: z.enum(SHOW_FILTERS).optional(),
});
export const showsResponse = paged(showTile).extend({ promos: z.array(promo) });
export type ShowsResponse = z.infer<typeof showsResponse>;

/** GET /shows/promos */
export const promosResponse = z.object({ data: z.array(promo) });

/** GET /shows/ma ("most active", docs/decisions/023): at most `limit` shows, online first. */
export const MOST_ACTIVE_MAX = 36;
export const MOST_ACTIVE_DEFAULT = 12;
export const mostActiveQuery = z.object({ limit: limitField(MOST_ACTIVE_MAX, MOST_ACTIVE_DEFAULT) });
export const mostActiveResponse = z.object({ data: z.array(showTile) });
export type MostActiveResponse = z.infer<typeof mostActiveResponse>;

export const universalIdParam = z.object({ id: singleLine().min(1).max(40) });

/** POST /user/history/{showId}; GET /user/history: the history menu, latest first (at most 20). */
export const historyItem = z.object({ id: z.number().int(), show: showTile, visited_at: z.string() });
export type HistoryItem = z.infer<typeof historyItem>;
export const historyResponse = z.object({ data: z.array(historyItem) });

/** GET /user/chathistory (spec part 2 "Chat history: list, timestamp"). */
export const chatHistoryResponse = z.object({
  list: z.array(
    z.object({
      /** The chat session (common/api/chat.ts). */
      id: z.string(),
      show: showTile,
      session_type: z.string(),
      started_at: z.string(),
      ended_at: z.string().nullable(),
      minutes: z.number().int(),
      coins: z.number().int(),
      /** The member's rating of it in percent, once rated. */
      rating: z.number().int().nullable(),
    }),
  ),
  /** Unix seconds of the answer. */
  timestamp: z.number().int(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;
