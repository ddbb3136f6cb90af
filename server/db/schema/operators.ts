import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '#common/domain/console-policy.ts';

/** The roles live in common/domain/console-policy.ts (the console's screens read them too). */
export { OPERATOR_ROLES, type OperatorRole } from '#common/domain/console-policy.ts';

/**
 * The people who run the site (the console under /admin): their own accounts, never members.
 * They sign in with e-mail, password and a TOTP code (RFC 6238).
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** argon2id, as members' passwords. */
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull().default(sql`'{}'::text[]`),
    /**
     * The shared TOTP key (base32 as authenticator apps take it), sealed under SECOND_FACTOR_KEY for
     * this operator (admin/operator-key.ts); as it is only in production without that setting.
     */
    totpSecret: text('totp_secret').notNull(),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    disabled: boolean('disabled').notNull().default(false),
    /** When a session was last opened with the operator's details (null: never signed in). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_email_unique').on(t.email),
    check('operators_roles_known', sql`${t.roles} <@ array['admin', 'moderator', 'support']::text[]`),
  ],
);

/** Signed-in operators: keyed hashes of random cookie tokens (decision 003), apart from members' sessions. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId), index('operator_sessions_expires').on(t.expiresAt)],
);
