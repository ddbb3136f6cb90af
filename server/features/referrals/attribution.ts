import { and, eq, isNull, sql } from 'drizzle-orm';
import { firstPurchaseCoins, signUpCode } from '#common/domain/referral-codes.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { referralCodes, referralSignups } from '#server/db/schema/referrals.ts';

/**
 * Credits a new member's sign-up to the code her browser redeemed last (the session keeps it,
 * features/referrals/routes.ts). Once per member; a code gone meanwhile (its show deleted)
 * credits nothing. A retired code still gets the sign-up: it was active when she redeemed it.
 */
export async function creditSignUp(db: DbOrTx, userId: number, redeemed: unknown, now = new Date()): Promise<void> {
  const code = signUpCode(redeemed);
  if (!code) return;
  // Insert from the code's row: nothing when the code is gone, nothing twice for one member.
  await db.execute(sql`
    insert into ${referralSignups} (${sql.identifier('code')}, ${sql.identifier('user_id')}, ${sql.identifier('signed_up_at')})
    select ${referralCodes.code}, ${userId}, ${now.toISOString()}::timestamptz from ${referralCodes}
    where ${referralCodes.code} = ${code}
    on conflict do nothing`);
}

/**
 * Counts a paid coin order as her code's first purchase, if she came by a code and this is the
 * first of her orders paid: one conditional update inside the payment's transaction, so a
 * replayed or concurrent payment cannot count twice.
 */
export async function creditFirstPurchase(
  tx: DbOrTx,
  order: { id: number; userId: number; coins: number; bonusCoins: number },
  now = new Date(),
): Promise<void> {
  await tx
    .update(referralSignups)
    .set({ firstOrderId: order.id, firstPurchaseCoins: firstPurchaseCoins(order), firstPurchaseAt: now })
    .where(and(eq(referralSignups.userId, order.userId), isNull(referralSignups.firstOrderId)));
}
