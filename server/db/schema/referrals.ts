import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReferralIssuer } from '#common/domain/referral-codes.ts';
import { shows } from './catalog.ts';
import { operators } from './operators.ts';
import { users } from './users.ts';

/**
 * Referral codes (spec part 2 "ruf"): a code that opens one show's stream to whoever enters it
 * (POST /api/ruf/stream), as a free session even when her free chat is off. A performer issues
 * codes for her own show in the studio; an operator issues the platform's codes for a show in the
 * console. A code is never deleted: retired, it opens nothing, its text stays taken and its
 * figures stay readable.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    /** Upper case (common/domain/referral-codes.ts normalCode): unique regardless of case. */
    code: text('code').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** Who issued it: the show's performer, or the platform. */
    issuer: text('issuer').$type<ReferralIssuer>().notNull().default('performer'),
    /** The operator who issued a platform code. */
    operatorId: integer('operator_id').references(() => operators.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How often it may be used (null: no limit), and how often it was. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** When it was retired (null: active); a retired code is refused like an unknown one. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_codes_show').on(t.showId),
    check('referral_codes_issuer', sql`${t.issuer} in ('performer', 'platform')`),
    check('referral_codes_platform_operator', sql`(${t.issuer} = 'platform') = (${t.operatorId} is not null)`),
  ],
);

/**
 * The members a code brought: one row per member, written when she signs up in a browser that
 * redeemed the code, and given her first paid coin order when it is paid (billing/postbacks.ts).
 * A member whose account is deleted stays counted (the row loses only her id).
 */
export const referralSignups = pgTable(
  'referral_signups',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .references(() => referralCodes.code, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    /** Her first paid coin order, its coins (without bonus) and when it was paid; null until then. */
    firstOrderId: integer('first_order_id'),
    firstPurchaseCoins: integer('first_purchase_coins'),
    firstPurchaseAt: timestamp('first_purchase_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('referral_signups_user').on(t.userId), index('referral_signups_code').on(t.code)],
);
