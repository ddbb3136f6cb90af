import type { BillingResponse, Order, OrderState } from '#common/api/billing.ts';
import type { OrderLine, Receipt } from '#common/api/orders.ts';
import type { Config } from '#server/config.ts';
import type { CouponRow } from '#server/features/coupons/data.ts';
import type { listPaymentTypes, OrderRow, OwnOrder } from './data.ts';
import { LIMIT_CURRENCY } from './data.ts';

type TypeWithProducts = Awaited<ReturnType<typeof listPaymentTypes>>[number];

/** The billing lists (spec part 2 "Billing lists"): types, their packages, the campaign and the limit. */
export function presentBilling(
  types: TypeWithProducts[],
  coupon: CouponRow | null,
  limit: { limitCents: number; spentCents: number },
): BillingResponse {
  return {
    paymentTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.kind === 'phone' ? 'phone' : 'card',
      products: t.products.map((p) => ({
        id: p.id,
        coins: p.coins,
        bonus_coins: p.bonusCoins,
        price_cents: p.priceCents,
        currency: p.currency,
        isDefault: p.isDefault,
      })),
    })),
    campaign: coupon
      ? { code: coupon.code, type: coupon.type, value: coupon.value, valid_until: coupon.validUntil.toISOString() }
      : null,
    limit:
      limit.limitCents > 0
        ? {
            limit_cents: limit.limitCents,
            remaining_cents: Math.max(0, limit.limitCents - limit.spentCents),
            currency: LIMIT_CURRENCY,
          }
        : null,
  };
}

export function presentOrder(o: OrderRow): Order {
  return {
    id: o.id,
    state: o.state as OrderState,
    coins: o.coins,
    bonus_coins: o.bonusCoins,
    amount_cents: o.amountCents,
    currency: o.currency,
    failure: o.state === 'failed' ? (o.failureCode ?? 'billing.errors.failed') : null,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
  };
}

/** One line of the member's order list (GET /billing/orders): what she bought, paid and how it stands. */
export function presentOrderLine({ order: o, paymentType, credited }: OwnOrder): OrderLine {
  return {
    id: o.id,
    number: `BS${o.id}`,
    state: o.state as OrderState,
    coins: o.coins,
    bonus_coins: o.bonusCoins,
    coins_credited: credited,
    amount_cents: o.amountCents,
    currency: o.currency,
    payment_type: paymentType,
    // The receipt mail's rule: only the Verotel adapter is named, every other card provider is "card".
    payment_method: o.provider === 'flexpay' ? 'flexpay' : 'card',
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    receipt: o.paidAt !== null,
  };
}

/** The receipt of a paid order, with the seller as the imprint names it; null for an order never paid. */
export function presentReceipt(own: OwnOrder, config: Pick<Config, 'legal' | 'supportEmail'>): Receipt | null {
  const { paidAt, withdrawalWaiverAt } = own.order;
  if (!paidAt) return null;
  const { legal } = config;
  return {
    ...presentOrderLine(own),
    paid_at: paidAt.toISOString(),
    withdrawal_waiver_at: withdrawalWaiverAt.toISOString(),
    seller: {
      company: legal.company,
      address: legal.address,
      director: legal.director,
      register: legal.register,
      vat_id: legal.vatId,
      email: config.supportEmail,
    },
  };
}
