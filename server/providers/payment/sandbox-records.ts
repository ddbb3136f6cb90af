import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { sandboxOutbox } from '#server/db/schema/sandbox-outbox.ts';
import { sandboxPspPayments } from '#server/db/schema/sandbox-psp.ts';
import { enqueueSandboxCall } from '#server/providers/sandbox-outbox.ts';
import { type SandboxPostback, sandboxPostbackBody } from './sandbox.ts';

/**
 * The sandbox PSP's own books: its payments and the outbox of postbacks it owes the shop. A
 * payment's change and the postback that reports it are written in one transaction, so an outcome
 * is never recorded without its postback, nor sent without being recorded. Only the sandbox PSP's
 * modules use this file; the shop's billing code asks the PSP through its status API instead.
 */

export type SandboxPayment = typeof sandboxPspPayments.$inferSelect;
/** What a submitted payment is about (from the signed pay token). */
export type PaymentFacts = { reference: number; amountCents: number; currency: string };

const OUTCOME_STATE: Partial<Record<SandboxPostback['type'], string>> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.refunded': 'refunded',
  'payment.chargeback': 'charged_back',
};

const enqueue = (tx: DbOrTx, postback: SandboxPostback, now: Date) =>
  enqueueSandboxCall(
    tx,
    { channel: 'psp', eventId: postback.event_id, body: JSON.stringify(postback), dueAt: now },
    now,
  );

/**
 * The first submission of a payment page: the payment row goes in with the outcome and its postback
 * is queued, or with a 3-D Secure challenge still to answer (no postback yet). Answers the outbox
 * id (null for a challenge), or false when the page was submitted before: a payment is made once.
 */
export async function submitPayment(
  db: Db,
  facts: PaymentFacts,
  submission: { challenge: true; last4: string } | { challenge: false; postback: SandboxPostback },
  now = new Date(),
): Promise<{ outboxId: number | null } | false> {
  return db.transaction(async (tx) => {
    const postback = submission.challenge ? null : submission.postback;
    const [row] = await tx
      .insert(sandboxPspPayments)
      .values({
        reference: facts.reference,
        amountCents: facts.amountCents,
        currency: facts.currency,
        state: postback ? (OUTCOME_STATE[postback.type] ?? 'failed') : 'challenge',
        txnId: postback?.txn_id ?? null,
        cardLast4: submission.challenge ? submission.last4 : submission.postback.card_last4,
        outcome: postback,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: sandboxPspPayments.reference })
      .returning({ reference: sandboxPspPayments.reference });
    if (!row) return false;
    return { outboxId: postback ? await enqueue(tx, postback, now) : null };
  });
}

/** The answer to a 3-D Secure challenge: once, from the challenge state only. */
export async function completeChallenge(
  db: Db,
  reference: number,
  postback: SandboxPostback,
  now = new Date(),
): Promise<{ outboxId: number } | false> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sandboxPspPayments)
      .set({
        state: OUTCOME_STATE[postback.type] ?? 'failed',
        txnId: postback.txn_id,
        outcome: postback,
        updatedAt: now,
      })
      .where(and(eq(sandboxPspPayments.reference, reference), eq(sandboxPspPayments.state, 'challenge')))
      .returning({ reference: sandboxPspPayments.reference });
    if (!row) return false;
    return { outboxId: await enqueue(tx, postback, now) };
  });
}

/** A refund or chargeback of a succeeded payment (the back office): once, queued with its postback. */
export async function reversePayment(
  db: Db,
  reference: number,
  postbackOf: (payment: SandboxPayment) => SandboxPostback,
  now = new Date(),
): Promise<{ outboxId: number; postback: SandboxPostback } | null> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(sandboxPspPayments)
      .where(and(eq(sandboxPspPayments.reference, reference), eq(sandboxPspPayments.state, 'succeeded')))
      .for('update');
    if (!payment) return null;
    const postback = postbackOf(payment);
    await tx
      .update(sandboxPspPayments)
      .set({ state: OUTCOME_STATE[postback.type] ?? 'refunded', reversal: postback, updatedAt: now })
      .where(eq(sandboxPspPayments.reference, reference));
    return { outboxId: await enqueue(tx, postback, now), postback };
  });
}

export async function findPayment(db: DbOrTx, reference: number): Promise<SandboxPayment | null> {
  const [row] = await db.select().from(sandboxPspPayments).where(eq(sandboxPspPayments.reference, reference));
  return row ?? null;
}

/** What the PSP knows of a merchant reference, in its own words (its status API). */
export type SandboxStatus =
  | { state: 'unknown' }
  | { state: 'challenge' }
  | { state: 'settled'; postbacks: SandboxPostback[] };

export async function paymentStatus(db: DbOrTx, reference: number): Promise<SandboxStatus> {
  const payment = await findPayment(db, reference);
  if (!payment) return { state: 'unknown' };
  if (payment.state === 'challenge') return { state: 'challenge' };
  const postbacks = [payment.outcome, payment.reversal]
    .map((p) => sandboxPostbackBody.safeParse(p))
    .flatMap((r) => (r.success ? [r.data] : []));
  return { state: 'settled', postbacks };
}

/** Postbacks still waiting for delivery (for the outbox and its tests). */
export const pendingPostbacks = (db: DbOrTx) =>
  db
    .select()
    .from(sandboxOutbox)
    .where(and(eq(sandboxOutbox.channel, 'psp'), eq(sandboxOutbox.state, 'pending')))
    .orderBy(asc(sandboxOutbox.id));
