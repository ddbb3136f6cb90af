import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/env.ts';
import { initPurchase, loadCatalog, settledOrder } from '#server/features/billing/billing-fixtures.ts';
import { SIGNATURE_HEADER } from '#server/providers/payment/signing.ts';
import { signWebhook } from '#server/providers/webhook-signature.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, openTestDatabase, type TestContext } from '#server/test/harness.ts';

const PASSWORD = 'staging-door-2026-kiwi';
/** A staging system: production mode with the sandbox providers, declared and password-protected. */
const STAGING = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://staging.example',
  LOG_LEVEL: 'silent',
  ALLOW_SANDBOX_PROVIDERS: 'true',
  STAGING_PASSWORD: PASSWORD,
};

const basic = (password: string, user = 'staging') => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

type Method = 'GET' | 'POST';
/** Every page the sandbox providers and the studio console serve under /sandbox/: a request, its route. */
const SANDBOX_ROUTES: Array<[Method, string, string]> = [
  ['GET', '/sandbox/pay?token=x.y', '/sandbox/pay'],
  ['POST', '/sandbox/pay?token=x.y', '/sandbox/pay'],
  ['POST', '/sandbox/pay/cancel?token=x.y', '/sandbox/pay/cancel'],
  ['GET', '/sandbox/pay/3ds?token=x.y', '/sandbox/pay/3ds'],
  ['POST', '/sandbox/pay/3ds?token=x.y', '/sandbox/pay/3ds'],
  ['POST', '/sandbox/pay/backoffice', '/sandbox/pay/backoffice'],
  ['GET', '/sandbox/phone/simulator.js', '/sandbox/phone/simulator.js'],
  ['GET', '/sandbox/phone/abc', '/sandbox/phone/:token'],
  ['POST', '/sandbox/phone/abc/dial', '/sandbox/phone/:token/dial'],
  ['POST', '/sandbox/phone/abc/pin', '/sandbox/phone/:token/pin'],
  ['POST', '/sandbox/phone/abc/minute', '/sandbox/phone/:token/minute'],
  ['POST', '/sandbox/phone/abc/hangup', '/sandbox/phone/:token/hangup'],
  ['GET', '/sandbox/avs/abc', '/sandbox/avs/*'],
  ['POST', '/sandbox/avs/abc', '/sandbox/avs/*'],
  ['GET', '/sandbox/studio', '/sandbox/studio'],
  ['POST', '/sandbox/studio/presence', '/sandbox/studio/presence'],
];

describe('the staging settings', () => {
  const prod = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/livecam-env-test', ...STAGING };

  it('require a STAGING_PASSWORD of 16+ characters on a staging system', () => {
    expect(() => loadConfig({ ...prod, STAGING_PASSWORD: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, STAGING_PASSWORD: undefined })).toThrow(/STAGING_PASSWORD: required with/);
    expect(() => loadConfig({ ...prod, STAGING_PASSWORD: 'x'.repeat(15) })).toThrow(/at least 16 characters/);
    const config = loadConfig(prod);
    expect(config).toMatchObject({ staging: true, sandboxPages: true, stagingPassword: PASSWORD });
  });

  it('serve the sandbox pages outside production without a password unless one is set', () => {
    const dev = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/livecam-env-test' };
    expect(loadConfig(dev)).toMatchObject({ staging: false, sandboxPages: true, stagingPassword: null });
    expect(loadConfig({ ...dev, STAGING_PASSWORD: PASSWORD }).stagingPassword).toBe(PASSWORD);
  });
});

