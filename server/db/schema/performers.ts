import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shows } from './catalog.ts';

/**
 * active: approved, her show listed; disabled: switched off; pending: signed up, her application
 * waits for the identity check and a moderator; rejected: a moderator turned the application down;
 * closed: closed on her written request and erased but for the records kept by law (decision 069).
 */
export const PERFORMER_STATUSES = ['active', 'disabled', 'pending', 'rejected', 'closed'] as const;
export type PerformerStatus = (typeof PERFORMER_STATUSES)[number];

/**
 * The people on camera (the studio under /studio): their own accounts, never members. Each owns
 * exactly one show and signs in with e-mail and password. A performer who signed up herself has
 * no show until a moderator approves her (decision 030): only then is it made and listed.
 */
export const performers = pgTable(
  'performers',
  {
    id: serial('id').primaryKey(),
    showId: integer('show_id').references(() => shows.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** argon2id, as members' passwords. */
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<PerformerStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When support closed the account on her written request (status closed). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('performers_show_unique').on(t.showId),
    uniqueIndex('performers_email_unique').on(t.email),
    check('performers_status_known', sql`${t.status} in ('active', 'disabled', 'pending', 'rejected', 'closed')`),
    // An approved account always has its show; an application may not have one yet.
    check('performers_active_has_show', sql`${t.status} not in ('active', 'disabled') or ${t.showId} is not null`),
  ],
);

/**
 * Signed-in performers: keyed hashes of random cookie tokens (decision 003), apart from members'
 * and operators' sessions. A revoked session stays until it expires, so the log can tell why it ended.
 */
export const performerSessions = pgTable(
  'performer_sessions',
  {
    id: text('id').primaryKey(),
    performerId: integer('performer_id')
      .notNull()
      .references(() => performers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('performer_sessions_performer').on(t.performerId), index('performer_sessions_expires').on(t.expiresAt)],
);
