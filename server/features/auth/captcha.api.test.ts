import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSandboxToken, SANDBOX_SITE_KEY, sandboxCaptchaKey } from '#server/providers/captcha/sandbox.ts';
import { expectInvalid, expectRefused, FORM_MS, PASSWORD, userRow } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHALLENGE = { provider: 'sandbox', site_key: SANDBOX_SITE_KEY };
let n = 0;
const body = (extra: object = {}) => {
  n += 1;
  return { email: `captcha-${n}@example.com`, password: PASSWORD, terms_check: true, form_ms: FORM_MS, ...extra };
};
/**
 * Clients of one address, each its own browser with its session already open (so a refusal
 * changes no table), as a robot farm behind one address would be.
 */
const fromAddress = (ip: string) => async () => {
  const c = new TestClient(t.app, 'en', ip);
  await c.get('/api/auth/csrf-cookie');
  return c;
};

/** Solves the sandbox widget as a browser would: the service's own endpoint hands out the token. */
async function solve(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/captcha/solve', payload: { k: SANDBOX_SITE_KEY } });
  expect(res.statusCode).toBe(200);
  expect(res.json().expires_in).toBe(120);
  return res.json().token;
}

describe('POST /api/register asks for a captcha only when the request looks automated', () => {
  it('lets 3 registrations from one address through, then answers captcha_required with the widget', async () => {
    const browser = fromAddress('10.77.0.1');
    for (let i = 0; i < 3; i++) expect((await (await browser()).post('/api/register', body())).statusCode).toBe(201);
    const next = body();
    const c = await browser();
    const refused = await expectRefused(t, () => c.post('/api/register', next), 422, 'captcha_required');
    expect(refused).toMatchObject({ message: 'captcha_required', captcha: CHALLENGE });
    // Solved, the same registration goes through.
    const res = await (await browser()).post('/api/register', { ...next, captcha: await solve() });
    expect(res.statusCode, res.body).toBe(201);
    expect((await userRow(t, next.email)).email).toBe(next.email);
  });

  it('asks at once when the honeypot is filled in, or the form came back too fast', async () => {
    const browser = fromAddress('10.77.0.2');
    const c = await browser();
    await expectRefused(
      t,
      () => c.post('/api/register', body({ homepage: 'https://spam.example' })),
      422,
      'captcha_required',
    );
    await expectRefused(t, () => c.post('/api/register', body({ form_ms: 800 })), 422, 'captcha_required');
    expect(
      (await (await browser()).post('/api/register', body({ form_ms: 800, captcha: await solve() }))).statusCode,
    ).toBe(201);
  });

  it('asks at once when the form’s timing is missing: a script leaving form_ms out does not dodge the rule', async () => {
    const browser = fromAddress('10.77.0.7');
    const { form_ms: _timing, ...untimed } = body();
    const c = await browser();
    const refused = await expectRefused(t, () => c.post('/api/register', untimed), 422, 'captcha_required');
    expect(refused).toMatchObject({ captcha: CHALLENGE });
    const res = await (await browser()).post('/api/register', { ...untimed, captcha: await solve() });
    expect(res.statusCode, res.body).toBe(201);
    expect((await userRow(t, untimed.email)).email).toBe(untimed.email);
  });

  it('lets a missing timing through when the operator switched the timing rule off', async () => {
    const relaxed = await createTestApp({ env: { CAPTCHA_MIN_FORM_MS: '0' } });
    try {
      const { form_ms: _timing, ...untimed } = body();
      const res = await relaxed.client().post('/api/register', untimed);
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await relaxed.close();
    }
  });

  it('refuses a made-up or tampered token (captcha_invalid) and an expired one (captcha_expired)', async () => {
    const browser = fromAddress('10.77.0.3');
    const c = await browser();
    const send = (captcha: string) => () => c.post('/api/register', body({ homepage: 'x', captcha }));
    expect(await expectRefused(t, send('made-up'), 422, 'captcha_invalid')).toMatchObject({ captcha: CHALLENGE });
    const good = await solve();
    await expectRefused(t, send(`${good.slice(0, -2)}xx`), 422, 'captcha_invalid');
    const otherKey = issueSandboxToken(sandboxCaptchaKey('another-secret-that-is-long-enough-0123456789'));
    await expectRefused(t, send(otherKey), 422, 'captcha_invalid');
    const old = issueSandboxToken(sandboxCaptchaKey(t.config.sessionSecret), Date.now() - 121_000);
    expect(await expectRefused(t, send(old), 422, 'captcha_expired')).toMatchObject({ captcha: CHALLENGE });
  });

  it('takes a token once: a replay is captcha_invalid and creates nothing', async () => {
    const browser = fromAddress('10.77.0.4');
    const token = await solve();
    expect((await (await browser()).post('/api/register', body({ homepage: 'x', captcha: token }))).statusCode).toBe(
      201,
    );
    const c = await browser();
    await expectRefused(
      t,
      () => c.post('/api/register', body({ homepage: 'x', captcha: token })),
      422,
      'captcha_invalid',
    );
  });

  it('needs no captcha from a person, even with a token it does not need', async () => {
    const res = await (await fromAddress('10.77.0.5')()).post('/api/register', body({ captcha: 'anything' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses an oversized token or honeypot and a timing that is no number as validation errors', async () => {
    const c = await fromAddress('10.77.0.6')();
    await expectInvalid(t, () => c.post('/api/register', body({ captcha: 'x'.repeat(4097) })), {
      captcha: ['errors.validations.too_long'],
    });
    await expectInvalid(t, () => c.post('/api/register', body({ homepage: 'x'.repeat(501) })), {
      homepage: ['errors.validations.too_long'],
    });
    await expectInvalid(t, () => c.post('/api/register', body({ form_ms: 'soon' })), {
      form_ms: ['errors.validations.type.number'],
    });
  });
});

describe('the sandbox captcha widget', () => {
  it('is a page this site alone may frame, with its script from here', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/captcha?k=${SANDBOX_SITE_KEY}&hl=de` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).toContain('Ich bin kein Roboter');
    expect(res.body).toContain('<script src="/sandbox/captcha/widget.js">');
    const js = await t.app.inject({ method: 'GET', url: '/sandbox/captcha/widget.js' });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.body).toContain('location.origin');
  });

  it('refuses another site key on the page and when solving', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/captcha?k=other' })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/captcha/solve', payload: { k: 'other' } });
    expect(res.statusCode).toBe(400);
  });

  it('is not there with reCAPTCHA configured, and GET /api/config names reCAPTCHA’s site key', async () => {
    const google = await createTestApp({
      env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key-1', RECAPTCHA_SECRET_KEY: 'secret-1' },
    });
    try {
      expect(
        (await google.app.inject({ method: 'GET', url: `/sandbox/captcha?k=${SANDBOX_SITE_KEY}` })).statusCode,
      ).toBe(404);
      const config = (await google.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.captcha).toEqual({ provider: 'recaptcha', site_key: 'site-key-1' });
      expect(JSON.stringify(config)).not.toContain('secret-1');
      const csp = String(
        (await google.app.inject({ method: 'GET', url: '/api/version' })).headers['content-security-policy'],
      );
      expect(csp).toMatch(/script-src[^;]*https:\/\/www\.google\.com[^;]*https:\/\/www\.gstatic\.com/);
      expect(csp).toMatch(/frame-src[^;]*https:\/\/www\.google\.com/);
    } finally {
      await google.close();
    }
  });
});
