import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';

/** The member's coins; 0 before the first credit created the wallet. */
export async function balanceOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

/** The sum of the member's ledger entries: what the balance must equal (checks and reports). */
export async function ledgerSum(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${coinLedger.delta}), 0)`.mapWith(Number) })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId));
  return row?.sum ?? 0;
}
