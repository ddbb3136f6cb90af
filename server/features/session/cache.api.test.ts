import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { loginClient, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

/** With a long cache time, every answer below must still reflect the writes before it. */
describe('the session cache never hides a write of this process', () => {
  it('shows a settings change at once', async () => {
    const { client: c } = await registerAndVerify(t, 'cache-settings@example.com');
    expect((await c.get('/api/auth/user')).json().user.newsletter).toBe(false);
    expect((await c.put('/api/user/update_newsletter', { newsletter: true })).statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).json().user.newsletter).toBe(true);
    expect((await c.get('/api/session/init')).json().user.newsletter).toBe(true);
  });

  it('shows a nickname added, in every session of the member', async () => {
    const { client: c } = await registerAndVerify(t, 'cache-nick@example.com');
    const other = await loginClient(t, 'cache-nick@example.com');
    expect((await other.get('/api/auth/user')).json().user.nicknames.data).toEqual([]);
    expect((await c.post('/api/user/nickname/add', { nickname: 'Cached1' })).statusCode).toBe(201);
    expect((await other.get('/api/auth/user')).json().user.nicknames.current_nickname.nickname).toBe('Cached1');
  });

  it('ends a logged-out session at once', async () => {
    const { client: c } = await registerAndVerify(t, 'cache-logout@example.com');
    const cookie = c.cookies.get(SESSION_COOKIE) as string;
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    await c.post('/api/auth/logout');
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, cookie);
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('shows the age confirmation recorded by a GET', async () => {
    const c = t.client();
    expect((await c.get('/api/session/init')).json().session.splash18_confirmed).toBe(false);
    await c.get('/api/session/splash18');
    expect((await c.get('/api/session/init')).json().session.splash18_confirmed).toBe(true);
  });

  it('logs out the other sessions of a member who changes the password', async () => {
    const { client: c } = await registerAndVerify(t, 'cache-password@example.com');
    const other = await loginClient(t, 'cache-password@example.com');
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);
    const res = await c.put('/api/user/update', {
      current_password: 'violet-Harbour-42',
      new_password: 'amber-Lighthouse-77',
    });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });
});
