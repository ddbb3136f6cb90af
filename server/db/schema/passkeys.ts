import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * A member's passkeys (WebAuthn credentials, decision 066): the credential id as the
 * authenticator names it (base64url), its COSE public key (base64url), the signature counter
 * last seen, the transports the browser reported, the site name (relying party id) it was made
 * for, and the name the member gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    // A uint32 on the authenticator: beyond a PostgreSQL integer.
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user').on(t.userId)],
);

/**
 * The one open WebAuthn challenge of a session per purpose: made with the options, taken (and
 * deleted) by the answer, valid for a few minutes; it goes with its session.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** register | sign_in | confirm | second_factor */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    /** The member the challenge was made for (null for the sign-in, which names nobody). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    rpId: text('rp_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.purpose] }), index('passkey_challenges_expires').on(t.expiresAt)],
);
