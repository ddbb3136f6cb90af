import { asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { wallets } from '#server/db/schema/coins.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { nicknames, users } from '#server/db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type NicknameRow = typeof nicknames.$inferSelect;
/**
 * `coins`: the wallet balance, read with the user (0 before the first credit). `freeCoinsReceived`:
 * a verified number of theirs earned the free coins. Both ride in the session cache with the user,
 * whose entry every coin movement forgets.
 */
export type UserWithNicknames = UserRow & { nicknames: NicknameRow[]; coins: number; freeCoinsReceived: boolean };

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row ?? null;
}

export async function findUserByName(db: DbOrTx, name: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.name})`, name.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Login accepts the e-mail address or the user name (case-insensitive). */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, value), eq(sql`lower(${users.name})`, value)))
    .limit(1);
  return row ?? null;
}

export async function loadNicknames(db: DbOrTx, userId: number): Promise<NicknameRow[]> {
  return db.select().from(nicknames).where(eq(nicknames.userId, userId)).orderBy(asc(nicknames.id));
}

export async function loadUserWithNicknames(db: DbOrTx, id: number): Promise<UserWithNicknames | null> {
  const [row] = await db
    .select({
      user: users,
      coins: wallets.balance,
      freeCoinsReceived: sql<boolean>`exists (select 1 from ${smsVerifications} where ${smsVerifications.userId} = ${users.id} and ${smsVerifications.verifiedAt} is not null)`,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return {
    ...row.user,
    coins: row.coins ?? 0,
    freeCoinsReceived: Boolean(row.freeCoinsReceived),
    nicknames: await loadNicknames(db, id),
  };
}

/** The user as presented, or null when the id no longer names a usable account. */
export async function loadPresentableUser(db: DbOrTx, id: number | null | undefined) {
  if (!id) return null;
  const user = await loadUserWithNicknames(db, id);
  return user?.status === 'active' ? user : null;
}
