import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Page views counted by the counter pixel (spec part 1, section 7), one row per day, counter
 * website id, site (webid) and host. Only sums: no session, member or address is kept, so the
 * table holds nothing about a person. Rows grow by an upsert of batched deltas (features/pixel).
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day').notNull(),
    websiteId: integer('website_id').notNull(),
    webid: integer('webid').notNull(),
    host: text('host').notNull(),
    views: integer('views').notNull().default(0),
    /** Of those, views by a signed-in member who named themself (mid). */
    memberViews: integer('member_views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.websiteId, t.webid, t.host] })],
);
