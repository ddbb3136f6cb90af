import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import { users } from '#server/db/schema/users.ts';

/** What sending needs of a subscription: where, with which keys, in which language. */
export type PushTarget = { id: number; endpoint: string; p256dh: string; auth: string; locale: string };

export async function pushTargetsOf(db: DbOrTx, userId: number): Promise<PushTarget[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      locale: pushSubscriptions.locale,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id));
}

/**
 * Whether the member takes pushes on any device and her account is active: then they go out
 * instead of the mails.
 */
export async function hasPushTargets(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, userId), eq(users.status, 'active')))
    .limit(1);
  return row !== undefined;
}

export type PushDeviceRow = {
  id: number;
  label: string;
  locale: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
};

/** The member's devices for her settings, newest first (never their endpoints or keys). */
export async function pushDevicesOf(db: DbOrTx, userId: number): Promise<PushDeviceRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      locale: pushSubscriptions.locale,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id));
}

/** The member's subscription with this endpoint, if it is hers. */
export async function ownPushSubscription(db: DbOrTx, userId: number, endpoint: string) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return row ?? null;
}
