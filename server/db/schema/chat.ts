import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shows } from './catalog.ts';
import { users } from './users.ts';

export const CHAT_SESSION_KINDS = ['free', 'voyeur', 'private', 'exclusive'] as const;
export type ChatSessionKind = (typeof CHAT_SESSION_KINDS)[number];

/**
 * Chat sessions (spec part 2 section 4 "Chat"): a visitor or member in a show's chat, free or paid
 * by the minute. A paid session's first minute is debited in the transaction that inserts the row;
 * each next minute is claimed by advancing `billed_minutes` with one conditional update in the same
 * transaction that debits it (features/chat/billing.ts), so no minute is billed twice.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** The member; null for a guest's free chat. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The browser session that opened it (keyed hash, as sessions.id): only it may use the session. */
    webSessionId: text('web_session_id').notNull(),
    /**
     * A guest's free chat: the keyed hash of her address and her visitor id (null without one) when
     * it started, so her free time counts across browser sessions (decision 041). Null for members.
     */
    guestAddress: text('guest_address'),
    guestVisitor: text('guest_visitor'),
    nickname: text('nickname').notNull(),
    kind: text('kind').$type<ChatSessionKind>().notNull(),
    /** Coins per minute the member pays (0 for free chat), fixed when the session starts. */
    pricePerMinute: integer('price_per_minute').notNull(),
    /** Coins of each minute that go to the show's earnings account. */
    performerShare: integer('performer_share').notNull(),
    /** The show's earnings account (shows.earnings_user_id) when a paid session starts. */
    earningsUserId: integer('earnings_user_id').references(() => users.id),
    /** Length of a billed minute in seconds (CHAT_MINUTE_SECONDS when it started). */
    minuteSeconds: integer('minute_seconds').notNull(),
    /** The API process holding the session's media: on its restart its open sessions are settled. */
    node: text('node').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Minutes paid, the one running included. */
    billedMinutes: integer('billed_minutes').notNull().default(0),
    /** When the next minute is due (started_at + billed_minutes minutes); null for free chat. */
    nextMinuteAt: timestamp('next_minute_at', { withTimezone: true }),
    /** The client's last heartbeat. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /**
     * When its page said it was going away (a `pagehide` beacon): a reload takes the session up
     * again within CHAT_RELOAD_GRACE_SECONDS, else it ends; no minute is billed meanwhile.
     */
    pageGoneAt: timestamp('page_gone_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: stopped, no_coins, timeout, free_expired, performer, kicked, offline, private, interrupted. */
    endReason: text('end_reason'),
    /** The member's rating in percent (1-100) and comment, once rated. */
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** The rating prompt was answered (rated or waved away): it is not offered again. */
    ratingAskedAt: timestamp('rating_asked_at', { withTimezone: true }),
  },
  (t) => [
    check('chat_sessions_kind_known', sql`${t.kind} in ('free', 'voyeur', 'private', 'exclusive')`),
    check('chat_sessions_paid_by_member', sql`${t.pricePerMinute} = 0 or ${t.userId} is not null`),
    check('chat_sessions_share_in_price', sql`${t.performerShare} between 0 and ${t.pricePerMinute}`),
    check('chat_sessions_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 100`),
    // One private (or exclusive) per show at a time: of two members starting at once, one wins.
    uniqueIndex('chat_sessions_one_private_per_show')
      .on(t.showId)
      .where(sql`${t.endedAt} is null and ${t.kind} in ('private', 'exclusive')`),
    // One paid session per member at a time, so one tick debits a wallet at most once.
    uniqueIndex('chat_sessions_one_paid_per_member')
      .on(t.userId)
      .where(sql`${t.endedAt} is null and ${t.pricePerMinute} > 0`),
    index('chat_sessions_due').on(t.nextMinuteAt).where(sql`${t.endedAt} is null`),
    index('chat_sessions_open_seen').on(t.lastSeenAt).where(sql`${t.endedAt} is null`),
    index('chat_sessions_open_gone').on(t.pageGoneAt).where(sql`${t.endedAt} is null and ${t.pageGoneAt} is not null`),
    index('chat_sessions_show_open').on(t.showId).where(sql`${t.endedAt} is null`),
    index('chat_sessions_user').on(t.userId, t.startedAt),
    // A member's last chat with one show (the conversation list's "last chat"): one index entry, not all her sessions.
    index('chat_sessions_user_show').on(t.userId, t.showId, t.startedAt),
    index('chat_sessions_web_session').on(t.webSessionId, t.startedAt),
    // A guest's free time today, summed by her address (decision 041).
    index('chat_sessions_guest_address')
      .on(t.guestAddress, t.startedAt)
      .where(sql`${t.userId} is null and ${t.kind} = 'free'`),
    // GET /shows/ma sums a week of paid sessions: their start times only, not every free chat.
    index('chat_sessions_paid_started').on(t.startedAt).where(sql`${t.pricePerMinute} > 0`),
  ],
);

/**
 * What was written in show and private chats, kept for moderation for CHAT_TRANSCRIPT_DAYS and
 * then deleted. Members see only the running session's messages; this is for operators.
 */
export const chatTranscript = pgTable(
  'chat_transcript',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** The private session the message was written in; null for the show's public chat. */
    chatSessionId: uuid('chat_session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    /** member | guest | performer | system */
    author: text('author').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    nickname: text('nickname').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_transcript_show').on(t.showId, t.createdAt), index('chat_transcript_created').on(t.createdAt)],
);

/** Members and guests a performer banned from her show's chat and stream. */
export const chatBans = pgTable(
  'chat_bans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** A member is banned by account; a guest by browser session, address and visitor id (decision 041). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    webSessionId: text('web_session_id'),
    /** The banned guest's address (keyed hash) and visitor id, as her browser session had them. */
    guestAddress: text('guest_address'),
    guestVisitor: text('guest_visitor'),
    nickname: text('nickname').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_bans_someone', sql`${t.userId} is not null or ${t.webSessionId} is not null`),
    uniqueIndex('chat_bans_member').on(t.showId, t.userId),
    uniqueIndex('chat_bans_guest').on(t.showId, t.webSessionId),
    index('chat_bans_guest_address').on(t.showId, t.guestAddress),
  ],
);
