import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** What the server keeps per browser session besides the user (spec part 1 section 3). */
export type SessionData = {
  visitorId?: string | null;
  visitorConfidence?: number;
  splash18Confirmed?: boolean;
  agechecked?: boolean;
  redirectSplash?: string | null;
  voicecall?: boolean;
  phonecall?: { paymentTypeId: number; productId: number; paymentName: string } | null;
  /** A guest's temporary chat name (common/domain/guest-names.ts), and the show it was given in. */
  tempNickname?: string | null;
  tempNicknameShow?: string | null;
  welcomeDialog?: { video: number | null; voucher: number | null } | null;
  /** When the sign-up incentive started (seconds), as the server decided it (see welcome-gift.ts). */
  incentiveTsp?: number | null;
  /** What the incentive offered this visitor: the video and the bonus percent. */
  incentiveOffer?: { video: number | null; voucher: number | null } | null;
  googleEmail?: string | null;
  /** The referral code this browser redeemed last: a sign-up from it is credited to the code. */
  referralCode?: string | null;
};

export const sessions = pgTable(
  'sessions',
  {
    /** Keyed hash of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<SessionData>().notNull().default({}),
    domain: text('domain').notNull().default(''),
    /**
     * A guest session's address as a keyed hash (features/session/address-hash.ts), refreshed when
     * it changes: what her free chat time and a performer's ban hold to (decision 041). Null for
     * members: their sessions keep no address.
     */
    addressHash: text('address_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);
