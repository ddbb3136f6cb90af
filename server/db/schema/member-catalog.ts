import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { galleries, shows, videos } from './catalog.ts';
import { users } from './users.ts';

/*
 * What members keep of the catalogue: what they bought, how they rated it, their favorite shows
 * and the shows they visited.
 */

/**
 * What a member bought: `item` is video:<videoId>:<part> or gallery:<galleryId>. Unique per member
 * and item, so a double click buys once; paid by `coins` through the ledger (idempotency key
 * purchase:<userId>:<item>) or by a voucher coupon (`couponId`).
 */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    part: integer('part'),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'set null' }),
    coins: integer('coins').notNull().default(0),
    couponId: integer('coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_user_item_unique').on(t.userId, t.item),
    index('purchases_user').on(t.userId, t.createdAt),
  ],
);

/** A member's rating of an item (same keys as purchases), in percent 1-100; one per member and item. */
export const ratings = pgTable(
  'ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    rating: integer('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.item] }), index('ratings_item').on(t.item)],
);

/**
 * A member's favorite show with the notification window: both null = off; 00:00-00:00 = daily;
 * anything else a time span (times as HH:MM, 15-minute steps).
 */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    infoType: integer('info_type').notNull().default(1),
    /** The notification window: the member's local times of day "HH:MM" (both null: off). */
    infoStart: text('info_start'),
    infoEnd: text('info_end'),
    /** The zone they are meant in: IANA ("Europe/Berlin") or a fixed offset ("+01:00"). */
    infoTimeZone: text('info_time_zone'),
    /** The member's day (in that zone) of the last "online" mail: at most one a day per favorite. */
    mailedOn: date('mailed_on', { mode: 'string' }),
    /** When her last "online now" notice for this show went out (a cool-down against repeats). */
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_show_unique').on(t.userId, t.showId),
    index('favorites_show').on(t.showId),
    // The fan-out when a show comes online reads only favorites with a window, in id batches.
    index('favorites_show_window').on(t.showId, t.id).where(sql`${t.infoStart} is not null`),
  ],
);

/** Shows a member visited (when their show_history setting is on); one row per show, latest visit. */
export const showHistory = pgTable(
  'show_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.showId] }), index('show_history_recent').on(t.userId, t.visitedAt)],
);
