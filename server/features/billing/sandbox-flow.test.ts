import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  billingState,
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  settledOrder,
  submitCard,
  submitForm,
} from './billing-fixtures.ts';

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = await loadCatalog(t);
});
afterAll(() => t.close());

let n = 0;
/** A verified member with a fresh pending purchase of 250 + 25 coins for 25 EUR. */
async function buyer(lang = 'en', extra: Record<string, unknown> = {}) {
  const email = `sandbox-${++n}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { lang });
  const { link, id } = await initPurchase(client, c, extra);
  return { client, user, email, link, id };
}

const redirectOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
};

describe('the sandbox payment page', () => {
  it('shows the merchant, the amount and the order in the visitor language, without inline script', async () => {
    const { link, id } = await buyer();
    const en = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.body).toContain(`BS${id}`);
    expect(en.body).toContain('€25.00');
    expect(en.body).toContain('LiveCam Media GmbH');
    expect(en.body).toContain('Card number');
    expect(en.body).not.toMatch(/<script/i);
    expect(String(en.headers['content-security-policy'])).toContain("script-src 'self'");
    const de = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'de' } });
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('25,00');
    expect(de.body).toContain('Kartennummer');
  });

  it('refuses forged and unknown tokens', async () => {
    const { link } = await buyer();
    const forged = link.replace(/token=(\w)/, (_m, ch: string) => `token=${ch === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay?token=x.y' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay' })).statusCode).toBe(422);
  });

  it('shows what is wrong with a card form and changes nothing', async () => {
    const { link } = await buyer();
    const before = await billingState(t);
    const res = await submitCard(t, link, '4242 4242 4242 4241', { expiry: '01/20', cvc: '12', holder: '' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('This card number is not valid.');
    expect(res.body).toContain('This card has expired.');
    expect(res.body).toContain('The security code has 3 or 4 digits.');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('4242 4242 4242 4241');
    expect(await billingState(t)).toEqual(before);
  });
});

