import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The records of the sandbox PSP, the built-in test payment company (server/providers/payment/).
 * They belong to that company, not to the shop: only its own modules read and write them, the
 * shop's billing code never does (it learns outcomes from postbacks and the status API alone).
 */

/**
 * One payment per merchant reference (the order the signed pay token names), inserted when the
 * payment page is submitted: the first submission wins, every other one finds the row. State:
 * challenge (waiting for 3-D Secure) -> succeeded | failed; cancelled; succeeded -> refunded |
 * charged_back. No card data: only the last four digits.
 */
export const sandboxPspPayments = pgTable(
  'sandbox_psp_payments',
  {
    reference: bigint('reference', { mode: 'number' }).primaryKey(),
    state: text('state').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    txnId: text('txn_id'),
    cardLast4: text('card_last4'),
    /** The outcome postback as sent (its event id is the one the status API answers). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    /** The refund or chargeback postback, once the back office sent one. */
    reversal: jsonb('reversal').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_psp_payments_txn_unique').on(t.txnId)],
);

/**
 * Postbacks to the shop, written in the same transaction as the payment change they report and
 * delivered by the outbox worker with retries: pending -> delivered, or failed once it gives up.
 * `next_attempt_at` is pushed forward while a worker holds the row, so no two send it at once.
 */
export const sandboxPspOutbox = pgTable(
  'sandbox_psp_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    /** The postback's JSON body; it is signed afresh at every attempt. */
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastStatus: integer('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_psp_outbox_event_unique').on(t.eventId),
    index('sandbox_psp_outbox_due').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);
