import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { authTokens, users } from '#server/db/schema/users.ts';
import {
  expectInvalid,
  expectRefused,
  mailTo,
  PASSWORD,
  registerAndVerify,
  sessionRowsOf,
  userRow,
} from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'reset-member@example.com')).client;
});
afterAll(() => t.close());

const NEW_PASSWORD = 'amber-Lighthouse-77';

/** Asks for a reset mail and answers its token. */
async function requestReset(email: string, lang = 'en') {
  const res = await t.client(lang).post('/api/auth/send', { email });
  expect(res.json()).toEqual({ ok: true });
  return linkFrom((await mailTo(t, email.toLowerCase())).textBody, '/users/reset').token;
}

/** The 60 s limit between two reset mails to one address, lifted to ask again at once. */
const liftMailThrottle = (email: string) => t.app.ctx.throttle.reset(`reset:mail:${email}`);

const reset = (c: TestClient, token: string, password = NEW_PASSWORD) =>
  c.post('/api/auth/reset', { token, password, password_confirm: password });

describe('POST /api/auth/send', () => {
  it('mails a one-hour reset link in the language of the request', async () => {
    await registerAndVerify(t, 'sender@example.com');
    const started = Date.now();
    await requestReset('SENDER@example.com', 'de');
    const mail = await mailTo(t, 'sender@example.com');
    expect(mail).toMatchObject({ template: 'reset', locale: 'de', subject: 'Passwort bei LiveCam zurücksetzen' });
    const { id } = await userRow(t, 'sender@example.com');
    const [row] = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, id), eq(authTokens.purpose, 'reset')));
    const ttl = (row?.expiresAt.getTime() ?? 0) - started;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);
  });

  it('answers the same for an unknown address as for a known one, and sends no mail', async () => {
    const known = await t.client().post('/api/auth/send', { email: 'reset-member@example.com' });
    const before = await t.mails();
    const res = await t.client().post('/api/auth/send', { email: 'stranger@example.com' });
    expect(res.statusCode).toBe(known.statusCode);
    expect(res.body).toBe(known.body);
    expect(await t.mails()).toEqual(before);
  });

  it('answers a blocked member 403 user_blocked and sends nothing (spec part 2)', async () => {
    const { user } = await registerAndVerify(t, 'blocked-reset@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => c.post('/api/auth/send', { email: 'blocked-reset@example.com' }), 403, 'user_blocked');
  });

  it('answers 429 throttle to a second request for an address within 60 s, known or not', async () => {
    for (const email of ['reset-member@example.com', 'stranger2@example.com']) {
      await t.client().post('/api/auth/send', { email });
      const other = t.client();
      await other.get('/api/auth/csrf-cookie');
      const body = await expectRefused(t, () => other.post('/api/auth/send', { email }), 429, 'throttle');
      expect(body.message).toBe('throttle');
    }
  });

  it('refuses a missing, malformed or oversized address with 422', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/auth/send', body);
    await expectInvalid(t, send({}), { email: ['errors.validations.required'] });
    await expectInvalid(t, send({ email: 'nobody' }), { email: ['errors.validations.email'] });
    await expectInvalid(t, send({ email: ['a@b.de'] }), { email: ['errors.validations.type.text'] });
    await expectInvalid(t, send({ email: `${'a'.repeat(250)}@b.de` }), { email: ['errors.validations.too_long'] });
  });
});

