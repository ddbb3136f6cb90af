import type { BillingResponse, PaymentType, Product } from '#common/api/billing.ts';

/** What the address asks to preselect (query paymenttypeid, productid, paymenttypename). */
export type Preselection = { paymenttypeid: number | null; productid: number | null; paymenttypename: string | null };

const positiveInt = (value: string | null) => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
};

export function readPreselection(search: URLSearchParams): Preselection {
  const name = search.get('paymenttypename')?.trim();
  return {
    paymenttypeid: positiveInt(search.get('paymenttypeid')),
    productid: positiveInt(search.get('productid')),
    paymenttypename: name ? name.slice(0, 64) : null,
  };
}

/** The payment type asked for by id, else by name; the first one when neither matches. */
export function selectPaymentType(
  types: readonly PaymentType[],
  wanted: { id: number | null; name?: string | null },
): PaymentType | null {
  return (
    types.find((t) => t.id === wanted.id) ??
    (wanted.name ? types.find((t) => t.name === wanted.name) : undefined) ??
    types[0] ??
    null
  );
}

/**
 * A product cannot be chosen when its price is above what the spend limit leaves for the next
 * 24 hours. Voice-call products are paid by the minute later, so the limit does not disable them.
 */
export function productDisabled(type: PaymentType, product: Product, limit: BillingResponse['limit']): boolean {
  if (type.kind !== 'card' || !limit) return false;
  return product.price_cents > limit.remaining_cents;
}

/** The selected product if it can be chosen, else the default one, else the first one that can. */
export function selectProduct(
  type: PaymentType,
  selectedId: number | null,
  limit: BillingResponse['limit'],
): Product | null {
  const usable = type.products.filter((p) => !productDisabled(type, p, limit));
  return usable.find((p) => p.id === selectedId) ?? usable.find((p) => p.isDefault) ?? usable[0] ?? null;
}

/** Coupon coins of a PERCENT campaign for a package: the percent of its coins, rounded down. */
export function couponCoins(product: Product, campaign: BillingResponse['campaign']): number {
  if (campaign?.type !== 'PERCENT' || campaign.value <= 0) return 0;
  return Math.floor((product.coins * campaign.value) / 100);
}

/** An amount in cents as money in the interface language (1.234,50 € / €1,234.50). */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
