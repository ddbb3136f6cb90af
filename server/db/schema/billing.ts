import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coupons } from './coupons.ts';
import { users } from './users.ts';

/**
 * How a member can pay: `kind` says which provider family answers (card: hosted payment page and
 * postback; phone: premium-rate voice call). `name` is the stable key the spec's
 * `paymenttypename` query uses (card, voicecall).
 */
export const paymentTypes = pgTable(
  'payment_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** card | phone */
    kind: text('kind').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('payment_types_name_unique').on(t.name)],
);

/** Coin packages of one payment type. Prices are integer minor units (cents). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('products_payment_type').on(t.paymentTypeId, t.position),
    check('products_coins_positive', sql`${t.coins} > 0 and ${t.bonusCoins} >= 0 and ${t.priceCents} > 0`),
  ],
);

/**
 * One purchase attempt (billing id, shown as BS<id>). State machine in common/domain/orders.ts:
 * created -> pending -> paid | failed | cancelled | expired; paid -> refunded | charged_back. The
 * amounts are copied from the product when the order is made, so later price changes do not touch it.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Which adapter handles it (sandbox, flexpay, ...): postbacks are checked against it. */
    provider: text('provider').notNull(),
    /** The provider's transaction id, known from the first verified postback. */
    providerTxnId: text('provider_txn_id'),
    state: text('state').notNull().default('created'),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** A PERCENT coupon applied to this purchase (extra coins when paid). */
    couponId: integer('coupon_id').references(() => coupons.id),
    locale: text('locale').notNull(),
    /** The member agreed to immediate delivery and so to losing the right of withdrawal (BGB 356(5)). */
    withdrawalWaiverAt: timestamp('withdrawal_waiver_at', { withTimezone: true }).notNull(),
    /** The waiver text's version the member saw. */
    withdrawalWaiverVersion: text('withdrawal_waiver_version').notNull(),
    /** Error key of a failed payment (billing.error.*), shown to the member. */
    failureCode: text('failure_code'),
    /** Coins a refund or chargeback could not take back because they were spent. */
    shortfallCoins: integer('shortfall_coins').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The return page said "success" (a hint: counted against the limit for a while, never credited). */
    successHintAt: timestamp('success_hint_at', { withTimezone: true }),
    /** When reconciliation asks the provider next (null: a few minutes after creation). */
    reconcileAt: timestamp('reconcile_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user').on(t.userId, t.id),
    uniqueIndex('orders_provider_txn_unique').on(t.provider, t.providerTxnId),
    // Reconciliation looks only at orders whose outcome is still open.
    index('orders_open').on(t.id).where(sql`${t.state} in ('created', 'pending')`),
  ],
);

/**
 * Every verified provider callback, keyed by the provider's event id: a replay finds its row and
 * changes nothing. Kept for support and audits; the raw payload never holds card data.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    callId: integer('call_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** applied | ignored:<why> */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);

/**
 * Money a provider took that bought nothing, to be refunded by support: a second charge for an
 * order already paid (`duplicate_charge`), a charge for an order that had ended unpaid
 * (`charge_after_end`), one the spending limit did not allow (`over_limit`), one whose amount or
 * currency is not the order's (`amount_mismatch`), one for an order of another provider
 * (`other_provider`) or for no order of ours (`unknown_order`: no order, no member). One row per
 * provider transaction; never credited. Support is mailed when a row is added.
 */
export const unmatchedCharges = pgTable(
  'unmatched_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a charge whose reference names no order of ours. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    txnId: text('txn_id').notNull(),
    /** The provider event that reported the charge (in payment_events). */
    eventId: text('event_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** duplicate_charge | charge_after_end | over_limit | amount_mismatch | other_provider | unknown_order */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by support once the charge is refunded (or otherwise settled). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('unmatched_charges_provider_txn_unique').on(t.provider, t.txnId),
    index('unmatched_charges_open').on(t.id).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * A premium-rate voice call: the member dials the number, enters the PIN; the provider reports
 * connect, each billed minute and the hang-up. State: awaited -> active -> ended, or awaited -> expired.
 */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser session that started it: its voice-call mode follows the call. */
    sessionId: text('session_id'),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    provider: text('provider').notNull(),
    providerCallId: text('provider_call_id'),
    number: text('number').notNull(),
    /** Only while the call is awaited: cleared when it connects or expires, it is worth nothing after. */
    pin: text('pin'),
    state: text('state').notNull().default('awaited'),
    pricePerMinuteCents: integer('price_per_minute_cents').notNull(),
    coinsPerMinute: integer('coins_per_minute').notNull(),
    maxMinutes: integer('max_minutes').notNull(),
    minutesBilled: integer('minutes_billed').notNull().default(0),
    coinsCredited: integer('coins_credited').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_calls_user').on(t.userId, t.id),
    // A PIN identifies the waiting call when the caller types it in.
    uniqueIndex('phone_calls_pin_awaited_unique').on(t.pin).where(sql`${t.state} = 'awaited'`),
    // A line that reports the end of a call by its own call id only (a voice platform's status callback).
    index('phone_calls_provider_call').on(t.provider, t.providerCallId),
  ],
);
