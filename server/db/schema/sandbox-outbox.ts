import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The sandbox providers that call the shop back: the PSP's postbacks, the ID check's and age check's reports. */
export const SANDBOX_CHANNELS = ['psp', 'idcheck', 'avs'] as const;
export type SandboxChannel = (typeof SANDBOX_CHANNELS)[number];

/** A call that goes out once the one before it was answered: the result after "pending". */
export type SandboxFollowUp = { eventId: string; body: string; delayMs: number };

/**
 * What the sandbox providers owe the shop (server/providers/sandbox-outbox.ts): a signed call to
 * its callback, written with the change it reports and delivered by whichever API process claims
 * the row, with retries: pending -> delivered, or failed once it gives up. `next_attempt_at` is
 * pushed forward while a process holds the row, so no two send it at once and a row whose sender
 * died is taken up again. Like the rest of the sandboxes' books, the shop's own code never reads it.
 */
export const sandboxOutbox = pgTable(
  'sandbox_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').$type<SandboxChannel>().notNull(),
    eventId: text('event_id').notNull(),
    /** The call's JSON body; it is signed afresh at every attempt. */
    body: text('body').notNull(),
    /** Written as a new row once this one is delivered, due `delayMs` later. */
    followUp: jsonb('follow_up').$type<SandboxFollowUp>(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastStatus: integer('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_outbox_event_unique').on(t.channel, t.eventId),
    index('sandbox_outbox_due').on(t.channel, t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);
