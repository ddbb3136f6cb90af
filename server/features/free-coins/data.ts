import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';

export type SmsVerificationRow = typeof smsVerifications.$inferSelect;

/** Whether the member has received the free coins (a verified number of theirs exists). */
export async function hasReceivedFreeCoins(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: smsVerifications.id })
    .from(smsVerifications)
    .where(and(eq(smsVerifications.userId, userId), isNotNull(smsVerifications.verifiedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a number (by its keyed hash) has earned free coins already, for anybody. */
export async function isNumberUsed(db: DbOrTx, phoneHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: smsVerifications.id })
    .from(smsVerifications)
    .where(and(eq(smsVerifications.phoneHash, phoneHash), isNotNull(smsVerifications.verifiedAt)))
    .limit(1);
  return rows.length > 0;
}

/** The member's newest code that was not redeemed (it may have expired or run out of attempts). */
export async function newestPendingCode(db: DbOrTx, userId: number): Promise<SmsVerificationRow | null> {
  const [row] = await db
    .select()
    .from(smsVerifications)
    .where(and(eq(smsVerifications.userId, userId), isNull(smsVerifications.verifiedAt)))
    .orderBy(desc(smsVerifications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The session's sms_coins_disabled / sms_coins_available: disabled when no coins are configured;
 * available for a member who has not received them yet (a visitor has none available: the menu
 * still invites them, by its own rule). Read from the session's cached user: no query of its own.
 */
export function freeCoinsState(
  config: Pick<Config, 'sms'>,
  user: { freeCoinsReceived: boolean } | null,
): { disabled: boolean; available: boolean } {
  const disabled = config.sms.freeCoins === 0;
  return { disabled, available: !disabled && user !== null && !user.freeCoinsReceived };
}
