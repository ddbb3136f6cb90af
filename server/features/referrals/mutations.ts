import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { referralCodes } from '#server/db/schema/referrals.ts';

export type ReferralRefusal = 'errors.referral.unknown' | 'errors.referral.expired' | 'errors.referral.used_up';

/**
 * Counts one use of a code, in one conditional update: active, unexpired and under its limit at that
 * moment, so two visitors racing for the last use cannot both get it. Answers the show's
 * universal id, or why the code does not open it.
 */
export async function claimReferralCode(
  db: DbOrTx,
  code: string,
  now: Date,
): Promise<{ ok: true; universalId: string } | { ok: false; refusal: ReferralRefusal }> {
  const [claimed] = await db
    .update(referralCodes)
    .set({ uses: sql`${referralCodes.uses} + 1` })
    .where(
      and(
        eq(referralCodes.code, code),
        isNull(referralCodes.retiredAt),
        or(isNull(referralCodes.expiresAt), gt(referralCodes.expiresAt, now)),
        or(isNull(referralCodes.maxUses), lt(referralCodes.uses, referralCodes.maxUses)),
      ),
    )
    .returning({ showId: referralCodes.showId });
  if (claimed) {
    const [show] = await db.select({ universalId: shows.universalId }).from(shows).where(eq(shows.id, claimed.showId));
    if (show) return { ok: true, universalId: show.universalId };
  }
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  // A retired code is answered as one that never was: its text tells a visitor nothing.
  if (!row || row.retiredAt !== null) return { ok: false, refusal: 'errors.referral.unknown' };
  if (row.expiresAt !== null && row.expiresAt <= now) return { ok: false, refusal: 'errors.referral.expired' };
  return { ok: false, refusal: 'errors.referral.used_up' };
}

/** Gives a use back: the session it was claimed for did not start. */
export async function releaseReferralCode(db: DbOrTx, code: string): Promise<void> {
  await db
    .update(referralCodes)
    .set({ uses: sql`${referralCodes.uses} - 1` })
    .where(and(eq(referralCodes.code, code), gt(referralCodes.uses, 0)));
}
