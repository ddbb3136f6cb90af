import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The records of the sandbox PSP, the built-in test payment company (server/providers/payment/).
 * They belong to that company, not to the shop: only its own modules read and write them, the
 * shop's billing code never does (it learns outcomes from postbacks and the status API alone).
 * The postbacks it owes wait in the sandboxes' common outbox (sandbox-outbox.ts, channel `psp`).
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
