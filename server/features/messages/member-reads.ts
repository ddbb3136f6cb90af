import { and, eq, sql } from 'drizzle-orm';
import { CONVERSATION_ORDERS } from '#common/constants.ts';
import type { Db } from '#server/db/client.ts';
import { conversations } from '#server/db/schema/messages.ts';
import {
  type ConversationFilter,
  type ConversationOrder,
  type ConversationRow,
  conversationMessagesWhere,
  conversationSelect,
  type MessageRow,
  memberConversations,
  memberListQueries,
  memberListWhere,
  messagePageQueries,
} from './data.ts';

/**
 * The member's hot reads (her conversation list, a conversation, a page of its messages) as
 * prepared statements, built once per database handle: a request then neither builds the SQL
 * again nor has PostgreSQL parse and plan it again on a connection that ran it before (each
 * connection keeps its named statements). What they read is what data.ts reads, word for word.
 */

const userId = sql.placeholder('userId');
const id = sql.placeholder('id');
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');
const clearedThrough = sql.placeholder('clearedThrough');

function listStatements(db: Db, order: ConversationOrder, unread: boolean) {
  const q = memberListQueries(db, memberListWhere(userId, { unread }), order, { limit, offset });
  const name = `member_conversations_${order}${unread ? '_unread' : ''}`;
  return { rows: q.rows.prepare(name), count: q.count.prepare(`${name}_count`) };
}

function prepareStatements(db: Db) {
  const lists = new Map<string, ReturnType<typeof listStatements>>();
  for (const order of CONVERSATION_ORDERS) {
    for (const unread of [false, true]) lists.set(`${order}:${unread}`, listStatements(db, order, unread));
  }
  const page = messagePageQueries(db, conversationMessagesWhere({ id, clearedThrough, forMember: true }), {
    limit,
    offset,
  });
  return {
    lists,
    conversation: conversationSelect(db)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .prepare('member_conversation'),
    messages: page.rows.prepare('member_messages'),
    messageCount: page.count.prepare('member_messages_count'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareStatements>>();
function statementsOf(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    prepared.set(db, statements);
  }
  return statements;
}

/** One page of the member's conversations and how many there are in all (as memberConversations). */
export async function memberConversationPage(
  db: Db,
  member: number,
  f: ConversationFilter,
  order: ConversationOrder,
  page: { limit: number; offset: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const list = statementsOf(db).lists.get(`${order}:${f.unread === true}`);
  // A search by name or nickname, or a list leaving some out, is rare: built for the call.
  if (!list || f.showname || f.nicknameId || f.not?.length) return memberConversations(db, member, f, order, page);
  const [rows, [count]] = await Promise.all([
    list.rows.execute({ userId: member, ...page }),
    list.count.execute({ userId: member }),
  ]);
  return { rows: rows as ConversationRow[], total: count?.n ?? 0 };
}

/** The member's conversation by id; null when it is none of hers (as memberConversation). */
export async function memberConversationOf(db: Db, member: number, conversationId: number) {
  const [row] = await statementsOf(db).conversation.execute({ userId: member, id: conversationId });
  return (row as ConversationRow | undefined) ?? null;
}

/** A page of a conversation's messages as its member sees them (as conversationMessages for the member). */
export async function memberMessagePage(
  db: Db,
  c: { id: number; clearedThrough: number },
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const s = statementsOf(db);
  const [rows, [count]] = await Promise.all([
    s.messages.execute({ id: c.id, clearedThrough: c.clearedThrough, ...page }),
    s.messageCount.execute({ id: c.id, clearedThrough: c.clearedThrough }),
  ]);
  return { rows: (rows as MessageRow[]).reverse(), total: count?.n ?? 0 };
}
