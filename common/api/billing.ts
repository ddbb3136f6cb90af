import { z } from 'zod';
import { recordIdField, singleLine } from './fields.ts';

/**
 * The billing contract (spec part 2 "Billing lists", part 1 "Payment window" and "Voice call").
 * Money is always integer cents with its currency; coins are whole numbers.
 */

const id = recordIdField;

export const product = z.object({
  id: z.number().int(),
  coins: z.number().int(),
  bonus_coins: z.number().int(),
  /** Card packages: the price of the package. Voice call: the price per minute. */
  price_cents: z.number().int(),
  currency: z.string(),
  isDefault: z.boolean(),
});
export type Product = z.infer<typeof product>;

export const paymentType = z.object({
  id: z.number().int(),
  /** Stable key: card | voicecall (the `paymenttypename` query). */
  name: z.string(),
  kind: z.enum(['card', 'phone']),
  products: z.array(product),
});
export type PaymentType = z.infer<typeof paymentType>;

/** A coupon applied to the purchase (billing with a coupon code, /billing/f/:code). */
export const campaign = z.object({
  code: z.string(),
  type: z.string(),
  value: z.number(),
  valid_until: z.string(),
});

/** The member's spending limit over 24 hours; null when none applies. */
export const spendLimit = z.object({
  limit_cents: z.number().int(),
  remaining_cents: z.number().int(),
  currency: z.string(),
});

export const billingQuery = z.object({ code: singleLine().trim().max(64, 'errors.validations.too_long').optional() });

export const billingResponse = z.object({
  paymentTypes: z.array(paymentType),
  campaign: campaign.nullable(),
  limit: spendLimit.nullable(),
});
export type BillingResponse = z.infer<typeof billingResponse>;

/** The waiver text version the client shows; the server stores it with the order. */
export const WITHDRAWAL_WAIVER_VERSION = '2026-11';

export const initBody = z.object({
  paymenttypeid: id,
  productid: id,
  /** Consent to immediate delivery, acknowledging the loss of the right of withdrawal. */
  withdrawal_waiver: z.literal(true, { error: 'billing.withdrawal.required' }),
  code: singleLine().trim().max(64, 'errors.validations.too_long').optional(),
});
export type InitBody = z.input<typeof initBody>;

/** Where to open the payment window, and the billing id (shown as BS<id>). */
export const initResponse = z.object({ link: z.string(), id: z.number().int() });

export const ORDER_STATES = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'refunded',
  'charged_back',
  'expired',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const order = z.object({
  id: z.number().int(),
  state: z.enum(ORDER_STATES),
  coins: z.number().int(),
  bonus_coins: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  /** i18n key of the reason a payment failed (billing.errors.*), else null. */
  failure: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof order>;
export const orderResponse = z.object({ order });
/** GET billing/orders/:id: the member's own order (the /billing/back page polls it). */
export const orderParams = z.object({ id });
/**
 * `result=success`: the provider's return address said the payment succeeded. Only a hint: it never
 * credits anything, it only keeps the order counted against the spending limit for a few minutes
 * while the provider's postback is on its way.
 */
export const orderQuery = z.object({
  result: z.literal('success', { error: 'errors.validations.invalid' }).optional(),
});

/** The message /billing/back posts to the opener (spec "Payment window message"). */
export type PaymentWindowMessage = {
  billingid: number | null;
  errors: string[];
  isPhoneCall: boolean;
  result: 'billing.success' | 'billing.cancel' | 'billing.error';
};

export const PHONE_CALL_STATES = ['awaited', 'active', 'ended', 'expired'] as const;

export const initPhonecallBody = z.object({ paymenttypeid: id, productid: id });

export const phoneCall = z.object({
  id: z.number().int(),
  state: z.enum(PHONE_CALL_STATES),
  /** The premium-rate number to dial, formatted for display. */
  number: z.string(),
  /** Only while the call is awaited. */
  pin: z.string().nullable(),
  price_per_minute_cents: z.number().int(),
  currency: z.string(),
  coins_per_minute: z.number().int(),
  max_minutes: z.number().int(),
  minutes_billed: z.number().int(),
  coins_credited: z.number().int(),
  expires_at: z.string(),
});
export type PhoneCall = z.infer<typeof phoneCall>;

/** init_phonecall: the provider's call page for the payment window, the call id, and the call for the panel. */
export const initPhonecallResponse = z.object({ link: z.string(), id: z.number().int(), call: phoneCall });
export type InitPhonecallResponse = z.infer<typeof initPhonecallResponse>;

/** check_phonecall: the latest call of this session (null: none) and whether voice-call mode is on. */
export const checkPhonecallResponse = z.object({ voicecall: z.boolean(), call: phoneCall.nullable() });
export type CheckPhonecallResponse = z.infer<typeof checkPhonecallResponse>;
