import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { phoneChatForwarding } from '#server/db/schema/phonechat.ts';

/**
 * The telephone the real line puts her calls through to (decision 060). Only the line reads it,
 * to dial; nothing presents it, so neither a caller nor any page ever sees it.
 */
export async function forwardingNumberOf(db: DbOrTx, showId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: phoneChatForwarding.number })
    .from(phoneChatForwarding)
    .where(eq(phoneChatForwarding.showId, showId));
  return row?.number ?? null;
}

/** Sets (E.164, checked by the table too) or, with null, removes her forwarding number. */
export async function setForwardingNumber(db: DbOrTx, showId: number, number: string | null): Promise<void> {
  if (number === null) {
    await db.delete(phoneChatForwarding).where(eq(phoneChatForwarding.showId, showId));
    return;
  }
  await db
    .insert(phoneChatForwarding)
    .values({ showId, number })
    .onConflictDoUpdate({ target: phoneChatForwarding.showId, set: { number, updatedAt: new Date() } });
}
