import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatBans, chatSessions } from '#server/db/schema/chat.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { guestBanned } from '#server/features/chat/guest-identity.ts';
import type { ChatPerson } from './people.ts';

/**
 * What the chat needs of a show: whether it exists, whether guests may write (free and online), and
 * the private (or exclusive) running in it, whose chat is its member's, her voyeurs' and hers only.
 */
export async function chatShow(db: DbOrTx, universalId: string) {
  const [row] = await db
    .select({
      id: shows.id,
      universalId: shows.universalId,
      free: shows.free,
      online: shows.online,
      privateSessionId: chatSessions.id,
      privateUserId: chatSessions.userId,
    })
    .from(shows)
    .leftJoin(
      chatSessions,
      and(
        eq(chatSessions.showId, shows.id),
        isNull(chatSessions.endedAt),
        inArray(chatSessions.kind, ['private', 'exclusive']),
      ),
    )
    .where(eq(shows.universalId, universalId))
    .limit(1);
  return row ?? null;
}

/** The members watching the show's private as voyeurs: they read its chat. */
export async function voyeursOf(db: DbOrTx, showId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatSessions.userId })
    .from(chatSessions)
    .where(and(eq(chatSessions.showId, showId), isNull(chatSessions.endedAt), eq(chatSessions.kind, 'voyeur')));
  return rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
}
export type ChatShow = NonNullable<Awaited<ReturnType<typeof chatShow>>>;

/** A member as the chat sees her now: her current nickname (null without one), verified, active. */
export async function chatMember(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ nickname: nicknames.nickname, verified: users.isVerified, status: users.status })
    .from(users)
    .leftJoin(nicknames, eq(nicknames.id, users.currentNicknameId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

// A guest's ban also holds her address and visitor id (decision 041); a member's is her account's.
const banOf = (person: ChatPerson, now: Date) =>
  person.kind === 'member' ? eq(chatBans.userId, person.userId) : guestBanned(person.webSessionId, now);

/** Whether the performer banned the person from the show (by universal id: one query beside the show's). */
export async function isBanned(
  db: DbOrTx,
  universalId: string,
  person: ChatPerson,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: chatBans.id })
    .from(chatBans)
    .innerJoin(shows, eq(shows.id, chatBans.showId))
    .where(and(eq(shows.universalId, universalId), banOf(person, now)))
    .limit(1);
  return row !== undefined;
}

/** The bans the studio lists at most (the newest). */
export const BANS_LISTED = 500;

/** The show's bans, newest first. */
export function showBans(db: DbOrTx, showId: number) {
  return db
    .select({ id: chatBans.id, nickname: chatBans.nickname, createdAt: chatBans.createdAt })
    .from(chatBans)
    .where(eq(chatBans.showId, showId))
    .orderBy(desc(chatBans.createdAt), desc(chatBans.id))
    .limit(BANS_LISTED);
}
