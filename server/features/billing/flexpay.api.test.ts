import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPIRY_MS } from '#common/domain/orders.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { flexpaySignature } from '#server/providers/payment/flexpay.ts';
import { paymentProvider } from '#server/providers/payment/provider.ts';
import { mailTo, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { billingState, type Catalog, initPurchase, loadCatalog, orderRow } from './billing-fixtures.ts';
import { reconcileOrders } from './reconcile.ts';

const SHOP_ID = '115790';
const KEY = 'KzkfbQBeTEAPjFXFuPfuAzUfZZzSqz';

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp({
    env: { PAYMENT_PROVIDER: 'flexpay', FLEXPAY_SHOP_ID: SHOP_ID, FLEXPAY_SIGNATURE_KEY: KEY },
  });
  c = await loadCatalog(t);
});
afterAll(() => t.close());

/** A postback as Verotel sends it: a GET whose parameters are signed by the documented algorithm. */
function postbackUrl(params: Record<string, string>, key = KEY) {
  const pairs = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`);
  const signature = createHash('sha256')
    .update([key, ...pairs].join(':'))
    .digest('hex');
  return `/api/billing/postback/flexpay?${new URLSearchParams({ ...params, signature })}`;
}

const purchase = (orderId: number, extra: Record<string, string> = {}) => ({
  CCBrand: 'VISA',
  paymentMethod: 'CC',
  priceAmount: '25.00',
  priceCurrency: 'EUR',
  referenceID: String(orderId),
  saleID: `sale${orderId}`,
  shopID: SHOP_ID,
  transactionID: `tx${orderId}`,
  truncatedPAN: 'XXXXXXXXXXXX4242',
  type: 'purchase',
  ...extra,
});

let n = 0;
async function pending() {
  const email = `flexpay-${++n}@example.com`;
  const { client, user } = await registerAndVerify(t, email);
  const { id, link } = await initPurchase(client, c);
  return { email, userId: user.id, id, link };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('FlexPay', () => {
  it('sends the member to a signed startorder URL', async () => {
    const { id, link } = await pending();
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://secure.verotel.com/startorder');
    const { signature, ...params } = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ shopID: SHOP_ID, referenceID: String(id), priceAmount: '25.00', type: 'purchase' });
    expect(signature).toBe(flexpaySignature(KEY, params));
    expect((await orderRow(t, id)).provider).toBe('flexpay');
  });

  it('credits on a signed purchase postback, answers OK, and only once', async () => {
    const { id, userId, email } = await pending();
    const url = postbackUrl(purchase(id));
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await orderRow(t, id)).toMatchObject({ state: 'paid', providerTxnId: `sale${id}` });
    expect(await balanceOf(t.db, userId)).toBe(275);
    expect((await mailTo(t, email)).textBody).toContain('Credit card (Verotel)');
    const after = await billingState(t);
    expect((await get(url)).body).toBe('OK');
    expect(await billingState(t)).toEqual(after);
  });

  it('refuses a wrong key, an altered parameter and an unsigned postback, changing nothing', async () => {
    const { id, userId } = await pending();
    const before = await billingState(t);
    expect((await get(postbackUrl(purchase(id), 'wrong-key'))).statusCode).toBe(401);
    const altered = postbackUrl(purchase(id)).replace('priceAmount=25.00', 'priceAmount=2.50');
    expect((await get(altered)).statusCode).toBe(401);
    expect((await get(`/api/billing/postback/flexpay?${new URLSearchParams(purchase(id))}`)).statusCode).toBe(401);
    expect((await get(postbackUrl(purchase(id, { shopID: '1' })))).statusCode).toBe(400);
    expect(await billingState(t)).toEqual(before);
    expect(await balanceOf(t.db, userId)).toBe(0);
  });

  it('reverses on a credit and a chargeback postback', async () => {
    const a = await pending();
    await get(postbackUrl(purchase(a.id)));
    const credit = { ...purchase(a.id), event: 'credit', transactionID: `cr${a.id}` };
    expect((await get(postbackUrl(credit))).body).toBe('OK');
    expect((await orderRow(t, a.id)).state).toBe('refunded');
    expect(await balanceOf(t.db, a.userId)).toBe(0);

    const b = await pending();
    await get(postbackUrl(purchase(b.id)));
    const chargeback = { ...purchase(b.id), event: 'chargeback', transactionID: `cb${b.id}` };
    expect((await get(postbackUrl(chargeback))).body).toBe('OK');
    expect((await orderRow(t, b.id)).state).toBe('charged_back');
  });

  it('is not asked about open orders (no status answer can be read): they expire after 24 hours', async () => {
    const { id } = await pending();
    const provider = paymentProvider(t.config, t.db);
    expect(await provider.status({ id })).toEqual({ kind: 'unsupported' });
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const at = (ms: number) => reconcileOrders(t.app.ctx, provider, log, new Date(Date.now() + ms));
    expect((await at(10 * 60_000)).filter((r) => r.orderId === id)).toEqual([
      { orderId: id, status: 'unsupported', outcome: 'open' },
    ]);
    expect((await orderRow(t, id)).state).toBe('pending');
    expect((await at(ORDER_EXPIRY_MS + 60_000)).filter((r) => r.orderId === id)).toEqual([
      { orderId: id, status: 'unsupported', outcome: 'expired' },
    ]);
    expect((await orderRow(t, id)).state).toBe('expired');
  });

  it('serves neither the sandbox pages nor the sandbox postback', async () => {
    // Not the sandbox's page (its answer to a bad token): a 404, or the SPA when a build is present.
    const page = await get('/sandbox/pay?token=x.y');
    expect(page.body).not.toContain('Payment page not found');
    expect([200, 404]).toContain(page.statusCode);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/postback/sandbox', payload: {} });
    expect([404, 419]).toContain(res.statusCode);
  });
});
