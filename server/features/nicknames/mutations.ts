import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { nicknames, users } from '#server/db/schema/users.ts';

/** Adds a nickname; the first one a member has becomes the current one. */
export async function addNickname(db: DbOrTx, userId: number, nickname: string): Promise<'taken' | { id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(nicknames).values({ userId, nickname }).returning({ id: nicknames.id });
      if (!row) throw new Error('nickname insert returned nothing');
      await tx
        .update(users)
        .set({ currentNicknameId: row.id })
        .where(and(eq(users.id, userId), sql`${users.currentNicknameId} is null`));
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

/** Makes one of the member's own nicknames current; false when it is not theirs. */
export async function activateNickname(db: DbOrTx, userId: number, nicknameId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ currentNicknameId: nicknameId, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${nicknames} where ${nicknames.id} = ${nicknameId} and ${nicknames.userId} = ${userId})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Removes one of the member's nicknames; when it was current, the oldest remaining one takes over. */
export async function removeNickname(db: DbOrTx, userId: number, nicknameId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(nicknames)
      .where(and(eq(nicknames.id, nicknameId), eq(nicknames.userId, userId)))
      .returning({ id: nicknames.id });
    if (removed.length === 0) return false;
    await tx
      .update(users)
      .set({
        currentNicknameId: sql`(select min(${nicknames.id}) from ${nicknames} where ${nicknames.userId} = ${userId})`,
      })
      .where(and(eq(users.id, userId), eq(users.currentNicknameId, nicknameId)));
    return true;
  });
}
