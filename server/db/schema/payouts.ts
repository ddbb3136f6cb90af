import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StatementState } from '#common/domain/payouts.ts';
import { shows } from './catalog.ts';
import { operators } from './operators.ts';
import { users } from './users.ts';

/**
 * Performer payout statements (decision 034): one per earnings account and Berlin month, with the
 * figures as they were worked out (coins by kind, carried coins, rate, amount). `due` waits for the
 * bank run, `carried` was below the minimum and counts in a later statement (`carried_into`),
 * `paid` moved its coins out of the earnings account by a ledger row (`payout`). A paid statement
 * is never changed: a trigger (migration) refuses updates and deletes of it.
 */
export const payoutStatements = pgTable(
  'payout_statements',
  {
    id: serial('id').primaryKey(),
    /** The Berlin month "YYYY-MM". */
    period: text('period').notNull(),
    earningsUserId: integer('earnings_user_id')
      .notNull()
      .references(() => users.id),
    showId: integer('show_id').references(() => shows.id, { onDelete: 'set null' }),
    /** The show's name when the statement was made (the bank run's payee line). */
    showName: text('show_name').notNull(),
    coinsChat: integer('coins_chat').notNull(),
    coinsTip: integer('coins_tip').notNull(),
    coinsMessage: integer('coins_message').notNull(),
    coinsPicture: integer('coins_picture').notNull(),
    coinsOther: integer('coins_other').notNull(),
    /** Coins earned in the period, and coins of earlier statements below the minimum. */
    earned: integer('earned').notNull(),
    carriedIn: integer('carried_in').notNull(),
    /** What is paid: earned + carried in. */
    coins: integer('coins').notNull(),
    /** Hundredths of a euro cent per coin (PAYOUT_CENTS_PER_COIN at the time). */
    rate: integer('rate').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    state: text('state').$type<StatementState>().notNull(),
    /** The later statement a carried one counts in. */
    carriedInto: integer('carried_into'),
    paidOn: date('paid_on', { mode: 'string' }),
    paymentReference: text('payment_reference'),
    paidBy: integer('paid_by').references(() => operators.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The coin_ledger row that moved the coins out. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    /** The operator who made it (null: the job after the month ended). */
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_statements_account_period').on(t.earningsUserId, t.period),
    index('payout_statements_period').on(t.period, t.id),
    index('payout_statements_show').on(t.showId, t.period),
    check('payout_statements_state_known', sql`${t.state} in ('due', 'carried', 'paid')`),
    check('payout_statements_period_format', sql`${t.period} ~ '^2[0-9]{3}-(0[1-9]|1[0-2])$'`),
    check(
      'payout_statements_paid_complete',
      sql`(${t.state} = 'paid') = (${t.paidOn} is not null and ${t.paymentReference} is not null and ${t.ledgerEntryId} is not null)`,
    ),
    check(
      'payout_statements_figures',
      sql`${t.coins} = ${t.earned} + ${t.carriedIn} and ${t.earned} = ${t.coinsChat} + ${t.coinsTip} + ${t.coinsMessage} + ${t.coinsPicture} + ${t.coinsOther} and ${t.amountCents} >= 0 and ${t.rate} > 0`,
    ),
  ],
);
