import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';

const DAY_MS = 86_400_000;

/**
 * The demo coupons: a free code anybody can redeem (WELCOME50, 50 coins, a year), a 20 % bonus
 * in the demo member's list (BONUS20) and a video prize of theirs that runs out in 10 days, so the
 * list shows its days remaining. A code that exists already is left as it is (used or not).
 */
export async function seedDemoCoupons(db: DbOrTx, demoUserId: number, now = new Date()) {
  const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await db
    .insert(coupons)
    .values([
      { code: 'WELCOME50', type: 'COINS', value: 50, validUntil: inDays(365) },
      { code: 'BONUS20', type: 'PERCENT', value: 20, validUntil: inDays(90), userId: demoUserId, claimedAt: now },
      { code: 'PRIZE-VIDEO', type: 'VIDEO', value: 1, validUntil: inDays(10), userId: demoUserId, claimedAt: now },
    ])
    .onConflictDoNothing();
}
