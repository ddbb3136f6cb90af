import { vi } from 'vitest';
import type { BillingResponse, Order, PaymentType, Product } from '#common/api/billing.ts';

/** Test data in the shape of GET /api/billing, after the reference packages of the migration. */
export const product = (over: Partial<Product> & { id: number }): Product => ({
  coins: 100,
  bonus_coins: 0,
  price_cents: 1000,
  currency: 'EUR',
  isDefault: false,
  ...over,
});

export const cardType = (over: Partial<PaymentType> = {}): PaymentType => ({
  id: 1,
  name: 'card',
  kind: 'card',
  products: [
    product({ id: 1, coins: 100, price_cents: 1000 }),
    product({ id: 2, coins: 250, bonus_coins: 25, price_cents: 2500, isDefault: true }),
    product({ id: 3, coins: 500, bonus_coins: 75, price_cents: 5000 }),
    product({ id: 4, coins: 1000, bonus_coins: 200, price_cents: 10000 }),
  ],
  ...over,
});

export const phoneType = (over: Partial<PaymentType> = {}): PaymentType => ({
  id: 2,
  name: 'voicecall',
  kind: 'phone',
  products: [product({ id: 5, coins: 12, price_cents: 199, isDefault: true })],
  ...over,
});

export const billingAnswer = (over: Partial<BillingResponse> = {}): BillingResponse => ({
  paymentTypes: [cardType(), phoneType()],
  campaign: null,
  limit: null,
  ...over,
});

export const order = (over: Partial<Order> = {}): Order => ({
  id: 41,
  state: 'pending',
  coins: 250,
  bonus_coins: 25,
  amount_cents: 2500,
  currency: 'EUR',
  failure: null,
  created_at: '2026-11-21T10:00:00.000Z',
  paid_at: null,
  ...over,
});

/** A stand-in for the pop-up window.open answers: it records where it was sent and whether it was closed. */
export type FakeWindow = { closed: boolean; close: () => void; location: { href: string } };

export function fakeWindow(): FakeWindow {
  const win: FakeWindow = {
    closed: false,
    close: () => {
      win.closed = true;
    },
    location: { href: 'about:blank' },
  };
  return win;
}

/** A message as the browser delivers it: `source` is the posting window, `origin` its origin. */
export function postFrom(source: unknown, data: unknown, origin = window.location.origin) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

/** window.open answers the given windows in turn (null: blocked); every call is recorded. */
export function stubWindowOpen(...windows: Array<FakeWindow | null>) {
  return vi.spyOn(window, 'open').mockImplementation(() => (windows.shift() ?? null) as Window | null);
}
