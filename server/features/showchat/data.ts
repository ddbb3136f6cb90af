import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { nicknames, users } from '#server/db/schema/users.ts';

/** What the chat needs of a show: whether it exists, and whether guests may write (free and online). */
export async function chatShow(db: DbOrTx, universalId: string) {
  const [row] = await db
    .select({ universalId: shows.universalId, free: shows.free, online: shows.online })
    .from(shows)
    .where(eq(shows.universalId, universalId))
    .limit(1);
  return row ?? null;
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
