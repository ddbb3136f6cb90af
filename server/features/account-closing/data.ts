import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { ACCOUNT_GRACE_DAYS } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { wallets } from '#server/db/schema/coins.ts';
import { users } from '#server/db/schema/users.ts';

/** Reads of the account lifecycle (decision 069). */

/** The wallet's balance, its row locked until the transaction ends (0 without a wallet). */
export async function balanceOfLocked(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for('update');
  return row?.balance ?? 0;
}

/** Closing accounts whose grace period ended by `now`, oldest first (the users_closing index). */
export async function dueForErasure(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const before = new Date(now.getTime() - ACCOUNT_GRACE_DAYS * 86_400_000);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'closing'), lte(users.closingAt, before)))
    .orderBy(asc(users.closingAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** When the account's closing started, or null when it is not closing. */
export async function closingSince(db: DbOrTx, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: users.closingAt })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.status} = 'closing'`));
  return row?.at ?? null;
}
