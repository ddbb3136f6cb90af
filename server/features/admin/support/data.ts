import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { operators } from '#server/db/schema/operators.ts';
import { users } from '#server/db/schema/users.ts';

/** Reads of the support desk (/api/admin/support): members' support conversations and their messages. */

export type DeskConversation = {
  id: number;
  email: string;
  name: string | null;
  lastBody: string | null;
  lastFromDesk: boolean;
  lastMessageAt: Date | null;
  staffUnread: number;
};

const deskColumns = {
  id: conversations.id,
  email: users.email,
  name: users.name,
  lastBody: messages.body,
  lastFromDesk: sql<boolean>`coalesce(${messages.author} = 'staff', false)`,
  lastMessageAt: conversations.lastMessageAt,
  staffUnread: conversations.staffUnread,
};

const deskSelect = (db: DbOrTx) =>
  db
    .select(deskColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId));

/**
 * Support conversations with a message (only those with unread ones, if asked): those the desk
 * has not read first, then the newest. `total` counts the conversations shown, `unread` all unread.
 */
export async function supportQueue(
  db: DbOrTx,
  page: { limit: number; offset: number; unreadOnly?: boolean },
): Promise<{ rows: DeskConversation[]; total: number; unread: number }> {
  const where = and(eq(conversations.kind, 'support'), isNotNull(conversations.lastMessageId));
  const shown = page.unreadOnly ? and(where, gt(conversations.staffUnread, 0)) : where;
  const [rows, [count]] = await Promise.all([
    deskSelect(db)
      .where(shown)
      .orderBy(sql`(${conversations.staffUnread} > 0) desc`, desc(conversations.lastMessageId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        n: sql<number>`count(*)::int`,
        unread: sql<number>`count(*) filter (where ${conversations.staffUnread} > 0)::int`,
      })
      .from(conversations)
      .where(where),
  ]);
  const unread = count?.unread ?? 0;
  return { rows, total: page.unreadOnly ? unread : (count?.n ?? 0), unread };
}

/** A support conversation by id; null for an unknown id or a conversation with a show. */
export async function supportConversation(db: DbOrTx, id: number): Promise<DeskConversation | null> {
  const [row] = await deskSelect(db).where(and(eq(conversations.id, id), eq(conversations.kind, 'support')));
  return row ?? null;
}

export type DeskMessage = {
  id: number;
  author: 'member' | 'staff';
  body: string;
  createdAt: Date;
  /** The operator who answered (null for the member's messages, or an operator since removed). */
  operatorName: string | null;
};

const messageColumns = {
  id: messages.id,
  author: messages.author,
  body: messages.body,
  createdAt: messages.createdAt,
  operatorName: operators.displayName,
};

/** One message of a conversation, as the desk shows it (null: none of it). */
export async function deskMessage(db: DbOrTx, conversationId: number, messageId: number): Promise<DeskMessage | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(operators, eq(operators.id, messages.operatorId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId)));
  return row ?? null;
}

/**
 * The conversation's latest `limit` messages in time order, with the answering operator's name,
 * and how many there are in all. The desk sees what the member deleted for herself too.
 */
export async function supportThread(
  db: DbOrTx,
  conversationId: number,
  limit: number,
): Promise<{ rows: DeskMessage[]; total: number }> {
  const where = eq(messages.conversationId, conversationId);
  const [rows, [count]] = await Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .leftJoin(operators, eq(operators.id, messages.operatorId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where),
  ]);
  return { rows: rows.reverse(), total: count?.n ?? 0 };
}
