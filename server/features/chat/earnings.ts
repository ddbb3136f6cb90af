import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * A show's earnings account: the ledger account her share of chat minutes and tips goes to
 * (decision 020). It is a `users` row of status `earnings` with no password, no name and an
 * address that cannot receive mail, so it never signs in and never appears as a member; the
 * ledger's rules (one writer, idempotency keys, sum = balance) hold for it as for any wallet.
 */
export const EARNINGS_STATUS = 'earnings';

const earningsEmail = (universalId: string) => `earnings+${universalId.toLowerCase()}@accounts.invalid`;

/** The show's earnings account, made on first use (two first uses at once make one). */
export async function earningsAccount(db: DbOrTx, showId: number): Promise<number> {
  const [show] = await db
    .select({ universalId: shows.universalId, earningsUserId: shows.earningsUserId })
    .from(shows)
    .where(eq(shows.id, showId));
  if (!show) throw new Error(`no show ${showId}`);
  if (show.earningsUserId !== null) return show.earningsUserId;
  const email = earningsEmail(show.universalId);
  await db
    .insert(users)
    .values({ email, status: EARNINGS_STATUS, isVerified: false })
    .onConflictDoNothing({ target: users.email });
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!account) throw new Error(`earnings account of show ${showId} not made`);
  await db
    .update(shows)
    .set({ earningsUserId: account.id })
    .where(sql`${shows.id} = ${showId} and ${shows.earningsUserId} is null`);
  return account.id;
}
