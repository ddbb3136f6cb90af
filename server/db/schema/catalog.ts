import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; filled by generated columns, read only in search. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Categories with the spec's ids (part 1 category bar): 1 is hidden, 20 the special one, ids from
 * 1001 up are search categories (1013, 1024, ... appear in the expanded bar).
 */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull(),
  nameEn: text('name_en').notNull(),
  nameDe: text('name_de').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionDe: text('description_de').notNull().default(''),
  position: integer('position').notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameDe: text('name_de').notNull(),
});

/**
 * A performer's show: what the catalogue lists. `universalId` is the public id in URLs
 * (/chat/:showid); `contentproviderId` 1 or 2 picks the image host and the chat kind.
 * Prices are coins per minute; exclusive = price x factor / 100 (common/domain/prices.ts).
 */
export const shows = pgTable(
  'shows',
  {
    id: serial('id').primaryKey(),
    universalId: text('universal_id').notNull(),
    slugName: text('slug_name').notNull(),
    showName: text('show_name').notNull(),
    contentproviderId: integer('contentprovider_id').notNull().default(1),
    online: boolean('online').notNull().default(false),
    onlineChangedAt: timestamp('online_changed_at', { withTimezone: true }).notNull().defaultNow(),
    sloganEn: text('slogan_en').notNull().default(''),
    sloganDe: text('slogan_de').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionDe: text('description_de').notNull().default(''),
    free: boolean('free').notNull().default(false),
    /** Bit mask: 1 exclusive available, 2 exclusive only. */
    exclusive: integer('exclusive').notNull().default(0),
    pricePerMinute: integer('price_per_minute').notNull(),
    priceFactorExclusive: integer('price_factor_exclusive').notNull().default(150),
    /** Coins a member pays per message to the show (0: free); set by the performer in her studio. */
    messagePrice: integer('message_price').notNull().default(0),
    age: integer('age').notNull(),
    /** ISO 639-1 codes, e.g. {de,en}. */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Average rating in percent (0-100) and how many rated; set by the seed or an import (members rate videos and galleries). */
    rating: integer('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    sound: boolean('sound').notNull().default(true),
    phoneChat: boolean('phone_chat').notNull().default(false),
    /** Her extension on the phone-chat line (digits, unique); null without phone chat. */
    phoneExtension: text('phone_extension'),
    /** She takes calls now (set from the studio). */
    phoneChatOn: boolean('phone_chat_on').notNull().default(false),
    /** A caller is being put through to her. */
    phoneChatConnecting: boolean('phone_chat_connecting').notNull().default(false),
    /** She is on a call. */
    phoneChatBusy: boolean('phone_chat_busy').notNull().default(false),
    /**
     * The ledger account her earnings go to (a users row of status 'earnings' that never signs in):
     * the performer's share of chat minutes and tips. Made at the first paid minute.
     */
    earningsUserId: integer('earnings_user_id'),
    /** The preview image shown first (show_images.id); null until images exist. */
    mainImageId: integer('main_image_id'),
    /** Higher first in the default order (promoted, new, ...). */
    position: integer('position').notNull().default(0),
    /**
     * Set when a notice of illegal content took the show off the catalogue (EU DSA, decision 032):
     * lists leave it out and its page answers 404 until a complaint restores it (null again).
     */
    withheldAt: timestamp('withheld_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', ${shows.showName}), 'A') || setweight(to_tsvector('german', ${shows.sloganDe} || ' ' || ${shows.descriptionDe}), 'C') || setweight(to_tsvector('english', ${shows.sloganEn} || ' ' || ${shows.descriptionEn}), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('shows_universal_id_unique').on(t.universalId),
    uniqueIndex('shows_phone_extension_unique').on(t.phoneExtension),
    // Four digits, 1000 to 9999 (common/domain/phone-chat.ts PHONE_EXTENSION): what a caller can key in.
    check('shows_phone_extension_format', sql`${t.phoneExtension} ~ '^[1-9][0-9]{3}$'`),
    index('shows_list_order').on(t.online, t.position, t.id),
    index('shows_search').using('gin', t.search),
    index('shows_name_trgm').using('gin', sql`lower(${t.showName}) gin_trgm_ops`),
  ],
);

/** A show's preview images; files live in storage under previews/<showId>/<id>_<size>[_b].jpg. */
export const showImages = pgTable(
  'show_images',
  {
    id: serial('id').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('show_images_show').on(t.showId, t.position)],
);

export const showCategories = pgTable(
  'show_categories',
  {
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.showId, t.categoryId] }), index('show_categories_category').on(t.categoryId)],
);

