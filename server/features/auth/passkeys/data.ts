import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { passkeys } from '#server/db/schema/passkeys.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Her passkeys, oldest first. */
export const passkeysOf = (db: DbOrTx, userId: number) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));

/** One passkey of hers, or null (another member's is none of hers). */
export async function passkeyOf(db: DbOrTx, userId: number, id: number): Promise<PasskeyRow | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)));
  return row ?? null;
}

/** The passkey of a credential id, whoever holds it. */
export async function passkeyByCredential(db: DbOrTx, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** Whether she has a passkey: then she has a second factor. */
export async function hasPasskey(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}
