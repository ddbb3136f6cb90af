import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { dataExports } from '#server/db/schema/data-exports.ts';
import { users } from '#server/db/schema/users.ts';
import type { ExportRow } from './mutations.ts';

export async function latestExport(db: DbOrTx, userId: number): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

export async function exportById(db: DbOrTx, id: number): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

export async function exportByToken(db: DbOrTx, tokenHash: string): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.tokenHash, tokenHash));
  return row ?? null;
}

/** Where the mail goes. */
export async function memberAddress(db: DbOrTx, userId: number): Promise<string | null> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? null;
}
