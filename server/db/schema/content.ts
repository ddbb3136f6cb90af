import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notices of illegal content (EU DSA Art. 16). */
export const takedownNotices = pgTable(
  'takedown_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email'),
    urls: jsonb('urls').$type<string[]>().notNull(),
    category: text('category').notNull(),
    explanation: text('explanation').notNull(),
    goodFaith: boolean('good_faith').notNull(),
    status: text('status').notNull().default('received'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('takedown_status').on(t.status)],
);

/** Client error batches (spec part 1: client error log). */
export const clientLogs = pgTable('client_logs', {
  id: serial('id').primaryKey(),
  sessionId: text('session_id'),
  userId: integer('user_id'),
  version: text('version').notNull(),
  level: integer('level').notNull(),
  message: text('message').notNull(),
  userAgent: text('user_agent'),
  prevRoute: text('prev_route'),
  currentRoute: text('current_route'),
  objects: jsonb('objects').$type<unknown[]>(),
  clientCreated: text('client_created'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
