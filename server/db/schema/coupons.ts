import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A coupon code (types in common/domain/coupons.ts). Life: free -> claimed by one member
 * (`userId`, shown in their list) -> used (`usedAt`). COINS and EURO coupons are credited when
 * claimed; PERCENT waits for a purchase; FREE, VIDEO and GALLERY wait for the content they unlock.
 * Every step is one conditional update, so two members cannot both get one code.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    exchangeRate: numeric('exchange_rate', { precision: 8, scale: 4, mode: 'number' }).notNull().default(0.1),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The content a VIDEO or GALLERY coupon unlocks (null: any). */
    contentId: integer('content_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** What used it: order:<id>, video:<id>, signup, ... */
    usedFor: text('used_for'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`), index('coupons_user').on(t.userId)],
);

/**
 * Mobile numbers verified for free coins: a number (stored as a keyed hash) earns them once, ever.
 * Codes are stored hashed too and expire; attempts are counted against guessing.
 */
export const smsVerifications = pgTable(
  'sms_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneHash: text('phone_hash').notNull(),
    /** The last digits, to show the member which number the code went to. */
    phoneHint: text('phone_hint').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The SMS gateway's id of the text message; its delivery reports name it. */
    gatewayMessageId: text('gateway_message_id'),
    /** The latest delivery state the gateway reported (sent, delivered, failed, undelivered). */
    deliveryStatus: text('delivery_status'),
  },
  (t) => [
    index('sms_verifications_user').on(t.userId),
    uniqueIndex('sms_verifications_phone_verified_unique').on(t.phoneHash).where(sql`${t.verifiedAt} is not null`),
    uniqueIndex('sms_verifications_gateway_message_unique')
      .on(t.gatewayMessageId)
      .where(sql`${t.gatewayMessageId} is not null`),
  ],
);

/**
 * The welcome gift an account was promised at sign-up, because it signed up while the sign-up
 * incentive ran (common/domain/welcome-gift.ts). One row per account: `grantedAt` is set by the
 * one conditional update that writes its vouchers, `shownAt` once the member closed the welcome.
 */
export const welcomeGifts = pgTable('welcome_gifts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The video the incentive offered (a VIDEO voucher for it is granted). */
  videoId: integer('video_id'),
  /** The bonus percent the incentive offered (a PERCENT voucher is granted). */
  voucherPercent: integer('voucher_percent'),
  promisedAt: timestamp('promised_at', { withTimezone: true }).notNull().defaultNow(),
  grantedAt: timestamp('granted_at', { withTimezone: true }),
  shownAt: timestamp('shown_at', { withTimezone: true }),
});
