import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, galleryImages } from '#server/db/schema/catalog.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { type MessageRow, messageColumns } from './data.ts';

/** Reads of the studio inbox: a show's conversations as her performer sees them, and her pictures. */

export type StudioConversationRow = {
  id: number;
  userId: number;
  nickname: string | null;
  /** Her account is closing or erased (decision 069). */
  closedAccount: boolean;
  lastMessageId: number | null;
  lastMessageAt: Date | null;
  lastBody: string | null;
  lastAuthor: 'member' | 'staff' | null;
  staffUnread: number;
  memberBlocked: boolean;
  staffBlocked: boolean;
};

const columns = {
  id: conversations.id,
  userId: conversations.userId,
  nickname: nicknames.nickname,
  closedAccount: sql<boolean>`${users.status} in ('closing', 'cancelled')`,
  lastMessageId: conversations.lastMessageId,
  lastMessageAt: conversations.lastMessageAt,
  lastBody: messages.body,
  lastAuthor: messages.author,
  staffUnread: conversations.staffUnread,
  memberBlocked: conversations.memberBlocked,
  staffBlocked: conversations.staffBlocked,
};

const select = (db: DbOrTx) =>
  db
    .select(columns)
    .from(conversations)
    .leftJoin(nicknames, eq(nicknames.id, conversations.nicknameId))
    .innerJoin(users, eq(users.id, conversations.userId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId));

/** The show's conversations that hold a message: those with unread messages first, then the newest. */
export async function showConversations(
  db: DbOrTx,
  showId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: StudioConversationRow[]; total: number }> {
  const where = and(eq(conversations.showId, showId), isNotNull(conversations.lastMessageId));
  const [rows, [count]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(sql`(${conversations.staffUnread} > 0) desc`, desc(conversations.lastMessageId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One conversation of the show; null when it is another show's (or support's) or none. */
export async function showConversation(db: DbOrTx, showId: number, id: number): Promise<StudioConversationRow | null> {
  const [row] = await select(db).where(and(eq(conversations.id, id), eq(conversations.showId, showId)));
  return row ?? null;
}

/** The member's messages the show's performer has not read, in all. */
export async function showUnread(db: DbOrTx, showId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversations.staffUnread}), 0)::int` })
    .from(conversations)
    .where(and(eq(conversations.showId, showId), sql`${conversations.staffUnread} > 0`));
  return row?.n ?? 0;
}

/** A page of the pictures of the show's galleries, the newest gallery first, each in its order. */
export async function showPictures(
  db: DbOrTx,
  showId: number,
  locale: Locale,
  page: { limit: number; offset: number },
) {
  const where = and(eq(galleries.showId, showId), eq(galleries.status, 'published'));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        imageId: galleryImages.id,
        galleryId: galleryImages.galleryId,
        title: locale === 'de' ? galleries.titleDe : galleries.titleEn,
      })
      .from(galleryImages)
      .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
      .where(where)
      .orderBy(desc(galleries.createdAt), desc(galleries.id), asc(galleryImages.position), asc(galleryImages.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(galleryImages)
      .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The picture's gallery when it is one of the show's; null otherwise. */
export async function showPictureGallery(db: DbOrTx, showId: number, imageId: number): Promise<number | null> {
  const [row] = await db
    .select({ galleryId: galleryImages.galleryId })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .where(and(eq(galleryImages.id, imageId), eq(galleries.showId, showId), eq(galleries.status, 'published')));
  return row?.galleryId ?? null;
}

/** One message of a conversation, whoever wrote it; null when there is none such. */
export async function conversationMessage(db: DbOrTx, conversationId: number, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.conversationId, conversationId)));
  return (row as MessageRow | undefined) ?? null;
}
