import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * active | blocked | closing (she closed it; signing in within the grace period reopens it) |
     * cancelled (closed and erased: the row is the anonymous id her kept records hold to)
     */
    status: text('status').notNull().default('active'),
    locale: text('locale').notNull().default('en'),
    theme: text('theme').notNull().default('redhot'),
    newsletter: boolean('newsletter').notNull().default(false),
    showHistory: boolean('show_history').notNull().default(true),
    /** A mail when a performer answers while the member is away (at most one per conversation and day). */
    messageMail: boolean('message_mail').notNull().default(true),
    /** A mail when a favorite comes online in her window while she is away (at most one per favorite and day). */
    favoriteMail: boolean('favorite_mail').notNull().default(true),
    currentNicknameId: integer('current_nickname_id'),
    /** Voucher code given at sign-up; redeemed by the coupons feature. */
    signupCode: text('signup_code'),
    /** The terms version accepted at sign-up (TERMS_VERSION); null for accounts from before it was kept. */
    termsVersion: text('terms_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account was erased at the grace period's end (or at once, for older cancellations). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When she (or support on her written request) closed the account: the grace period runs from here. */
    closingAt: timestamp('closing_at', { withTimezone: true }),
    /** The status it was closed from: an account support closed while blocked stays shut to sign-ins (no reopening). */
    closingFrom: text('closing_from'),
    /** Set by a passed age check (AVS); the session's agechecked follows it on login. */
    ageVerifiedAt: timestamp('age_verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    // The erasure job's due accounts (features/account-closing).
    index('users_closing').on(t.closingAt).where(sql`${t.status} = 'closing'`),
  ],
);

export const nicknames = pgTable(
  'nicknames',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nicknames_lower_unique').on(sql`lower(${t.nickname})`), index('nicknames_user').on(t.userId)],
);

/** Single-use tokens of mailed links (activation, reset, e-mail change, unlock, sign-in); only a keyed hash is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** activate | reset | email_change | unlock | token_login | close_account */
    purpose: text('purpose').notNull(),
    /** The new address for an e-mail change. */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user').on(t.userId, t.purpose)],
);
