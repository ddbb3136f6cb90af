import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '#common/constants.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { hashToken } from '#server/features/session/tokens.ts';
import {
  expectInvalid,
  expectRefused,
  loginClient,
  PASSWORD,
  registerAndVerify,
  sendWithXsrf,
  sessionRowsOf,
} from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerAndVerify(t, 'auth-member@example.com', { username: 'AuthMember' });
  member = m.client;
  memberId = m.user.id;
});
afterAll(() => t.close());

const login = (c: TestClient, username: string, password = PASSWORD) =>
  c.post('/api/auth/login', { username, password });

describe('POST /api/auth/login', () => {
  it('logs in by address (any case, with spaces) or by user name, and binds the session to the user', async () => {
    for (const name of ['  Auth-Member@Example.com ', 'authmember']) {
      const c = t.client();
      const res = await login(c, name);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: memberId, email: 'auth-member@example.com', name: 'AuthMember' });
      expect((await c.get('/api/auth/user')).json().user.id).toBe(memberId);
    }
  });

  it('issues a new session id at login; the old cookie and its CSRF token stop working', async () => {
    const c = t.client();
    await c.get('/api/session/splash18');
    const oldSession = c.cookies.get(SESSION_COOKIE);
    const oldXsrf = c.cookies.get(XSRF_COOKIE) as string;
    const before = (await t.db.select().from(sessions)).length;
    expect((await login(c, 'auth-member@example.com')).statusCode).toBe(200);
    expect(c.cookies.get(SESSION_COOKIE)).not.toBe(oldSession);
    expect(c.cookies.get(XSRF_COOKIE)).not.toBe(oldXsrf);
    // The visitor's row was replaced, not joined by a second one.
    expect(await t.db.select().from(sessions)).toHaveLength(before);
    // Facts of the visit carry over to the new session.
    expect((await c.get('/api/session/init')).json().session.splash18_confirmed).toBe(true);

    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, oldSession as string);
    const res = await replay.get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthenticated');
    const oldId = hashToken(t.config.sessionSecret, oldSession as string);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, oldId))).toEqual([]);
    // The new session does not take the old session's CSRF token.
    await expectRefused(
      t,
      () => sendWithXsrf(c, 'POST', '/api/session/welcome_shown', {}, { 'x-xsrf-token': oldXsrf }),
      419,
      'csrf_mismatch',
    );
  });

  it('answers 401 unknown_credentials, the same for a wrong password and an unknown account', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const wrong = await expectRefused(
      t,
      () => login(c, 'auth-member@example.com', 'wrong-password'),
      401,
      'unknown_credentials',
    );
    const unknown = await expectRefused(t, () => login(c, 'nobody@example.com'), 401, 'unknown_credentials');
    expect(wrong).toEqual({ error: 'unknown_credentials', message: 'unknown_credentials' });
    expect(unknown).toEqual(wrong);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('answers message user_blocked to a blocked member with the right password, and shuts their sessions out', async () => {
    const { client, user } = await registerAndVerify(t, 'blocked@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const body = await expectRefused(t, () => login(c, 'blocked@example.com'), 401, 'unknown_credentials');
    expect(body.message).toBe('user_blocked');
    const wrong = await expectRefused(
      t,
      () => login(c, 'blocked@example.com', 'not-the-password'),
      401,
      'unknown_credentials',
    );
    expect(wrong.message).toBe('unknown_credentials');
    const res = await client.get('/api/auth/user');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('user_blocked');
  });

  it('refuses missing, mistyped and oversized fields with per-field keys', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/auth/login', body);
    const required = ['errors.validations.required'];
    await expectInvalid(t, send({}), { username: required, password: required });
    await expectInvalid(t, send({ username: 'someone' }), { password: required });
    await expectInvalid(t, send({ username: '  ', password: '' }), { username: required, password: required });
    const text = ['errors.validations.type.text'];
    await expectInvalid(t, send({ username: 42, password: ['x'] }), { username: text, password: text });
    await expectInvalid(t, send({ username: `${'a'.repeat(250)}@x.de`, password: 'p'.repeat(1025) }), {
      username: ['errors.validations.too_long'],
      password: ['errors.validations.too_long'],
    });
    await expectInvalid(t, send({ credential: 7 }), { credential: text });
  });

  it('answers unknown_credentials to a Google credential while Google sign-in is not configured', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => c.post('/api/auth/login', { credential: 'a.b.c' }), 401, 'unknown_credentials');
  });
});

describe('GET /api/auth/user', () => {
  it('answers the logged-in user, and 401 unauthenticated to a visitor or a client without cookies', async () => {
    const res = await member.get('/api/auth/user');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: memberId, has_password: true, is_verified: true });
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    for (const c of [visitor, t.client()]) {
      const anon = await c.get('/api/auth/user');
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ error: 'unauthenticated', message: 'unauthenticated' });
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('destroys the session row, clears both cookies, and a replayed cookie is a stranger', async () => {
    const c = await loginClient(t, 'auth-member@example.com');
    const cookie = c.cookies.get(SESSION_COOKIE) as string;
    const xsrf = c.xsrf();
    const rowsBefore = (await sessionRowsOf(t, memberId)).length;
    const res = await c.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies as Array<{ name: string; value: string; maxAge?: number }>;
    expect(cleared.map((k) => [k.name, k.value, k.maxAge])).toEqual([
      [SESSION_COOKIE, '', 0],
      [XSRF_COOKIE, '', 0],
    ]);
    expect(await sessionRowsOf(t, memberId)).toHaveLength(rowsBefore - 1);
    // The member's other sessions stay.
    expect((await member.get('/api/auth/user')).statusCode).toBe(200);

    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, cookie);
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
    const replayed = t.client();
    replayed.cookies.set(SESSION_COOKIE, cookie);
    await expectRefused(
      t,
      () => sendWithXsrf(replayed, 'PUT', '/api/user/update_newsletter', { newsletter: true }, xsrf),
      419,
      'csrf_mismatch',
    );
  });

  it('keeps the confirmed age splash in a fresh anonymous session, nothing of the account', async () => {
    const c = await loginClient(t, 'auth-member@example.com');
    await c.get('/api/session/splash18');
    const before = c.cookies.get(SESSION_COOKIE);
    const res = await c.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    const after = c.cookies.get(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const init = (await c.get('/api/session/init')).json();
    expect(init.user).toBeNull();
    expect(init.session.splash18_confirmed).toBe(true);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('is harmless for a visitor', async () => {
    const c = t.client();
    expect((await c.post('/api/auth/logout')).json()).toEqual({ ok: true });
    expect((await c.get('/api/session/init')).statusCode).toBe(200);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    {
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'auth-member@example.com', password: PASSWORD },
      as: 'visitor',
    },
    { method: 'POST', url: '/api/auth/logout', body: {}, as: 'visitor' },
  ],
);