describe('production that is not a staging system', () => {
  let t: TestContext;
  let app: App;
  let dropDatabase: () => Promise<void>;
  let appDir: string;
  beforeAll(async () => {
    t = await createTestApp({ env: STAGING });
    // A built SPA answers every other unknown path: these must still be a plain 404.
    appDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    const { database, drop } = await openTestDatabase();
    dropDatabase = drop;
    // Real adapters for every provider make a production system without ALLOW_SANDBOX_PROVIDERS;
    // the configuration is that of staging with the declaration taken back.
    const config = { ...t.config, staging: false, sandboxPages: false, stagingPassword: null, appDir };
    app = await buildApp(config, { database, redis: null, mailTransport: null });
  });
  afterAll(async () => {
    await app.close();
    await dropDatabase();
    await t.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it.each(SANDBOX_ROUTES)('has no %s %s at all: 404', async (method, url, route) => {
    // The staging app has it: the list names real routes.
    expect(t.app.hasRoute({ method, url: route })).toBe(true);
    expect(app.hasRoute({ method, url: route })).toBe(false);
    for (const headers of [{}, basic(PASSWORD)]) {
      const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.body).not.toContain('<title>app</title>');
    }
  });
});

describe('a staging system', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: STAGING });
  });
  afterAll(() => t.close());

  let addresses = 0;
  const address = () => `10.9.0.${++addresses}`;
  const send = (method: Method, url: string, headers: Record<string, string> = {}, remoteAddress = address()) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { 'accept-language': 'en', ...headers },
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it.each(SANDBOX_ROUTES)('asks for the password on %s %s', async (method, url) => {
    for (const headers of [{}, basic('wrong-password-123456'), { authorization: 'Bearer x' }, basic('')]) {
      const res = await send(method, url, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="LiveCam staging", charset="UTF-8"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Sign in with the staging password.');
    }
    // With it the page itself answers (the back office then checks its signature).
    const ok = await send(method, url, basic(PASSWORD));
    expect(ok.headers['www-authenticate']).toBeUndefined();
    expect(ok.body).not.toContain('staging password');
    expect(ok.statusCode).toBeLessThan(500);
  });

  it('opens the pages with the password whatever the user name, in the visitor language', async () => {
    const script = await send('GET', '/sandbox/phone/simulator.js', basic(PASSWORD, 'anyone'));
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const de = await send('GET', '/sandbox/pay?token=x.y', { 'accept-language': 'de' });
    expect(de.statusCode).toBe(401);
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Staging-Passwort');
  });

  it('guards a path the router decodes to a sandbox page', async () => {
    const res = await send('GET', '/%73andbox/phone/simulator.js');
    expect(res.statusCode).toBe(401);
    expect((await send('GET', '/%73andbox/phone/simulator.js', basic(PASSWORD))).statusCode).toBe(200);
  });

  it('refuses every attempt from an address after 10 wrong passwords, the right one too, and only there', async () => {
    const from = address();
    for (let i = 0; i < 10; i++) {
      expect(
        (await send('GET', '/sandbox/phone/simulator.js', basic(`guess-number-${i}-abcdef`), from)).statusCode,
      ).toBe(401);
    }
    const blocked = await send('GET', '/sandbox/phone/simulator.js', basic(PASSWORD), from);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).not.toContain('simulator');
    expect((await send('GET', '/sandbox/phone/simulator.js', basic(PASSWORD))).statusCode).toBe(200);
  });

  it('clears the count of an address when the right password arrives', async () => {
    const from = address();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) {
        expect(
          (await send('GET', '/sandbox/phone/simulator.js', basic(`wrong-${round}-${i}-abcdefgh`), from)).statusCode,
        ).toBe(401);
      }
      expect((await send('GET', '/sandbox/phone/simulator.js', basic(PASSWORD), from)).statusCode).toBe(200);
    }
  });

  it('takes a card payment end to end: the browser passes the password, the postback needs none', async () => {
    const c = await loadCatalog(t);
    const { client } = await registerAndVerify(t, 'staging-buyer@example.com');
    const { link, id } = await initPurchase(client, c);
    const form = new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', holder: 'E M' });
    const page = await send('GET', link, basic(PASSWORD));
    expect(page.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(PASSWORD) },
      payload: form.toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect((await settledOrder(t, id)).state).toBe('paid');
  });

  it("leaves the providers' signed callbacks under /api/ to their signatures", async () => {
    for (const url of [
      '/api/billing/postback/sandbox',
      '/api/voicecall/callback/sandbox',
      '/api/avs/callback/sandbox',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: { forged: true } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/json|text\/plain/);
    }
  });

  it('lets the back office (npm run sandbox:psp) through with the password and its signature', async () => {
    const body = JSON.stringify({ action: 'refund', billing_id: 999_999 });
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(t.config.payments.sandboxKey, body),
    };
    const without = await t.app.inject({ method: 'POST', url: '/sandbox/pay/backoffice', headers, payload: body });
    expect(without.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay/backoffice',
      headers: { ...headers, ...basic(PASSWORD) },
      payload: body,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'not_found' });
  });
});
