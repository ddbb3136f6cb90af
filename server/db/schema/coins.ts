import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The balance cache of the ledger: sum(coin_ledger.delta) of the user, always, because only
 * server/features/coins/ writes either table, both in one transaction (coins/only-writer.test.ts).
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    /** A chargeback that could not be debited: the account owes coins and needs a look. */
    flagged: boolean('flagged').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The last line of defence against overspending, should a writer ever skip the conditional update.
  (t) => [check('wallets_balance_not_negative', sql`${t.balance} >= 0`)],
);

/** Coin movements, append-only: rows are never changed once committed. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** The wallet balance after this entry; filled in by the transaction that inserts the row. */
    balanceAfter: integer('balance_after'),
    /** purchase | spend | refund | chargeback | coupon | transfer_in | transfer_out | bonus | chat | tip | message | picture | earning | correction | payout | forfeit */
    reason: text('reason').notNull(),
    /** What the movement is about (an order, a show, a provider event), for support and reports. */
    reference: text('reference'),
    /** Unique, so a replayed request or webhook moves coins once. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coin_ledger_idempotency_key_unique').on(t.idempotencyKey),
    index('coin_ledger_user').on(t.userId, t.id),
    // The console's dashboard sums a day of one reason (coins sold, coins spent): a range of this
    // index, read without the table (delta is in it).
    index('coin_ledger_reason_created').on(t.reason, t.createdAt, t.delta),
    // A month's earnings of each account (payout statements, decision 034).
    index('coin_ledger_earnings').on(t.userId, t.createdAt).where(sql`${t.reason} = 'earning'`),
    check('coin_ledger_delta_not_zero', sql`${t.delta} <> 0`),
  ],
);