describe('POST /api/auth/reset', () => {
  it('sets the password, logs in on a new session and ends every other session of the user', async () => {
    const { client: laptop, user } = await registerAndVerify(t, 'forgot@example.com');
    const phone = t.client();
    await phone.post('/api/auth/login', { username: 'forgot@example.com', password: PASSWORD });
    expect(await sessionRowsOf(t, user.id)).toHaveLength(2);

    const token = await requestReset('forgot@example.com');
    const browser = t.client();
    await browser.get('/api/auth/csrf-cookie');
    const visitorCookie = browser.cookies.get(SESSION_COOKIE);
    const res = await reset(browser, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: 'forgot@example.com' });
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(visitorCookie);
    expect((await browser.get('/api/auth/user')).json().user.id).toBe(user.id);

    expect(await sessionRowsOf(t, user.id)).toHaveLength(1);
    for (const old of [laptop, phone]) expect((await old.get('/api/auth/user')).statusCode).toBe(401);
    const login = (password: string) =>
      t.client().post('/api/auth/login', { username: 'forgot@example.com', password });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('uses a token once: the second use answers 410 link_expired and changes nothing', async () => {
    await registerAndVerify(t, 'once@example.com');
    const token = await requestReset('once@example.com');
    expect((await reset(t.client(), token)).statusCode).toBe(200);
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => reset(c, token, 'another-Password-9'), 410, 'link_expired');
  });

  it('leaves the session it signed in alone when the used link is opened again', async () => {
    await registerAndVerify(t, 'reopened@example.com');
    const token = await requestReset('reopened@example.com');
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    expect((await reset(c, token)).statusCode).toBe(200);
    await expectRefused(t, () => reset(c, token, 'another-Password-9'), 410, 'link_expired');
    expect((await c.get('/api/auth/user')).json().user).toMatchObject({ email: 'reopened@example.com' });
  });

  it('refuses an expired token', async () => {
    const { user } = await registerAndVerify(t, 'slow@example.com');
    const token = await requestReset('slow@example.com');
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'reset')));
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => reset(c, token), 410, 'link_expired');
  });

  it('answers a member blocked since the mail 403 user_blocked, and leaves password and link as they were', async () => {
    const { user } = await registerAndVerify(t, 'blocked-since@example.com');
    const token = await requestReset('blocked-since@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => reset(c, token), 403, 'user_blocked');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await reset(c, token)).statusCode).toBe(200);
  });

  it('takes only the newest token once another was requested', async () => {
    await registerAndVerify(t, 'twice@example.com');
    const older = await requestReset('twice@example.com');
    await liftMailThrottle('twice@example.com');
    const newer = await requestReset('twice@example.com');
    expect(newer).not.toBe(older);
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => reset(c, older), 410, 'link_expired');
    expect((await reset(c, newer)).statusCode).toBe(200);
  });

  it('checks the new password before it uses the token up', async () => {
    await registerAndVerify(t, 'careful@example.com');
    const token = await requestReset('careful@example.com');
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/auth/reset', { token, ...body });
    await expectInvalid(t, send({ password: 'iloveyou1', password_confirm: 'iloveyou1' }), {
      password: ['errors.validations.password_common'],
    });
    await expectInvalid(t, send({ password: NEW_PASSWORD, password_confirm: 'something-else' }), {
      password_confirm: ['errors.validations.password_confirm'],
    });
    await expectInvalid(t, send({ password: 'short', password_confirm: 'short' }), {
      password: ['errors.validations.password_min'],
    });
    await expectInvalid(t, send({ password: NEW_PASSWORD }), { password_confirm: ['errors.validations.required'] });
    await expectInvalid(t, () => c.post('/api/auth/reset', {}), {
      token: ['errors.validations.required'],
      password: ['errors.validations.required'],
      password_confirm: ['errors.validations.required'],
    });
    await expectInvalid(t, send({ token: 7, password: 12345678, password_confirm: 12345678 }), {
      token: ['errors.validations.type.text'],
      password: ['errors.validations.type.text'],
      password_confirm: ['errors.validations.type.text'],
    });
    expect((await reset(c, token)).statusCode).toBe(200);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/auth/send', body: { email: 'guard-reset@example.com' }, as: 'visitor' },
    {
      method: 'POST',
      url: '/api/auth/reset',
      body: { token: 'x'.repeat(43), password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      as: 'visitor',
    },
  ],
);
