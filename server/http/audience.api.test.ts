import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, registerUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { REAL_PROVIDERS_ENV } from '#server/test/real-providers.ts';
import { AUDIENCES, type RouteAudience, routeAudiences } from './audience.ts';

/** The route's path with garbage in every parameter, and a query string of garbage. */
const garbageUrl = (route: RouteAudience) =>
  `${route.url.replace(/:\w+/g, '%00x').replace('*', '%00x')}?page=-1&limit=%00&limit=x`;

/** A request a schema would refuse in every part: the path, the query and a broken JSON body. */
function sendGarbage(client: TestClient, route: RouteAudience) {
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const write = method !== 'GET';
  return client.raw(method, garbageUrl(route), {
    ...(write ? { payload: '{"broken": [1, ' } : {}),
    headers: { ...(write ? { 'content-type': 'application/json' } : {}), ...client.xsrf() },
  });
}

// The routes an app has follow its providers: walked with the sandboxes and with the real ones.
describe.each([
  { providers: 'sandbox providers', env: {} },
  { providers: 'real providers (FlexPay, Twilio, Veriff)', env: REAL_PROVIDERS_ENV },
])('route audiences with $providers', ({ env }) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  const apiRoutes = () => routeAudiences(t.app).filter((r) => r.url.startsWith('/api/'));

  it('every /api route states whom it serves', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const stated = new Set<string>(AUDIENCES);
    expect(routes.filter((r) => !r.audience || !stated.has(r.audience))).toEqual([]);
  });

  it('anonymous callers of member routes hear 401 whatever they send, before it is read or checked', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const routes = apiRoutes().filter((r) => r.audience === 'member' || r.audience === 'verified');
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes.filter((r) => r.method !== 'HEAD')) {
      await expectRefused(t, () => sendGarbage(visitor, route), 401, 'unauthenticated');
    }
    for (const route of routes.filter((r) => r.method === 'HEAD')) {
      const res = await t.app.inject({
        method: 'HEAD',
        url: garbageUrl(route),
        headers: { cookie: visitor.cookieHeader() },
      });
      expect(res.statusCode, route.url).toBe(401);
    }
  });

  it('members who did not confirm their address hear 403 not_verified on routes for verified members', async () => {
    const { client } = await registerUser(t, 'audience-unverified@example.com');
    const routes = apiRoutes().filter((r) => r.audience === 'verified' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      await expectRefused(t, () => sendGarbage(client, route), 403, 'not_verified');
    }
  });
});
