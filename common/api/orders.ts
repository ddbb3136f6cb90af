import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { ORDER_STATES, orderParams } from './billing.ts';
import { paged, pageField } from './shows.ts';

/**
 * The member's own coin orders and their receipts (terms section 7: "your purchases are listed in
 * your account"). Money is integer cents with its currency; an order's number is BS<id>.
 */

/** Orders on one page of /users/profile/orders, newest first. */
export const ORDERS_PAGE_SIZE = PAGE_SIZES.orders;

/** How the order was paid: the card provider's name as the receipt mail spells it (payments.method.*). */
export const PAYMENT_METHODS = ['card', 'flexpay'] as const;

/** GET /billing/orders?page= */
export const ordersQuery = z.object({ page: pageField });

export const orderLine = z.object({
  id: z.number().int(),
  /** The billing id as the member sees it on mails and at support: BS<id>. */
  number: z.string(),
  state: z.enum(ORDER_STATES),
  /** The package: its coins and the bonus coins it came with. */
  coins: z.number().int(),
  bonus_coins: z.number().int(),
  /** Coins credited for it (package, bonus and any coupon's extra); null while nothing was credited. */
  coins_credited: z.number().int().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  /** The payment type's key (card, voicecall) and the method within it. */
  payment_type: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Whether a receipt exists (the order was paid, even if later refunded). */
  receipt: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const ordersResponse = paged(orderLine);
export type OrdersResponse = z.infer<typeof ordersResponse>;

/** GET /billing/orders/:id/receipt: the same id rules as the order itself. */
export const receiptParams = orderParams;

/** The seller as the imprint names it. */
export const seller = z.object({
  company: z.string(),
  address: z.string(),
  director: z.string(),
  register: z.string(),
  vat_id: z.string(),
  email: z.string(),
});

export const receiptResponse = z.object({
  receipt: orderLine.extend({
    paid_at: z.string(),
    /** When the member waived the right of withdrawal for immediate delivery (BGB 356(5)). */
    withdrawal_waiver_at: z.string(),
    seller,
  }),
});
export type Receipt = z.infer<typeof receiptResponse>['receipt'];
