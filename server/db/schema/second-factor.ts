import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's authenticator app (decision 071): its RFC 6238 key (base32), confirmed once she
 * typed a first code (null while the setup is open), the last step a code was accepted for (a
 * code works once), and a version bumped when it is turned off or reset, so every browser that
 * was remembered for the second step is asked again.
 */
export const memberSecondFactor = pgTable('member_second_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Her one-time recovery codes: only the SHA-256 of each normalised code; used ones keep their time. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('member_recovery_codes_user').on(t.userId)],
);

/**
 * A sign-in whose first factor held (password, mailed link, Google) waiting for the second: the
 * SHA-256 of the token in the browser's cookie, how it began, and the wrong answers so far.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** password | link | google */
    way: text('way').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
  },
  (t) => [index('pending_sign_ins_user').on(t.userId), index('pending_sign_ins_expires').on(t.expiresAt)],
);
