import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { galleryImages, shows } from './catalog.ts';
import { operators } from './operators.ts';
import { users } from './users.ts';

export const CONVERSATION_KINDS = ['show', 'support'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** Who wrote a message: the member, or the other end (the show's performer, or support). */
export const MESSAGE_AUTHORS = ['member', 'staff'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/**
 * A member's conversation with one show (its performer answers from her studio) or with support
 * (operators answer from /admin/support). The latest message and both ends' unread counts are
 * kept on the row, written in the transaction that adds a message, so the lists read one row per
 * conversation and never count messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConversationKind>().notNull(),
    /** The show; null for support. */
    showId: integer('show_id').references(() => shows.id, { onDelete: 'cascade' }),
    /** The nickname the member last wrote under (the spec's memberpseudo). */
    nicknameId: integer('nickname_id'),
    /** The member blocked the show (the spec's block.memberstatus 1): it cannot write to her. */
    memberBlocked: boolean('member_blocked').notNull().default(false),
    /** The performer blocked the member: the member cannot write to the show. */
    staffBlocked: boolean('staff_blocked').notNull().default(false),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Messages from the other end the member has not read (or 1 when she marked it unread). */
    memberUnread: integer('member_unread').notNull().default(0),
    /** The member's messages the performer (or support) has not read. */
    staffUnread: integer('staff_unread').notNull().default(0),
    /** The member deleted the conversation: messages up to this id are gone for her. */
    memberClearedThrough: integer('member_cleared_through').notNull().default(0),
    /** The day (UTC) the member was last mailed about a reply here: one mail per conversation and day. */
    memberMailedOn: date('member_mailed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_kind_known', sql`${t.kind} in ('show', 'support')`),
    check('conversations_show_iff_kind', sql`(${t.kind} = 'show') = (${t.showId} is not null)`),
    uniqueIndex('conversations_member_show').on(t.userId, t.showId).where(sql`${t.kind} = 'show'`),
    uniqueIndex('conversations_member_support').on(t.userId).where(sql`${t.kind} = 'support'`),
    // The member's list, newest first; the studio's, by show; the support desk's.
    index('conversations_member_latest').on(t.userId, t.lastMessageId),
    // What the member's list shows (the condition of memberListWhere, word for word): its count and
    // a page's ids come from these alone (every column the condition names is in them, so PostgreSQL
    // scans the index only), without reading the rows a heavy member's list skips.
    index('conversations_member_visible')
      .on(t.userId, t.lastMessageId, t.memberClearedThrough, t.memberUnread)
      .where(sql`${t.lastMessageId} > ${t.memberClearedThrough}`),
    index('conversations_member_visible_unread')
      .on(t.userId, t.lastMessageId, t.memberClearedThrough, t.memberUnread)
      .where(sql`${t.lastMessageId} > ${t.memberClearedThrough} and ${t.memberUnread} > 0`),
    index('conversations_show_latest').on(t.showId, t.lastMessageId),
    index('conversations_support_latest').on(t.lastMessageId).where(sql`${t.kind} = 'support'`),
    // The console's dashboard counts the support conversations the desk has not read.
    index('conversations_support_unread').on(t.id).where(sql`${t.kind} = 'support' and ${t.staffUnread} > 0`),
  ],
);

/**
 * One message. A member's message to a show may cost `coins` (the show's message price when it
 * was sent) and carry a `tip`, both moved through the ledger under `message:{id}`; a performer's
 * message may carry a picture of her galleries that the member unlocks for `attachment_coins`.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<MessageAuthor>().notNull(),
    /** The operator who answered a support conversation. */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    coins: integer('coins').notNull().default(0),
    tip: integer('tip').notNull().default(0),
    attachmentImageId: integer('attachment_image_id').references(() => galleryImages.id, { onDelete: 'set null' }),
    attachmentCoins: integer('attachment_coins').notNull().default(0),
    /** The sender's key for this send: a retried send finds the first one instead of paying twice. */
    clientKey: text('client_key'),
    /** When the recipient read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The member deleted it: gone for her, still there for the other end. */
    memberDeleted: boolean('member_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_author_known', sql`${t.author} in ('member', 'staff')`),
    check('messages_money_not_negative', sql`${t.coins} >= 0 and ${t.tip} >= 0 and ${t.attachmentCoins} >= 0`),
    index('messages_conversation').on(t.conversationId, t.id),
    // What the member sees of a conversation: its count and a page's ids come from the index alone,
    // so a long conversation (its messages lie apart in the table) is not read message by message.
    index('messages_member_visible').on(t.conversationId, t.id).where(sql`not ${t.memberDeleted}`),
    uniqueIndex('messages_client_key').on(t.conversationId, t.clientKey),
  ],
);

/**
 * A counter per member that goes up, in the transaction that writes it, with every change of
 * what her inbox shows (her conversations, their messages, her nicknames, chat sessions and
 * purchases); the row of user 0 counts the changes of what every inbox shows of the shows
 * (name, online, picture, price) and of message pictures. Triggers keep them (migration 0037),
 * so no write path can forget to. A process keeps an answer of the inbox while both counters
 * stay where they were when it was read (features/messages/inbox-cache.ts, decision 056).
 */
export const inboxVersions = pgTable('inbox_versions', {
  /** The member; 0 for what all inboxes share. */
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
