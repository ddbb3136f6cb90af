import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's requests for a copy of her data (GDPR articles 15 and 20, decision 068): one row per
 * request, from asked to built, mailed, downloaded or expired. The archive itself lies in storage
 * under `storage_key` until it is downloaded or its link runs out; then the file is removed and
 * the row kept (the once-a-day rule and the console's view read it).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | ready | downloaded | expired | failed */
    status: text('status').notNull().default('pending'),
    /** The language of the README and of the mail: the member's at the time of the request. */
    locale: text('locale').notNull(),
    /** The analytics cookie choice of the browser that asked (the server keeps no other copy of it). */
    cookieChoice: text('cookie_choice'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    /** Keyed hash of the mailed link's token; the token itself is never stored. */
    tokenHash: text('token_hash'),
    /** When the mailed link stops working (24 hours after the mail). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    /** When the archive's file was removed from storage (after the download or the link's end). */
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('data_exports_user').on(t.userId, t.requestedAt),
    uniqueIndex('data_exports_token').on(t.tokenHash),
    index('data_exports_expiry').on(t.expiresAt),
  ],
);
