import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { type MailTransport, SMTP_TIMEOUTS, smtpTransport } from '#server/providers/mail.ts';
import { flexpaySignature } from '#server/providers/payment/flexpay.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { initPurchase, loadCatalog } from '../billing/billing-fixtures.ts';
import type { Mailer } from './mailer.ts';

/**
 * Nobody waits for a mail server: the mailer answers once the outbox row is written and delivers
 * in the background; the public mail endpoints answer before they make any link or mail, so an
 * account's answer takes no longer than an unknown name's; and a mail server that never answers
 * fails a delivery within seconds. Checked by structure (a send that never ends delays no
 * answer), not by timing.
 */

/** A promise the test settles: a mail server that has not answered yet. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A transport whose deliveries, once the test says hold, hang until it opens the gate. */
function hangingTransport() {
  const g = gate();
  let holding = false;
  const sent: string[] = [];
  const transport: MailTransport = {
    send: async (mail) => {
      sent.push(mail.to);
      if (holding) await g.promise;
    },
    close: () => {},
  };
  return {
    transport,
    sent,
    hold: () => {
      holding = true;
    },
    open: g.open,
  };
}

describe('the mailer', () => {
  const hung = hangingTransport();
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ mailTransport: hung.transport });
  });
  afterAll(async () => {
    hung.open();
    await t.close();
  });

  it('answers once the outbox row is written, and delivers afterwards', async () => {
    hung.hold();
    await t.app.ctx.mailer.send({ to: 'later@example.com', template: 'cancelled', locale: 'en', vars: {} });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'later@example.com'));
    expect(row?.sentAt).toBeNull();
    await vi.waitFor(() => expect(hung.sent).toContain('later@example.com'));
    hung.open();
    await t.app.ctx.background.settled();
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'later@example.com'));
    expect(sent?.sentAt).toBeInstanceOf(Date);
  }, 5000);
});

describe('a mail server that never answers', () => {
  let server: Server;
  let t: TestContext;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and says nothing: no greeting ever comes.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const transport = smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Site <no-reply@localhost>', {
      greetingTimeout: 200,
    });
    t = await createTestApp({ mailTransport: transport });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fails a delivery within seconds, and the outbox row keeps why', async () => {
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThanOrEqual(10_000);
    await t.app.ctx.mailer.send({ to: 'silent@example.com', template: 'cancelled', locale: 'en', vars: {} });
    await t.app.ctx.background.settled();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'silent@example.com'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/greeting/i);
  }, 5000);
});

describe('the public mail endpoints', () => {
  let t: TestContext;
  let real: Mailer;
  beforeAll(async () => {
    t = await createTestApp();
    real = t.app.ctx.mailer;
    await registerAndVerify(t, 'has-account@example.com');
  });
  afterAll(() => t.close());

  /** The mailer hangs until the test lets it go: what an endpoint waits for before answering shows. */
  function hangMailer() {
    const g = gate();
    const mailed: string[] = [];
    t.app.ctx.mailer = {
      send: async (msg) => {
        mailed.push(msg.to);
        await g.promise;
      },
    };
    onTestFinished(async () => {
      g.open();
      await t.app.ctx.background.settled();
      t.app.ctx.mailer = real;
    });
    return mailed;
  }

  it.each([
    ['/api/auth/send', { email: 'has-account@example.com' }],
    ['/api/auth/unlock/send', { username: 'has-account@example.com' }],
    ['/api/auth/token_login/send', { email: 'has-account@example.com' }],
  ])(
    '%s answers an account before its link and mail are made, as it answers an unknown name',
    async (url, body) => {
      const mailed = hangMailer();
      const res = await t.client().post(url, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      // The mail is made after the answer went out.
      await vi.waitFor(() => expect(mailed).toEqual(['has-account@example.com']));
    },
    5000,
  );
});

describe('a FlexPay postback while the mail server hangs', () => {
  const KEY = 'KzkfbQBeTEAPjFXFuPfuAzUfZZzSqz';
  const hung = hangingTransport();
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYMENT_PROVIDER: 'flexpay', FLEXPAY_SHOP_ID: '115790', FLEXPAY_SIGNATURE_KEY: KEY },
      mailTransport: hung.transport,
    });
  });
  afterAll(async () => {
    hung.open();
    await t.close();
  });

  it('answers OK once the coins are credited, without waiting for the receipt to go out', async () => {
    const c = await loadCatalog(t);
    const { client, user } = await registerAndVerify(t, 'flexpay-receipt@example.com');
    const { id } = await initPurchase(client, c);
    hung.hold();
    const params = {
      CCBrand: 'VISA',
      paymentMethod: 'CC',
      priceAmount: '25.00',
      priceCurrency: 'EUR',
      referenceID: String(id),
      saleID: `sale${id}`,
      shopID: '115790',
      transactionID: `tx${id}`,
      truncatedPAN: 'XXXXXXXXXXXX4242',
      type: 'purchase',
    };
    const query = new URLSearchParams({ ...params, signature: flexpaySignature(KEY, params) });
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/postback/flexpay?${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await balanceOf(t.db, user.id)).toBe(275);
    await vi.waitFor(() => expect(hung.sent).toContain('flexpay-receipt@example.com'));
  }, 5000);
});
