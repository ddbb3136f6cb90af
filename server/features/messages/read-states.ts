import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';

/**
 * Read, block and delete states of conversations, for either end: no message is added here (that is
 * mutations.ts), only what each end has read, blocked or deleted.
 */

/** Conversations read_all marks read per call; the client calls again while the count changes. */
export const READ_ALL_BATCH = 500;

/** Marks the member's conversations read (the other end's messages in them). */
export async function markRead(db: DbOrTx, userId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const mine = await tx
      .update(conversations)
      .set({ memberUnread: 0 })
      .where(and(eq(conversations.userId, userId), inArray(conversations.id, ids)))
      .returning({ id: conversations.id });
    if (!mine.length) return;
    await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          inArray(
            messages.conversationId,
            mine.map((c) => c.id),
          ),
          eq(messages.author, 'staff'),
          sql`${messages.readAt} is null`,
        ),
      );
  });
}

/** Marks up to READ_ALL_BATCH unread conversations read; answers how many stay unread. */
export async function readAll(db: DbOrTx, userId: number): Promise<number> {
  const unread = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), gt(conversations.memberUnread, 0)))
    .limit(READ_ALL_BATCH);
  if (unread.length) {
    await markRead(
      db,
      userId,
      unread.map((c) => c.id),
    );
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), gt(conversations.memberUnread, 0)));
  return left?.n ?? 0;
}

/**
 * Marks the member's conversations unread again (her newest message from the other end counts
 * as unread), or read. Conversations of others are left alone.
 */
export async function markUnread(db: DbOrTx, userId: number, ids: number[], unread: boolean): Promise<void> {
  if (!unread) return markRead(db, userId, ids);
  await db.transaction(async (tx) => {
    const mine = await tx
      .update(conversations)
      .set({ memberUnread: sql`greatest(${conversations.memberUnread}, 1)` })
      .where(and(eq(conversations.userId, userId), inArray(conversations.id, ids)))
      .returning({ id: conversations.id });
    if (!mine.length) return;
    await tx.execute(sql`
      update messages m set read_at = null
      where m.id in (
        select max(x.id) from messages x
        where x.conversation_id in (${sql.join(
          mine.map((c) => sql`${c.id}`),
          sql`, `,
        )}) and x.author = 'staff'
        group by x.conversation_id
      )`);
  });
}

/** The member blocks (or unblocks) a show; the conversation is made if there is none yet. */
export async function setMemberBlock(db: DbOrTx, userId: number, showId: number, blocked: boolean): Promise<void> {
  await db
    .insert(conversations)
    .values({ userId, showId, kind: 'show', memberBlocked: blocked })
    .onConflictDoUpdate({
      target: [conversations.userId, conversations.showId],
      targetWhere: sql`${conversations.kind} = 'show'`,
      set: { memberBlocked: blocked },
    });
}

/** The performer (or support) blocks or unblocks the member of a conversation. */
export async function setStaffBlock(db: DbOrTx, conversationId: number, blocked: boolean): Promise<void> {
  await db.update(conversations).set({ staffBlocked: blocked }).where(eq(conversations.id, conversationId));
}

/** The other end read the member's messages. */
export async function markStaffRead(db: DbOrTx, conversationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(conversations).set({ staffUnread: 0 }).where(eq(conversations.id, conversationId));
    await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.author, 'member'),
          sql`${messages.readAt} is null`,
        ),
      );
  });
}

/** The member deletes a conversation: its messages so far are gone for her; false when it is none of hers. */
export async function deleteConversationForMember(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const done = await db
    .update(conversations)
    .set({ memberClearedThrough: sql`coalesce(${conversations.lastMessageId}, 0)`, memberUnread: 0 })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  return done.length > 0;
}

/** The member deletes one message of hers or to her; false when it is none she can see. */
export async function deleteMessageForMember(db: DbOrTx, userId: number, messageId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .update(messages)
      .set({ memberDeleted: true })
      .where(
        and(
          eq(messages.id, messageId),
          eq(messages.memberDeleted, false),
          sql`${messages.conversationId} in (select c.id from conversations c where c.user_id = ${userId} and c.member_cleared_through < ${messageId})`,
        ),
      )
      .returning({ conversationId: messages.conversationId, author: messages.author, readAt: messages.readAt });
    if (!m) return false;
    // A deleted unread message is not waiting to be read any more.
    if (m.author === 'staff' && m.readAt === null) {
      await tx
        .update(conversations)
        .set({ memberUnread: sql`greatest(${conversations.memberUnread} - 1, 0)` })
        .where(eq(conversations.id, m.conversationId));
    }
    return true;
  });
}
