import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shows } from './catalog.ts';

/**
 * Calls on the phone-chat line: a caller dials the premium-rate number and her extension and talks
 * to the performer. The carrier bills the caller per minute on the phone bill; no coins move. A
 * row is written when the line puts a call through and closed when either side hangs up.
 */
export const phoneChatCalls = pgTable(
  'phone_chat_calls',
  {
    id: serial('id').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** The line provider's id of the telephone call (the sandbox makes its own). */
    provider: text('provider').notNull(),
    providerCallId: text('provider_call_id').notNull(),
    /** connecting, busy (talking), ended (she answered, then a side hung up), missed (never answered). */
    state: text('state').notNull().default('connecting'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Talk time from answer to hang-up. */
    seconds: integer('seconds').notNull().default(0),
    /** The line's tariff when the call started, and what the carrier bills for it. */
    pricePerMinuteCents: integer('price_per_minute_cents').notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
  },
  (t) => [
    uniqueIndex('phone_chat_calls_provider_call').on(t.provider, t.providerCallId),
    index('phone_chat_calls_show').on(t.showId, t.startedAt),
  ],
);

/**
 * The telephone the real line puts a performer's calls through to (decision 060), one per show
 * that offers phone chat. It is never shown to anybody: the line dials it with our own number as
 * caller id, and no API answer or page reads this table. Without a row the line treats her as not
 * taking calls.
 */
export const phoneChatForwarding = pgTable(
  'phone_chat_forwarding',
  {
    showId: integer('show_id')
      .primaryKey()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** E.164, as Twilio dials it. */
    number: text('number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('phone_chat_forwarding_e164', sql`${t.number} ~ '^\\+[1-9][0-9]{6,14}$'`)],
);
