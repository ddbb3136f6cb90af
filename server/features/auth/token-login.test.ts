import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, TOKEN_LOGIN_TTL_MS } from '#common/constants.ts';
import { authTokens, users } from '#server/db/schema/users.ts';
import {
  expectInvalid,
  expectRefused,
  loginClient,
  mailTo,
  PASSWORD,
  registerAndVerify,
  registerUser,
  sessionRowsOf,
  userRow,
} from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { DEVICE_COOKIE } from './known-device.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'token-member@example.com')).client;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const SEND = '/api/auth/token_login/send';
const LOGIN = '/api/auth/token_login';

/** Asks for a sign-in link and answers the token of the newest mail to the address. */
async function requestLink(email: string, c: TestClient = t.client()) {
  const res = await c.post(SEND, { email });
  expect(res.json()).toEqual({ ok: true });
  return linkFrom((await mailTo(t, email.toLowerCase())).textBody, '/token_login').token;
}

/** The 60 s limit between two sign-in mails of an account, lifted to ask again at once. */
const liftMailThrottle = (userId: number) => t.app.ctx.throttle.reset(`token_login:mail:id:${userId}`);

const setStatus = (userId: number, status: 'active' | 'blocked' | 'cancelled') =>
  t.db.update(users).set({ status }).where(eq(users.id, userId));

/** A visitor with a session and its CSRF token, so that a refused call changes no table. */
async function visitor() {
  const c = t.client();
  await c.get('/api/auth/csrf-cookie');
  return c;
}

describe('POST /api/auth/token_login/send', () => {
  it("mails a 15-minute single-use link to /token_login in the member's language", async () => {
    const { user } = await registerAndVerify(t, 'link-de@example.com', { lang: 'de' });
    const started = Date.now();
    await requestLink('Link-DE@example.com', t.client('en'));
    const mail = await mailTo(t, 'link-de@example.com');
    expect(mail).toMatchObject({ template: 'token_login', locale: 'de', subject: 'Ihr Anmeldelink für LiveCam' });
    expect(mail.textBody).toContain('http://localhost:3000/token_login?token=');
    expect(mail.textBody).toContain('15 Minuten');
    const [row] = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'token_login')));
    const ttl = (row?.expiresAt.getTime() ?? 0) - started;
    expect(ttl).toBeGreaterThan(TOKEN_LOGIN_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(TOKEN_LOGIN_TTL_MS + 60_000);
  });

  it('answers an unknown address as a known one, and mails nobody', async () => {
    const known = await t.client().post(SEND, { email: 'token-member@example.com' });
    const before = await t.mails();
    const res = await t.client().post(SEND, { email: 'nobody-token@example.com' });
    expect(res.statusCode).toBe(known.statusCode);
    expect(res.body).toBe(known.body);
    expect(await t.mails()).toEqual(before);
  });

  it('answers a blocked member 403 user_blocked and sends nothing', async () => {
    const { user } = await registerAndVerify(t, 'blocked-token@example.com');
    await setStatus(user.id, 'blocked');
    const c = await visitor();
    await expectRefused(t, () => c.post(SEND, { email: 'blocked-token@example.com' }), 403, 'user_blocked');
  });

  it('answers 429 throttle to a second request for an address within 60 s, known or not', async () => {
    for (const email of ['twice-token@example.com', 'unknown-twice-token@example.com']) {
      if (email.startsWith('twice')) await registerAndVerify(t, email);
      await t.client().post(SEND, { email });
      const c = await visitor();
      const body = await expectRefused(t, () => c.post(SEND, { email: email.toUpperCase() }), 429, 'throttle');
      expect(body.message).toBe('throttle');
    }
  });

  it('sends an account 5 mails an hour at most, and an address asks 20 times an hour at most', async () => {
    const { user } = await registerAndVerify(t, 'busy-token@example.com');
    for (let i = 0; i < 5; i++) {
      await liftMailThrottle(user.id);
      expect((await t.client().post(SEND, { email: 'busy-token@example.com' })).statusCode).toBe(200);
    }
    await liftMailThrottle(user.id);
    expect((await t.client().post(SEND, { email: 'busy-token@example.com' })).statusCode).toBe(429);

    const asker = await visitor();
    for (let i = 0; i < 20; i++) {
      expect((await asker.post(SEND, { email: `asker-${i}@example.com` })).statusCode).toBe(200);
    }
    await expectRefused(t, () => asker.post(SEND, { email: 'asker-20@example.com' }), 429, 'throttle');
  });

  it('refuses a missing, malformed or oversized address with 422', async () => {
    const c = await visitor();
    const send = (body: object) => () => c.post(SEND, body);
    await expectInvalid(t, send({}), { email: ['errors.validations.required'] });
    await expectInvalid(t, send({ email: 'nobody' }), { email: ['errors.validations.email'] });
    await expectInvalid(t, send({ email: ['a@b.de'] }), { email: ['errors.validations.type.text'] });
    await expectInvalid(t, send({ email: `${'a'.repeat(250)}@b.de` }), { email: ['errors.validations.too_long'] });
  });
});

