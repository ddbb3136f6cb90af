import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEvent, sendPostback } from '#server/features/billing/billing-fixtures.ts';
import { FORWARDED_HEADER, forwardedCallHeader } from '#server/http/forwarded-call.ts';
import { flexpaySignature } from '#server/providers/payment/flexpay.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * Signed provider callbacks are not counted by the per-address request limit: providers send from
 * a few shared addresses, and some do not send again what was refused (a Twilio minute, an SMS
 * delivery report). Everybody else's requests still are.
 */

const LIMIT = 5;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(() => t.close());

describe('the per-address request limit', () => {
  it('leaves out signed provider callbacks, and still counts the same address for everything else', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) {
      const refund = sandboxEvent({ id: 900_000 + i, amountCents: 2500 }, { type: 'payment.refunded' });
      statuses.push((await sendPostback(t, refund)).statusCode);
    }
    expect(statuses).toEqual(Array(3 * LIMIT).fill(200));

    // The postbacks came from 127.0.0.1, like this browser: its allowance is untouched, and limited
    // (its cookie read counts too where reads and writes share one count, without Redis).
    const browser = new TestClient(t.app, 'en', '127.0.0.1');
    await browser.get('/api/auth/csrf-cookie');
    const answers: number[] = [];
    let last: Awaited<ReturnType<TestClient['post']>> | undefined;
    for (let i = 0; i <= LIMIT; i++) {
      last = await browser.post('/api/register/validate', {});
      answers.push(last.statusCode);
    }
    expect(answers.slice(0, LIMIT - 1)).not.toContain(429);
    expect(answers[LIMIT]).toBe(429);
    // The rest of the minute's window, as every 429 says it.
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last?.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('the per-address request limit and live calls passed on between processes', () => {
  it('counts a call once, where the browser sent it, not again in the process it was passed on to', async () => {
    const browserIp = '198.51.100.7';
    const url = '/api/live/subscriptions/00000001-0000-8000-8000-000000000000/leave';
    // The sibling sends the browser's cookies and CSRF header with the call, from its own address
    // (not 127.0.0.1, whose allowance the test above used up).
    const sibling = new TestClient(t.app, 'en', '192.0.2.10');
    await sibling.get('/api/auth/csrf-cookie');
    const passedOn = () =>
      sibling.post(
        url,
        {},
        {
          [FORWARDED_HEADER]: forwardedCallHeader(
            t.app.ctx.config.sessionSecret,
            { method: 'POST', url },
            { ip: browserIp, host: 'localhost', node: 'api-2' },
          ),
        },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) statuses.push((await passedOn()).statusCode);
    expect(statuses).toEqual(Array(3 * LIMIT).fill(404));
    // The browser's own allowance in this process is untouched.
    const direct = await new TestClient(t.app, 'en', browserIp).post(url);
    expect(direct.statusCode).toBe(404);
  });
});

describe('the per-address request limit with FlexPay', () => {
  const SHOP = '115790';
  const KEY = 'flexpay-signature-key';
  let f: TestContext;
  beforeAll(async () => {
    f = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        PAYMENT_PROVIDER: 'flexpay',
        FLEXPAY_SHOP_ID: SHOP,
        FLEXPAY_SIGNATURE_KEY: KEY,
      },
    });
  });
  afterAll(() => f.close());

  it('leaves out its postbacks, which are reads (GET)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) {
      const params = {
        event: 'credit',
        priceAmount: '25.00',
        priceCurrency: 'EUR',
        referenceID: String(900_000 + i),
        saleID: `sale-limit-${i}`,
        shopID: SHOP,
        type: 'purchase',
      };
      const query = new URLSearchParams({ ...params, signature: flexpaySignature(KEY, params) });
      const res = await f.app.inject({ method: 'GET', url: `/api/billing/postback/flexpay?${query}` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(3 * LIMIT).fill(200));
  });
});
