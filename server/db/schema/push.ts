import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's devices that take Web Push (decision 067): one row per browser subscription. The
 * endpoint is the push service's address for that browser (a capability: whoever knows it and
 * the keys may push, so it never leaves the server); a browser that another member signs in to
 * next moves its row to her. A push service's 404 or 410 removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (65 bytes) and its auth secret (16 bytes), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the device's notices are written in: the app's when it subscribed last. */
    locale: text('locale').notNull().default('en'),
    /** What the member sees in her list of devices ("Chrome on Android"), made from the User-Agent. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
