import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSemver } from '#common/domain/semver.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('reports health of the database and redis', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      node: t.app.ctx.config.chat.node,
      database: 'up',
      redis: t.redis ? 'up' : 'absent',
    });
  });

  it('answers the build id as plain text and on every API response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.body).toBe('test-build');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-version']).toBe('test-build');
    const other = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: 'not_found' });
    expect(other.headers['x-version']).toBe('test-build');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets pages connect only to this server: its origin and its own ws: origins, no other host', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/version' })).headers['content-security-policy']);
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    // A local site is the same at each loopback name (the server's log names 127.0.0.1).
    // [::1] is left to 'self': an IPv6 literal is no valid CSP source.
    expect(connect?.trim()).toBe("connect-src 'self' ws://localhost:3000 ws://127.0.0.1:3000");
  });

  it('serves the OpenAPI document generated from the schemas (API_DOCS is on outside production)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/session/init', '/api/register']),
    );
  });
});

describe('system when a dependency is down', () => {
  it('answers 503 degraded while the database does not answer, and ok again after', async () => {
    const { database } = t.app.ctx;
    const ping = database.ping;
    database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      database.ping = ping;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 for every method, with or without a session', async () => {
    const c = t.client();
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await c.request(method, '/api/no-such-endpoint', method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'not_found' });
    }
    // No route, nothing to protect: a request without any session learns only that it is unknown.
    const bare = await t.app.inject({ method: 'POST', url: '/api/no-such-endpoint' });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('encoded paths', () => {
  it('treats /%61pi/… as the API: the CSRF token and the API headers apply', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie: c.cookieHeader() },
    });
    expect(forged.statusCode).toBe(419);
    expect(forged.json()).toMatchObject({ error: 'csrf_mismatch' });
    const read = await t.app.inject({ method: 'GET', url: '/%61pi/version' });
    expect(read.headers['x-version']).toBe('test-build');
    expect(read.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/config', () => {
  it('answers the public settings the SPA needs, and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      site: { name: 'LiveCam', webid: 1 },
      supportEmail: 'support@livecam.local',
      googleClientId: null,
      local: true,
      buildId: 'test-build',
      age_check_gates: 'voicecall',
    });
    expect(res.body).not.toContain(t.config.sessionSecret);
    expect(res.body).not.toMatch(/secret|password|database/i);
  });

  it("names the application's semantic version, package.json's, beside the build id", async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const { version } = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(version).toBe(pkg.version);
    expect(isSemver(version)).toBe(true);
    // GET /version stays the build id the update banner compares.
    expect((await t.app.inject({ method: 'GET', url: '/api/version' })).body).toBe('test-build');
  });
});
