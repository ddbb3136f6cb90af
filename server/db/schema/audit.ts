import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';

/**
 * Every operator action in the console: who did what to which subject, when, and the subject
 * before and after. Append-only: triggers (migration 0022) refuse UPDATE, DELETE and TRUNCATE,
 * so not even the application's own database user can rewrite it; operators are never deleted
 * (they are disabled), so the reference always resolves.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for what a member or the platform did itself (a member's closing, a reopening, an erasure). */
    operatorId: integer('operator_id').references(() => operators.id),
    /** What was done, dotted: `member.block`, `operator.roles`, `content.approve` ... */
    action: text('action').notNull(),
    /** What it was done to: `user`, `operator`, `performer`, `video`, `notice` ... */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The fields the action changed, as they were and as they became (never secrets). */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** Why, in the operator's words, where the action asks for it. */
    reason: text('reason'),
    /**
     * The key of the console form that did it, unique: a form submitted twice finds its entry taken
     * and its transaction, the change included, is undone (the action happens once).
     */
    formKey: text('form_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_subject').on(t.subjectType, t.subjectId, t.at),
    index('audit_log_operator').on(t.operatorId, t.at),
    uniqueIndex('audit_log_form_key_unique').on(t.formKey),
  ],
);
