import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox SMS gateway's outbox (server/providers/sms/sandbox.ts): the texts it accepted, the
 * newest few hundred, for the tester's /dev/sms page. In the database so that every API process
 * shows the same messages, whichever one sent them.
 */
export const sandboxSms = pgTable('sandbox_sms', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  /** The gateway's message id (its receipt). */
  messageId: text('message_id').notNull(),
  toNumber: text('to_number').notNull(),
  text: text('text').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