export const showTags = pgTable(
  'show_tags',
  {
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.showId, t.tagId] }), index('show_tags_tag').on(t.tagId)],
);

/** A time-limited offer of a show; the list refreshes when one stops (spec: Promo stop). */
export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de').notNull(),
    /** Discount on the show's price in percent (0: a highlight without discount). */
    percent: integer('percent').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    stopsAt: timestamp('stops_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promos_stop').on(t.stopsAt)],
);

/** Where an uploaded video or gallery stands (see `videos.status`). */
export const PUBLICATION_STATUSES = ['pending', 'published', 'rejected', 'removed'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/**
 * A video of a show. `ccid` is the public content id used by buy, rate, play and more-like-this;
 * `id` the one of the detail route. A video has one or more parts, each bought separately.
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    ccid: integer('ccid').notNull(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionDe: text('description_de').notNull().default(''),
    /** Seconds, the sum of the parts. */
    duration: integer('duration').notNull().default(0),
    /** Average rating in percent and how many rated: the base and the members' ratings together. */
    rating: integer('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Votes the video arrived with (seeded or imported), their count and sum of percents. */
    ratingBaseVotes: integer('rating_base_votes').notNull().default(0),
    ratingBaseSum: integer('rating_base_sum').notNull().default(0),
    /** Plays counted through the view URL. */
    views: integer('views').notNull().default(0),
    /**
     * Whether the catalogue shows it: only `published` is ever listed, sold or played. New uploads
     * wait as `pending` for a moderator; `rejected` carries the reason to the performer;
     * `removed` after a notice decision.
     */
    status: text('status').$type<PublicationStatus>().notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('german', ${videos.titleDe}), 'A') || setweight(to_tsvector('english', ${videos.titleEn}), 'A') || setweight(to_tsvector('german', ${videos.descriptionDe}), 'C') || setweight(to_tsvector('english', ${videos.descriptionEn}), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('videos_ccid_unique').on(t.ccid),
    check('videos_status_known', sql`${t.status} in ('pending', 'published', 'rejected', 'removed')`),
    index('videos_show').on(t.showId, t.createdAt),
    index('videos_created').on(t.createdAt, t.id),
    index('videos_search').using('gin', t.search),
    index('videos_title_trgm').using('gin', sql`lower(${t.titleEn}) gin_trgm_ops`),
  ],
);

/** A part of a video: priced in coins (0 with `free`), its clip in storage under videos/<ccid>/<part>.webm. */
export const videoParts = pgTable(
  'video_parts',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    duration: integer('duration').notNull(),
    price: integer('price').notNull(),
    free: boolean('free').notNull().default(false),
    /** The storage key of the clip; null while it is being produced. */
    storageKey: text('storage_key'),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.part] })],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.tagId] }), index('video_tags_tag').on(t.tagId)],
);

/** A picture gallery of a show; `free` marks the show's free gallery (one per show). */
export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de').notNull(),
    price: integer('price').notNull().default(0),
    free: boolean('free').notNull().default(false),
    /** Average rating in percent and how many rated: the base and the members' ratings together. */
    rating: integer('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Votes the gallery arrived with (seeded or imported), their count and sum of percents. */
    ratingBaseVotes: integer('rating_base_votes').notNull().default(0),
    ratingBaseSum: integer('rating_base_sum').notNull().default(0),
    /**
     * Whether the catalogue shows it: only `published` is ever listed, sold or played. New uploads
     * wait as `pending` for a moderator; `rejected` carries the reason to the performer;
     * `removed` after a notice decision.
     */
    status: text('status').$type<PublicationStatus>().notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('german', ${galleries.titleDe}), 'A') || setweight(to_tsvector('english', ${galleries.titleEn}), 'A')`,
    ),
  },
  (t) => [
    index('galleries_show').on(t.showId, t.createdAt),
    check('galleries_status_known', sql`${t.status} in ('pending', 'published', 'rejected', 'removed')`),
    index('galleries_created').on(t.createdAt, t.id),
    index('galleries_search').using('gin', t.search),
    index('galleries_title_trgm').using('gin', sql`lower(${t.titleEn}) gin_trgm_ops`),
    uniqueIndex('galleries_one_free_per_show').on(t.showId).where(sql`${t.free}`),
  ],
);

/** Pictures of a gallery: files under galleries/<galleryId>/<id>_<size>[_b].jpg. */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    galleryId: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('gallery_images_gallery').on(t.galleryId, t.position)],
);
