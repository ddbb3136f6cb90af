import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '#common/constants.ts';
import { FORM_MS } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

/** The app as deployed: production mode behind an https address. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://x.example',
  LOG_LEVEL: 'silent',
  ALLOW_SANDBOX_PROVIDERS: 'true',
  STAGING_PASSWORD: 'staging-password-for-tests',
};
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: PRODUCTION });
});
afterAll(() => t.close());

type Cookie = { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string };

describe('production over https', () => {
  it('marks both session cookies Secure, keeping HttpOnly only on the session id', async () => {
    const res = await t.client().get('/api/auth/csrf-cookie');
    const cookies = res.cookies as Cookie[];
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    const xsrf = cookies.find((c) => c.name === XSRF_COOKIE);
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(xsrf).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it('keeps the cookies Secure when they are issued again at login', async () => {
    const c = t.client();
    const res = await c.post('/api/register', {
      email: 'prod@example.com',
      password: 'violet-Harbour-42',
      terms_check: true,
      form_ms: FORM_MS,
    });
    expect(res.statusCode).toBe(201);
    for (const cookie of res.cookies as Cookie[]) expect(cookie.secure).toBe(true);
  });

  it("lets pages connect to this server's wss: origin only, and to Google's when sign-in is configured", async () => {
    const connectSrc = (csp: unknown) =>
      String(csp)
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('connect-src'));
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(connectSrc(res.headers['content-security-policy'])).toBe("connect-src 'self' wss://x.example");
    const google = await createTestApp({
      env: { ...PRODUCTION, PUBLIC_URL: 'https://cams.example:8443', GOOGLE_CLIENT_ID: 'client.apps.example' },
    });
    try {
      const page = await google.app.inject({ method: 'GET', url: '/api/version' });
      expect(connectSrc(page.headers['content-security-policy'])).toBe(
        "connect-src 'self' wss://cams.example:8443 https://accounts.google.com",
      );
    } finally {
      await google.close();
    }
  });

  it('sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('has no mailbox: the outbox is not readable over HTTP', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/dev/mailbox.json' })).toBe(false);
    const [mail] = await t.mails();
    expect(mail?.toAddress).toBe('prod@example.com');
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      // Without a built SPA the answer is 404; with one, the SPA's own page. Never the mail.
      expect([200, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('prod@example.com');
      expect(res.body).not.toContain('/users/activate');
    }
  });

  it('does not serve the API documentation, while the OpenAPI document is still built', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('/api/auth/login');
    }
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
  });

  it('answers unknown API paths with a JSON 404, and hides internals in errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'not_found' });
  });
});
