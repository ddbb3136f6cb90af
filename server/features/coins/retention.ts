import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';

/**
 * Deletes one account's ledger as a whole, every row and its wallet, at the end of its retention
 * period (decision 069). Only whole accounts go, never part of one, so no ledger is left that no
 * longer adds up; the other side of a transfer keeps its own rows, which add up on their own.
 * Runs inside the caller's transaction. Answers the ledger rows deleted.
 */
export async function deleteLedgerAccount(tx: Tx, userId: number): Promise<number> {
  const rows = await tx.delete(coinLedger).where(eq(coinLedger.userId, userId)).returning({ id: coinLedger.id });
  await tx.delete(wallets).where(eq(wallets.userId, userId));
  return rows.length;
}