describe('POST /api/auth/token_login', () => {
  it('signs in like a password login: a new session, a working CSRF token, a known device', async () => {
    const { client: laptop, user } = await registerAndVerify(t, 'by-link@example.com');
    const token = await requestLink('by-link@example.com');
    const browser = await visitor();
    const visitorCookie = browser.cookies.get(SESSION_COOKIE);
    const res = await browser.post(LOGIN, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: 'by-link@example.com', is_verified: true });
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(visitorCookie);
    expect(browser.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    expect((await browser.get('/api/auth/user')).json().user.id).toBe(user.id);
    // The new session takes writes with its own CSRF token.
    expect((await browser.post('/api/auth/logout', {})).statusCode).toBe(200);
    // Another browser of hers stays signed in: a link is no password change.
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('takes a link once: a replay answers 410 link_expired, changes nothing and keeps the session', async () => {
    await registerAndVerify(t, 'replay@example.com');
    const token = await requestLink('replay@example.com');
    const browser = await visitor();
    expect((await browser.post(LOGIN, { token })).statusCode).toBe(200);
    await expectRefused(t, () => browser.post(LOGIN, { token }), 410, 'link_expired');
    expect((await browser.get('/api/auth/user')).json().user.email).toBe('replay@example.com');
    const stranger = await visitor();
    await expectRefused(t, () => stranger.post(LOGIN, { token }), 410, 'link_expired');
    expect((await stranger.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a link after 15 minutes', async () => {
    await registerAndVerify(t, 'late-link@example.com');
    const token = await requestLink('late-link@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TOKEN_LOGIN_TTL_MS + 1000);
    const c = await visitor();
    await expectRefused(t, () => c.post(LOGIN, { token }), 410, 'link_expired');
    vi.setSystemTime(Date.now() - 2 * 60_000);
    expect((await c.post(LOGIN, { token })).statusCode).toBe(200);
  });

  it('refuses a made-up token and a link of another purpose with 410, a malformed one with 422', async () => {
    await registerAndVerify(t, 'other-purpose@example.com');
    await t.client().post('/api/auth/send', { email: 'other-purpose@example.com' });
    const reset = linkFrom((await mailTo(t, 'other-purpose@example.com')).textBody, '/users/reset').token;
    const c = await visitor();
    for (const token of [reset, 'made-up-token']) {
      await expectRefused(t, () => c.post(LOGIN, { token }), 410, 'link_expired');
    }
    await expectInvalid(t, () => c.post(LOGIN, {}), { token: ['errors.validations.required'] });
    await expectInvalid(t, () => c.post(LOGIN, { token: 42 }), { token: ['errors.validations.type.text'] });
    const long = await expectRefused(t, () => c.post(LOGIN, { token: 'x'.repeat(300) }), 422, 'validation_failed');
    expect(Object.keys(long.errors ?? {})).toEqual(['token']);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('answers a member blocked since the mail 403 user_blocked and leaves the link as it was', async () => {
    const { user } = await registerAndVerify(t, 'blocked-later@example.com');
    const token = await requestLink('blocked-later@example.com');
    await setStatus(user.id, 'blocked');
    const c = await visitor();
    await expectRefused(t, () => c.post(LOGIN, { token }), 403, 'user_blocked');
    await setStatus(user.id, 'active');
    expect((await c.post(LOGIN, { token })).statusCode).toBe(200);
  });

  it('does not sign in to an account cancelled since the mail', async () => {
    const { user } = await registerAndVerify(t, 'cancelled-later@example.com');
    const token = await requestLink('cancelled-later@example.com');
    await setStatus(user.id, 'cancelled');
    const c = await visitor();
    await expectRefused(t, () => c.post(LOGIN, { token }), 410, 'link_expired');
  });

  it("keeps every link working until one is used; then the others stop: a stranger's asking voids none", async () => {
    const { user } = await registerAndVerify(t, 'many-links@example.com');
    const owners = await requestLink('many-links@example.com');
    await liftMailThrottle(user.id);
    const strangers = await requestLink('many-links@example.com');
    await liftMailThrottle(user.id);
    const third = await requestLink('many-links@example.com');
    expect(new Set([owners, strangers, third]).size).toBe(3);
    expect((await t.client().post(LOGIN, { token: owners })).statusCode).toBe(200);
    const c = await visitor();
    for (const token of [strangers, third]) await expectRefused(t, () => c.post(LOGIN, { token }), 410, 'link_expired');
  });

  it('activates an unverified account and takes it from the registrant: sessions and password go', async () => {
    // Someone registered her address with a password of his own before she ever proved it.
    const { client: registrant, user } = await registerUser(t, 'unproved@example.com');
    const token = await requestLink('unproved@example.com');
    const owner = await visitor();
    const res = await owner.post(LOGIN, { token });
    expect(res.json().user).toMatchObject({ id: user.id, is_verified: true });
    expect((await registrant.get('/api/auth/user')).statusCode).toBe(401);
    expect(await sessionRowsOf(t, user.id)).toHaveLength(1);
    expect((await userRow(t, 'unproved@example.com')).passwordHash).toBeNull();
    const again = await t.client().post('/api/auth/login', { username: 'unproved@example.com', password: PASSWORD });
    expect(again.statusCode).toBe(401);
    // Her own session from the link goes on working, writes included.
    expect((await owner.get('/api/auth/user')).json().user.id).toBe(user.id);
    expect((await owner.post('/api/auth/logout', {})).statusCode).toBe(200);
  });

  it('keeps the password of an account already proved', async () => {
    await registerAndVerify(t, 'proved-link@example.com');
    const token = await requestLink('proved-link@example.com');
    expect((await t.client().post(LOGIN, { token })).statusCode).toBe(200);
    await loginClient(t, 'proved-link@example.com');
  });

  it("lifts the account's login slow-down, as the mailbox proves the owner", async () => {
    await registerAndVerify(t, 'slowed-link@example.com');
    for (let i = 0; i < 11; i++) {
      await t.client().post('/api/auth/login', { username: 'slowed-link@example.com', password: `guess-${i}-pw` });
    }
    const stranger = () =>
      t.client().post('/api/auth/login', { username: 'slowed-link@example.com', password: PASSWORD });
    expect((await stranger()).json().message).toBe('login_slowed');
    const token = await requestLink('slowed-link@example.com');
    expect((await t.client().post(LOGIN, { token })).statusCode).toBe(200);
    expect((await stranger()).statusCode).toBe(200);
  });

  it('stops the links mailed to the old address once the address is changed', async () => {
    const { client } = await registerAndVerify(t, 'moving@example.com');
    const token = await requestLink('moving@example.com');
    const change = await client.post('/api/user/reset_email', { email: 'moved@example.com', password: PASSWORD });
    expect(change.statusCode, change.body).toBe(200);
    const confirm = linkFrom((await mailTo(t, 'moved@example.com')).textBody, '/users/email_validate').token;
    expect((await client.post('/api/user/email_validate', { token: confirm })).statusCode).toBe(200);
    expect((await t.client().post(LOGIN, { token })).statusCode).toBe(410);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: SEND, body: { email: 'guard-token@example.com' }, as: 'visitor' },
    { method: 'POST', url: LOGIN, body: { token: 'x'.repeat(43) }, as: 'visitor' },
  ],
);
