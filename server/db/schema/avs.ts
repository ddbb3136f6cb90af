import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One age verification attempt with a provider (document / ID check). pending -> passed | failed.
 * A passed check marks the member (users.age_verified_at) and the session (agechecked).
 */
export const ageChecks = pgTable(
  'age_checks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The browser session that asked (visitors can be checked too). */
    sessionId: text('session_id'),
    provider: text('provider').notNull(),
    /** The provider's reference; its callback is matched by it. */
    providerRef: text('provider_ref').notNull(),
    state: text('state').notNull().default('pending'),
    failureCode: text('failure_code'),
    /** Where to go after a pass (the spec's `target`, e.g. voicecall). */
    target: text('target'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('age_checks_provider_ref_unique').on(t.provider, t.providerRef),
    index('age_checks_user').on(t.userId),
  ],
);
