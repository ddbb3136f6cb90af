import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema/push.ts';

/** The most devices a member keeps: a new one beyond it replaces her oldest. */
export const MAX_PUSH_DEVICES = 10;

export type NewPushSubscription = {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  label: string;
};

/**
 * Keeps a browser's subscription for the member: a new one, or the same endpoint again with its
 * keys and language renewed (a browser another member signed in to moves to this one). Her
 * oldest devices beyond MAX_PUSH_DEVICES go.
 */
export async function savePushSubscription(db: DbOrTx, s: NewPushSubscription): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(s)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, locale: s.locale, label: s.label },
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new Error('push subscription not saved');
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, s.userId))
      .orderBy(desc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, s.userId), notInArray(pushSubscriptions.id, keep)));
    return row.id;
  });
}

/** Removes the member's own subscription(s) by endpoint or id; answers how many went. */
export async function removePushSubscription(
  db: DbOrTx,
  userId: number,
  which: { endpoint: string } | { id: number },
): Promise<number> {
  const match =
    'endpoint' in which ? eq(pushSubscriptions.endpoint, which.endpoint) : eq(pushSubscriptions.id, which.id);
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), match))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Drops subscriptions the push service called gone (404, 410). */
export async function dropPushSubscriptions(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markPushSuccess(db: DbOrTx, ids: number[], now: Date): Promise<void> {
  if (ids.length) {
    await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, ids));
  }
}
