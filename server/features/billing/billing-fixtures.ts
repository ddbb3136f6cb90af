import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OrderState } from '#common/api/billing.ts';
import { orders, paymentEvents, paymentTypes, products } from '#server/db/schema/billing.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import {
  newSandboxId,
  SANDBOX_POSTBACK_PATH,
  type SandboxPostback,
  signSandboxPostback,
} from '#server/providers/payment/sandbox.ts';
import { pendingPostbacks } from '#server/providers/payment/sandbox-records.ts';
import { dbState, expectRefused } from '#server/test/fixtures.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

/** Helpers of the billing tests (not a test file itself). */

/**
 * The ids of the reference data (migration 0002): the card type with its packages by coins (100,
 * 250 + 25 default, 500, 1000) and the voice-call type with its tariff. Ids follow the insert, so
 * they are looked up rather than assumed.
 */
export type Catalog = {
  card: number;
  phone: number;
  p100: number;
  p250: number;
  p500: number;
  p1000: number;
  tariff: number;
};

export async function loadCatalog(t: TestContext): Promise<Catalog> {
  const types = await t.db.select().from(paymentTypes);
  const items = await t.db.select().from(products);
  const typeId = (name: string) => types.find((x) => x.name === name)?.id ?? 0;
  const card = typeId('card');
  const phone = typeId('voicecall');
  const pkg = (coins: number, type = card) => items.find((p) => p.paymentTypeId === type && p.coins === coins)?.id ?? 0;
  return { card, phone, p100: pkg(100), p250: pkg(250), p500: pkg(500), p1000: pkg(1000), tariff: pkg(12, phone) };
}

/** The card purchase of the default package (250 + 25 coins for 25 EUR), with the waiver. */
export const initBodyFor = (c: Catalog, extra: Record<string, unknown> = {}) => ({
  paymenttypeid: c.card,
  productid: c.p250,
  withdrawal_waiver: true,
  ...extra,
});

/** Every table the suite reads, billing's included: to prove a refused request changed nothing. */
export async function billingState(t: TestContext) {
  return {
    ...(await dbState(t)),
    orders: await t.db.select().from(orders).orderBy(asc(orders.id)),
    paymentEvents: await t.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
    coupons: await t.db.select().from(coupons).orderBy(asc(coupons.id)),
  };
}

type Response = Awaited<ReturnType<TestClient['request']>>;

/** As expectRefused, and the billing tables must be unchanged too. */
export async function expectBillingRefused(
  t: TestContext,
  send: () => Promise<Response>,
  status: number,
  error: string,
  errors?: Record<string, string[]>,
) {
  const before = await billingState(t);
  const body = await expectRefused(t, send, status, error);
  if (errors) expect(body.errors).toEqual(errors);
  expect(await billingState(t)).toEqual(before);
  return body;
}

export async function orderRow(t: TestContext, id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/**
 * Waits until the order leaves `pending` and the sandbox PSP's postbacks about it are answered (the
 * postback arrives after the redirect, as with a real PSP; its answer follows the receipt mail).
 */
export async function settledOrder(t: TestContext, id: number, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await orderRow(t, id);
    const sending = (await pendingPostbacks(t.db)).some((p) => JSON.parse(p.body).order_id === id);
    if (row.state !== 'pending' && row.state !== 'created' && !sending) return row;
    if (Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a purchase and answers the order id and the path of the hosted payment page. */
export async function initPurchase(client: TestClient, c: Catalog, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/billing/init', initBodyFor(c, extra));
  expect(res.statusCode, res.body).toBe(200);
  const { link, id } = res.json() as { link: string; id: number };
  return { link, id };
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
});

export const CARD_FIELDS = { expiry: '12/34', cvc: '123', holder: 'Erika Mustermann' };

/** Submits the hosted payment form with a card number, as a browser would (no cookies, no CSRF). */
export function submitCard(t: TestContext, link: string, number: string, fields: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: link, ...form({ ...CARD_FIELDS, number, ...fields }) });
}

export function submitForm(t: TestContext, url: string, fields: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, ...form(fields) });
}

/** A postback signed as the sandbox PSP signs it, delivered straight to the endpoint. */
export function sandboxEvent(order: { id: number; amountCents: number }, extra: Partial<SandboxPostback> = {}) {
  return {
    event_id: newSandboxId('evt'),
    type: 'payment.succeeded',
    order_id: order.id,
    txn_id: newSandboxId('txn'),
    amount_cents: order.amountCents,
    currency: 'EUR',
    failure_code: null,
    card_last4: '4242',
    created: Math.floor(Date.now() / 1000),
    ...extra,
  } satisfies SandboxPostback;
}

export function sendPostback(t: TestContext, postback: SandboxPostback, opts: { key?: string; now?: number } = {}) {
  const { body, headers } = signSandboxPostback(opts.key ?? t.config.payments.sandboxKey, postback, opts.now);
  return t.app.inject({ method: 'POST', url: SANDBOX_POSTBACK_PATH, headers, payload: body });
}

export const stateOf = async (t: TestContext, id: number): Promise<OrderState> =>
  (await orderRow(t, id)).state as OrderState;
