import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { announceBalance, type CoinDeps, credit } from '#server/features/coins/mutations.ts';
import type { SmsVerificationRow } from './free-coins-data.ts';

/**
 * Stores a new code for the member; any earlier code of theirs stops working at once, so only
 * the newest text message counts.
 */
export async function storeSmsCode(
  db: DbOrTx,
  c: { userId: number; phoneHash: string; phoneHint: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<SmsVerificationRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(smsVerifications)
      .set({ expiresAt: c.now })
      .where(
        and(
          eq(smsVerifications.userId, c.userId),
          isNull(smsVerifications.verifiedAt),
          gt(smsVerifications.expiresAt, c.now),
        ),
      );
    const [row] = await tx
      .insert(smsVerifications)
      .values({
        userId: c.userId,
        phoneHash: c.phoneHash,
        phoneHint: c.phoneHint,
        codeHash: c.codeHash,
        expiresAt: c.expiresAt,
        createdAt: c.now,
      })
      .returning();
    if (!row) throw new Error('sms code insert returned nothing');
    return row;
  });
}

/** Takes back a code the gateway did not deliver. */
export async function withdrawSmsCode(db: DbOrTx, id: number) {
  await db.delete(smsVerifications).where(and(eq(smsVerifications.id, id), isNull(smsVerifications.verifiedAt)));
}

/**
 * Counts one try of a code, in one conditional statement: the number of tries including this
 * one, or null when the code has no tries left (or was redeemed meanwhile).
 */
export async function countAttempt(db: DbOrTx, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(smsVerifications)
    .set({ attempts: sql`${smsVerifications.attempts} + 1` })
    .where(and(eq(smsVerifications.id, id), isNull(smsVerifications.verifiedAt), lt(smsVerifications.attempts, max)))
    .returning({ attempts: smsVerifications.attempts });
  return row?.attempts ?? null;
}

export type Redeemed = { ok: true; balance: number } | { ok: false; reason: 'number_used' | 'already_received' };

/** Rolls the redemption back; answered as its reason. */
class NotRedeemed extends Error {
  constructor(readonly reason: 'number_used' | 'already_received') {
    super(reason);
  }
}

/**
 * Marks the code's number verified and credits the free coins, in one transaction. The partial
 * unique index on verified numbers lets only one member redeem a number (a concurrent second one
 * fails on it); the credit's key `sms-coins:<userId>` lets a member receive the coins only once.
 */
export async function redeemSmsCode(
  deps: CoinDeps,
  r: { id: number; userId: number; coins: number; now: Date },
): Promise<Redeemed> {
  let balance: number;
  try {
    balance = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(smsVerifications)
        .set({ verifiedAt: r.now })
        .where(and(eq(smsVerifications.id, r.id), isNull(smsVerifications.verifiedAt)))
        .returning({ id: smsVerifications.id });
      if (!row) throw new NotRedeemed('already_received');
      const credited = await credit(
        deps,
        {
          userId: r.userId,
          amount: r.coins,
          reason: 'bonus',
          reference: `sms:${r.id}`,
          idempotencyKey: `sms-coins:${r.userId}`,
        },
        { within: tx },
      );
      if (credited.replayed) throw new NotRedeemed('already_received');
      return credited.balance;
    });
  } catch (err) {
    if (err instanceof NotRedeemed) return { ok: false, reason: err.reason };
    if (isUniqueViolation(err, 'sms_verifications_phone_verified_unique')) return { ok: false, reason: 'number_used' };
    throw err;
  }
  announceBalance(deps, r.userId, balance);
  return { ok: true, balance };
}