describe('paying in the sandbox', () => {
  it('credits coins and bonus once the postback arrives, records the event and mails a receipt', async () => {
    const { link, id, user, email } = await buyer();
    const location = redirectOf(await submitCard(t, link, '4242 4242 4242 4242'));
    expect(location).toBe(`/billing/back?billingid=${id}&result=success`);
    const order = await settledOrder(t, id);
    expect(order).toMatchObject({ state: 'paid', failureCode: null });
    expect(order.providerTxnId).toMatch(/^txn_/);
    expect(await balanceOf(t.db, user.id)).toBe(275);
    expect(await ledgerSum(t.db, user.id)).toBe(275);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id));
    expect(ledger).toEqual([
      expect.objectContaining({
        delta: 275,
        reason: 'purchase',
        reference: `order:${id}`,
        idempotencyKey: `payment:sandbox:${order.providerTxnId}`,
      }),
    ]);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id));
    expect(events).toEqual([
      expect.objectContaining({ provider: 'sandbox', kind: 'payment.succeeded', outcome: 'applied' }),
    ]);
    const payload = JSON.stringify(events[0]?.payload);
    expect(payload).toContain('"card_last4":"4242"');
    expect(payload).not.toContain('4242424242424242');
    const mail = await awaitMail(t, email, `Your receipt BS${id}`);
    expect(mail.subject).toBe(`Your receipt BS${id} from LiveCam`);
    expect(mail.textBody).toContain('250 + 25 bonus coins = 275 coins');
    expect(mail.textBody).toContain('€25.00');
    expect(mail.textBody).toContain('§ 356 (5) BGB');
    expect(mail.textBody).toContain('LiveCam Media GmbH, Musterstraße 1, 10115 Berlin, Germany');
    expect(mail.textBody).toContain('support@livecam.local');
    const api = await (await registerAndVerify(t, `other-${id}@example.com`)).client.get(`/api/billing/orders/${id}`);
    expect(api.statusCode).toBe(404);
  });

  it('mails the receipt in German to a member who bought in German', async () => {
    const { link, id, email } = await buyer('de');
    redirectOf(await submitCard(t, link, '4242424242424242'));
    expect((await settledOrder(t, id)).state).toBe('paid');
    // The receipt goes out after the payment committed.
    const mail = await awaitMail(t, email, `Ihr Beleg BS${id}`);
    expect(mail.subject).toBe(`Ihr Beleg BS${id} von LiveCam`);
    expect(mail.textBody).toContain('25,00');
    expect(mail.textBody).toContain('§ 356 Abs. 5 BGB');
  });

  it.each([
    ['4000 0000 0000 0002', 'billing.errors.card_declined'],
    ['4000 0000 0000 9995', 'billing.errors.insufficient_funds'],
    ['5555 5555 5555 4444', 'billing.errors.card_declined'],
  ])('fails the order for %s with %s and credits nothing', async (number, failure) => {
    const { link, id, user, client } = await buyer();
    expect(redirectOf(await submitCard(t, link, number))).toBe(`/billing/back?billingid=${id}&result=error`);
    expect(await settledOrder(t, id)).toMatchObject({ state: 'failed', failureCode: failure });
    expect(await balanceOf(t.db, user.id)).toBe(0);
    expect((await client.get(`/api/billing/orders/${id}`)).json().order).toMatchObject({ state: 'failed', failure });
  });

  it('asks for 3-D Secure: 1234 pays, any other code fails authentication', async () => {
    const pass = await buyer();
    const challenge = redirectOf(await submitCard(t, pass.link, '4000 0000 0000 3220'));
    expect(challenge).toMatch(/^\/sandbox\/pay\/3ds\?token=/);
    const page = await t.app.inject({ method: 'GET', url: challenge });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('3220');
    expect(await orderRow(t, pass.id)).toMatchObject({ state: 'pending' });
    expect(redirectOf(await submitForm(t, challenge, { code: '1234' }))).toContain('result=success');
    expect((await settledOrder(t, pass.id)).state).toBe('paid');
    expect(await balanceOf(t.db, pass.user.id)).toBe(275);

    const fail = await buyer();
    const second = redirectOf(await submitCard(t, fail.link, '4000000000003220'));
    // A challenge token does not open the card page, nor a card token the challenge.
    expect((await t.app.inject({ method: 'GET', url: second.replace('/3ds', '') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fail.link.replace('/pay', '/pay/3ds') })).statusCode).toBe(404);
    expect(redirectOf(await submitForm(t, second, { code: '0000' }))).toContain('result=error');
    expect(await settledOrder(t, fail.id)).toMatchObject({
      state: 'failed',
      failureCode: 'billing.errors.authentication_failed',
    });
    expect(await balanceOf(t.db, fail.user.id)).toBe(0);
  });

  it('cancels the order with the Cancel button', async () => {
    const { link, id, user } = await buyer();
    const cancel = link.replace('/sandbox/pay?', '/sandbox/pay/cancel?');
    expect(redirectOf(await t.app.inject({ method: 'POST', url: cancel }))).toBe(
      `/billing/back?billingid=${id}&result=cancel`,
    );
    expect((await settledOrder(t, id)).state).toBe('cancelled');
    expect(await balanceOf(t.db, user.id)).toBe(0);
    // Back to the provider's page: the session is over, a card can no longer pay this order.
    const again = await submitCard(t, link, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: cancel })).statusCode).toBe(409);
    expect((await settledOrder(t, id)).state).toBe('cancelled');
    expect(await balanceOf(t.db, user.id)).toBe(0);
  });

  it('never credits on the redirect alone', async () => {
    const { id, user, client } = await buyer();
    const back = await client.get(`/billing/back?billingid=${id}&result=success`);
    expect(back.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // The provider's pages in the same window keep the same policy, or the window loses its opener.
    expect((await client.get('/sandbox/pay?token=x')).headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect((await client.get('/')).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(await orderRow(t, id)).toMatchObject({ state: 'pending', paidAt: null });
    expect(await balanceOf(t.db, user.id)).toBe(0);
  });

  it('adds the PERCENT coupon bonus (rounded down) and uses the coupon up', async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: 'PLUS15', type: 'PERCENT', value: 15, validUntil: new Date(Date.now() + 86_400_000) })
      .returning();
    const { link, id, user, email } = await buyer('en', { code: 'PLUS15' });
    redirectOf(await submitCard(t, link, '4242424242424242'));
    expect((await settledOrder(t, id)).state).toBe('paid');
    // 250 coins + 25 bonus + floor(250 * 15 %) = 37 coupon coins.
    expect(await balanceOf(t.db, user.id)).toBe(312);
    const [used] = await t.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, coupon?.id ?? 0));
    expect(used).toMatchObject({ userId: user.id, usedFor: `order:${id}` });
    expect(used?.usedAt).not.toBeNull();
    expect((await awaitMail(t, email, `BS${id}`)).textBody).toContain('250 + 62 bonus coins = 312 coins');
  });
});
