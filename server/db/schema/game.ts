import { date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { coupons } from './coupons.ts';
import { users } from './users.ts';

/**
 * One spin of the daily slot game (common/domain/game.ts). The unique (user, day) index is the
 * rule "one spin a day": of any number of spins at once, one row goes in and the others find it.
 * The unique (user, client_key) index makes a retry of the same request answer the same spin.
 * The (user, day) index also serves her latest results, newest day first.
 */
export const gameSpins = pgTable(
  'game_spins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Berlin calendar day of the spin (YYYY-MM-DD). */
    day: date('day', { mode: 'string' }).notNull(),
    /** The Idempotency-Key the client sent. */
    clientKey: text('client_key').notNull(),
    /** The winning line's symbol, or null for a loss. */
    prize: text('prize'),
    /** The three reels shown, comma separated. */
    reels: text('reels').notNull(),
    /** The coupon the prize was granted as. */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_spins_user_day_unique').on(t.userId, t.day),
    uniqueIndex('game_spins_user_key_unique').on(t.userId, t.clientKey),
  ],
);
