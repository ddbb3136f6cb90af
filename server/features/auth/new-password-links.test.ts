import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '#server/db/schema/users.ts';
import { expectRefused, mailTo, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'saffron-Orchard-64';

/** A sign-in link and an unlock link of the account, both mailed and unused. */
async function liveLinks(email: string) {
  await t.client().post('/api/auth/token_login/send', { email });
  const signIn = linkFrom((await mailTo(t, email)).textBody, '/token_login').token;
  await t.client().post('/api/auth/unlock/send', { username: email });
  const unlock = linkFrom((await mailTo(t, email)).textBody, '/users/unlock').token;
  return { signIn, unlock };
}

const unusedOf = async (userId: number) =>
  (
    await t.db
      .select({ purpose: authTokens.purpose })
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)))
  ).map((row) => row.purpose);

/** A visitor with a session and its CSRF token, so that a refused call changes no table. */
async function visitor() {
  const c = t.client();
  await c.get('/api/auth/csrf-cookie');
  return c;
}

/** The links mailed before stop working: neither signs in nor makes a browser known. */
async function expectDead(links: { signIn: string; unlock: string }) {
  const c = await visitor();
  await expectRefused(t, () => c.post('/api/auth/token_login', { token: links.signIn }), 410, 'link_expired');
  await expectRefused(t, () => c.post('/api/auth/unlock', { token: links.unlock }), 404, 'not_found');
  expect((await c.get('/api/auth/user')).statusCode).toBe(401);
}

describe('a new password ends the sign-in and unlock links mailed before', () => {
  it('on a password reset', async () => {
    const { user } = await registerAndVerify(t, 'reset-links@example.com');
    const links = await liveLinks('reset-links@example.com');
    expect((await unusedOf(user.id)).sort()).toEqual(['token_login', 'unlock']);
    await t.client().post('/api/auth/send', { email: 'reset-links@example.com' });
    const token = linkFrom((await mailTo(t, 'reset-links@example.com')).textBody, '/users/reset').token;
    const res = await t
      .client()
      .post('/api/auth/reset', { token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unusedOf(user.id)).toEqual([]);
    await expectDead(links);
  });

  it('on a password change, and a link asked for afterwards works', async () => {
    const { client, user } = await registerAndVerify(t, 'change-links@example.com');
    const links = await liveLinks('change-links@example.com');
    const res = await client.put('/api/user/update', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unusedOf(user.id)).toEqual([]);
    await expectDead(links);
    await t.app.ctx.throttle.reset(`token_login:mail:id:${user.id}`);
    await t.client().post('/api/auth/token_login/send', { email: 'change-links@example.com' });
    const signIn = linkFrom((await mailTo(t, 'change-links@example.com')).textBody, '/token_login').token;
    expect((await t.client().post('/api/auth/token_login', { token: signIn })).statusCode).toBe(200);
  });

  it('not on a refused password change', async () => {
    const { client, user } = await registerAndVerify(t, 'kept-links@example.com');
    await liveLinks('kept-links@example.com');
    const res = await client.put('/api/user/update', {
      current_password: 'wrong-password',
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect((await unusedOf(user.id)).sort()).toEqual(['token_login', 'unlock']);
  });
});
