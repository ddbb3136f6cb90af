import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { shows } from './catalog.ts';

export const PUBLICATION_SOURCES = ['camera', 'demo'] as const;

/**
 * Which API process holds each show's live publication (decision 051): the performer's camera or
 * a demo clip lives in that process's embedded SFU, and live calls landing on another process are
 * forwarded to `internal_url`. The holder renews `lease_until` every few seconds and deletes the
 * row when the publication ends; a row whose lease ran out belongs to nobody and may be taken.
 */
export const livePublications = pgTable(
  'live_publications',
  {
    showUniversalId: text('show_universal_id')
      .primaryKey()
      .references(() => shows.universalId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** NODE_NAME of the holder. */
    node: text('node').notNull(),
    /** INTERNAL_URL of the holder: where its siblings reach it past the balancer. */
    internalUrl: text('internal_url').notNull(),
    source: text('source', { enum: PUBLICATION_SOURCES }).notNull(),
    /** She paused (kept by the holder): a chat or a show page answered elsewhere sees it too. */
    paused: boolean('paused').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    /**
     * Since when her picture is interrupted (the media server carrying it was lost, her studio
     * publishes again): the show's paid chat minutes wait meanwhile, and are moved on by the gap
     * when her stream is back. Null while the picture stands.
     */
    interruptedAt: timestamp('interrupted_at', { withTimezone: true }),
  },
  (t) => [
    index('live_publications_node_idx').on(t.node),
    // The minute tick reads the interrupted shows every second: a few rows at most, among every show on air.
    index('live_publications_interrupted').on(t.showUniversalId).where(sql`${t.interruptedAt} is not null`),
  ],
);
