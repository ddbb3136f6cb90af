import { and, desc, eq, gt, inArray, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { CONVERSATION_ORDERS } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { nicknames } from '#server/db/schema/users.ts';

/** Reads of the messages feature (the member's side; the studio and support desk read through these too). */

export type ConversationOrder = (typeof CONVERSATION_ORDERS)[number];

export type ConversationFilter = {
  unread?: boolean;
  showname?: string;
  nicknameId?: number;
  not?: number[];
};

const lastChatAt = sql<Date | null>`(select max(cs.started_at) from chat_sessions cs where cs.user_id = ${conversations.userId} and cs.show_id = ${conversations.showId})`;

/** A show's small picture: its main image, else its first. */
const previewImageId = sql<
  number | null
>`coalesce(${shows.mainImageId}, (select min(i.id) from show_images i where i.show_id = ${shows.id}))`;

export const conversationColumns = {
  id: conversations.id,
  userId: conversations.userId,
  kind: conversations.kind,
  showId: conversations.showId,
  nicknameId: conversations.nicknameId,
  memberBlocked: conversations.memberBlocked,
  staffBlocked: conversations.staffBlocked,
  lastMessageId: conversations.lastMessageId,
  lastMessageAt: conversations.lastMessageAt,
  memberUnread: conversations.memberUnread,
  staffUnread: conversations.staffUnread,
  memberClearedThrough: conversations.memberClearedThrough,
  universalId: shows.universalId,
  showName: shows.showName,
  online: shows.online,
  contentproviderId: shows.contentproviderId,
  messagePrice: shows.messagePrice,
  previewImageId,
  nickname: nicknames.nickname,
  lastBody: messages.body,
  lastDeleted: messages.memberDeleted,
  lastChatAt,
};

export type ConversationRow = {
  id: number;
  userId: number;
  kind: 'show' | 'support';
  showId: number | null;
  nicknameId: number | null;
  memberBlocked: boolean;
  staffBlocked: boolean;
  lastMessageId: number | null;
  lastMessageAt: Date | null;
  memberUnread: number;
  staffUnread: number;
  memberClearedThrough: number;
  universalId: string | null;
  showName: string | null;
  online: boolean | null;
  contentproviderId: number | null;
  messagePrice: number | null;
  previewImageId: number | null;
  nickname: string | null;
  lastBody: string | null;
  lastDeleted: boolean | null;
  lastChatAt: Date | string | null;
};

export function conversationSelect(db: DbOrTx) {
  return db
    .select(conversationColumns)
    .from(conversations)
    .leftJoin(shows, eq(shows.id, conversations.showId))
    .leftJoin(nicknames, eq(nicknames.id, conversations.nicknameId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId));
}

/** What the member sees of her list: conversations with a message after what she deleted. */
export function memberListWhere(userId: number | Placeholder, f: ConversationFilter): SQL | undefined {
  return and(
    eq(conversations.userId, userId),
    sql`${conversations.lastMessageId} > ${conversations.memberClearedThrough}`,
    f.unread ? gt(conversations.memberUnread, 0) : undefined,
    f.showname ? sql`lower(${shows.showName}) like ${`%${escapeLike(f.showname.toLowerCase())}%`}` : undefined,
    f.nicknameId ? eq(conversations.nicknameId, f.nicknameId) : undefined,
    f.not?.length ? notInArray(conversations.id, f.not) : undefined,
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER: Record<ConversationOrder, SQL[]> = {
  messagedate: [desc(conversations.lastMessageId)],
  online: [sql`${shows.online} desc nulls last`, desc(conversations.lastMessageId)],
  lastchatdate: [sql`${lastChatAt} desc nulls last`, desc(conversations.lastMessageId)],
};

/** A page bound: numbers for a call, or placeholders for a prepared statement (member-reads.ts). */
type PageBound = number | Placeholder;

/**
 * The queries of one page of the member's list and of its count. The page's ids come first, from
 * the conversations (and the shows' online flag) alone; only its rows are then joined with their
 * latest message, nickname and last chat, not those a deep page skips. The shows are joined only
 * where the order or a search by name needs them: without them, the count and a page's ids come
 * from the index conversations_member_visible alone (PostgreSQL reads a heavy member's rows else).
 */
export function memberListQueries(
  db: DbOrTx,
  where: SQL | undefined,
  order: ConversationOrder,
  page: { limit: PageBound; offset: PageBound },
  searchesShows = false,
) {
  const withShows = <T extends PgSelect>(q: T) =>
    searchesShows || order === 'online' ? q.leftJoin(shows, eq(shows.id, conversations.showId)) : q;
  const pageIds = withShows(db.select({ id: conversations.id }).from(conversations).$dynamic())
    .where(where)
    .orderBy(...ORDER[order])
    .limit(page.limit)
    .offset(page.offset);
  const count = db.select({ n: sql<number>`count(*)::int` }).from(conversations).$dynamic();
  return {
    rows: conversationSelect(db)
      .where(inArray(conversations.id, pageIds))
      .orderBy(...ORDER[order]),
    count: (searchesShows ? count.leftJoin(shows, eq(shows.id, conversations.showId)) : count).where(where),
  };
}

/** One page of the member's conversations and how many there are in all. */
export async function memberConversations(
  db: DbOrTx,
  userId: number,
  f: ConversationFilter,
  order: ConversationOrder,
  page: { limit: number; offset: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const q = memberListQueries(db, memberListWhere(userId, f), order, page, Boolean(f.showname));
  const [rows, [count]] = await Promise.all([q.rows, q.count]);
  return { rows: rows as ConversationRow[], total: count?.n ?? 0 };
}

/** The member's conversation by id; null when it is none of hers. */
export async function memberConversation(db: DbOrTx, userId: number, id: number): Promise<ConversationRow | null> {
  const [row] = await conversationSelect(db).where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  return (row as ConversationRow | undefined) ?? null;
}

/** Any conversation by id (the studio and the support desk check whose it is themselves). */
export async function conversationById(db: DbOrTx, id: number): Promise<ConversationRow | null> {
  const [row] = await conversationSelect(db).where(eq(conversations.id, id));
  return (row as ConversationRow | undefined) ?? null;
}

/** The member's conversation with a show, or with support (showId null). */
export async function memberConversationWith(
  db: DbOrTx,
  userId: number,
  showId: number | null,
): Promise<ConversationRow | null> {
  const [row] = await conversationSelect(db).where(
    and(
      eq(conversations.userId, userId),
      showId === null ? eq(conversations.kind, 'support') : eq(conversations.showId, showId),
    ),
  );
  return (row as ConversationRow | undefined) ?? null;
}

/** Unread per conversation of the member (those with any), for the counts. */
export async function memberUnreadCounts(db: DbOrTx, userId: number) {
  return db
    .select({ kind: conversations.kind, universalId: shows.universalId, unread: conversations.memberUnread })
    .from(conversations)
    .leftJoin(shows, eq(shows.id, conversations.showId))
    .where(and(eq(conversations.userId, userId), gt(conversations.memberUnread, 0)));
}

export type MessageRow = {
  id: number;
  conversationId: number;
  author: 'member' | 'staff';
  body: string;
  coins: number;
  tip: number;
  attachmentImageId: number | null;
  attachmentCoins: number;
  readAt: Date | null;
  memberDeleted: boolean;
  createdAt: Date;
};

export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  author: messages.author,
  body: messages.body,
  coins: messages.coins,
  tip: messages.tip,
  attachmentImageId: messages.attachmentImageId,
  attachmentCoins: messages.attachmentCoins,
  readAt: messages.readAt,
  memberDeleted: messages.memberDeleted,
  createdAt: messages.createdAt,
};

/** A conversation's messages as one end sees them (the member: the condition of the index messages_member_visible, word for word). */
export const conversationMessagesWhere = (c: {
  id: number | Placeholder;
  clearedThrough: number | Placeholder;
  forMember: boolean;
}) =>
  and(
    eq(messages.conversationId, c.id),
    c.forMember ? gt(messages.id, c.clearedThrough) : undefined,
    c.forMember ? sql`not ${messages.memberDeleted}` : undefined,
  );

/**
 * A page of a conversation's messages as one end sees it: the newest page first, each page in
 * time order. The member does not see what she deleted.
 */
export async function conversationMessages(
  db: DbOrTx,
  c: { id: number; clearedThrough: number; forMember: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const q = messagePageQueries(db, conversationMessagesWhere(c), page);
  const [rows, [count]] = await Promise.all([q.rows, q.count]);
  return { rows: (rows as MessageRow[]).reverse(), total: count?.n ?? 0 };
}

/**
 * The queries of a page of messages (newest first) and of their count. The count and the page's
 * ids come from the index alone; only the page's rows are read, not the messages a deep page skips
 * (one conversation's messages lie apart in the table).
 */
export function messagePageQueries(db: DbOrTx, where: SQL | undefined, page: { limit: PageBound; offset: PageBound }) {
  const pageIds = db
    .select({ id: messages.id })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: db.select(messageColumns).from(messages).where(inArray(messages.id, pageIds)).orderBy(desc(messages.id)),
    count: db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where),
  };
}

/** One message of the member's (not deleted by her); null otherwise. */
export async function memberMessage(db: DbOrTx, userId: number, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, id),
        eq(conversations.userId, userId),
        eq(messages.memberDeleted, false),
        gt(messages.id, conversations.memberClearedThrough),
      ),
    );
  return (row as MessageRow | undefined) ?? null;
}
