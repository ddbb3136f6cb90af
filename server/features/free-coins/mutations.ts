import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { freeCoinsKey, smsReference } from '#server/features/coins/keys.ts';
import { announceBalance, type CoinDeps, credit } from '#server/features/coins/mutations.ts';
import type { SmsStatusEvent } from '#server/providers/sms/types.ts';
import type { SmsVerificationRow } from './data.ts';

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
          reference: smsReference(r.id),
          idempotencyKey: freeCoinsKey(r.userId),
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

/** Keeps the gateway's id of the message that carried a code, which its delivery reports name. */
export async function recordSmsReceipt(db: DbOrTx, id: number, gatewayMessageId: string) {
  await db.update(smsVerifications).set({ gatewayMessageId }).where(eq(smsVerifications.id, id));
}

export type SmsStatusResult = { kind: 'unknown' } | { kind: 'applied' | 'ignored' | 'replayed'; outcome: string };

/** How far a delivery has come: a late report of an earlier step changes nothing. */
const STEP: Record<SmsStatusEvent['status'], number> = { queued: 0, sent: 1, delivered: 2, failed: 3, undelivered: 3 };

/**
 * Applies a verified delivery report in one transaction with the code's row locked. The report is
 * recorded under its event id first (a replay stops there). A failed or undelivered message ends
 * its code at once, so the member can ask for a new one instead of waiting for a text that will
 * not come; a report that arrives after a later step, or for a redeemed code, changes nothing else.
 */
export async function applySmsStatus(
  db: DbOrTx,
  provider: string,
  e: SmsStatusEvent,
  now = new Date(),
): Promise<SmsStatusResult> {
  return db.transaction(async (tx): Promise<SmsStatusResult> => {
    const [row] = await tx
      .select()
      .from(smsVerifications)
      .where(eq(smsVerifications.gatewayMessageId, e.messageId))
      .for('update');
    if (!row) return { kind: 'unknown' };
    const source = `sms:${provider}`;
    const [prior] = await tx
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, source), eq(paymentEvents.eventId, e.eventId)))
      .limit(1);
    if (prior) return { kind: 'replayed', outcome: prior.outcome };
    const known = row.deliveryStatus as SmsStatusEvent['status'] | null;
    const outcome =
      row.verifiedAt !== null
        ? 'ignored:redeemed'
        : known !== null && STEP[known] >= STEP[e.status]
          ? 'ignored:late'
          : 'applied';
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: source,
        eventId: e.eventId,
        kind: `sms.${e.status}`,
        payload: { verification: row.id, status: e.status, errorCode: e.errorCode },
        outcome,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return { kind: 'replayed', outcome };
    if (outcome !== 'applied') return { kind: 'ignored', outcome };
    const failed = e.status === 'failed' || e.status === 'undelivered';
    await tx
      .update(smsVerifications)
      .set({
        deliveryStatus: e.status,
        ...(failed ? { expiresAt: sql`least(${smsVerifications.expiresAt}, ${now.toISOString()}::timestamptz)` } : {}),
      })
      .where(eq(smsVerifications.id, row.id));
    return { kind: 'applied', outcome };
  });
}
