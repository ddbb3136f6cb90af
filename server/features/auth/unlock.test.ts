import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLOCK_TOKEN_TTL_MS } from '#common/constants.ts';
import { authTokens, users } from '#server/db/schema/users.ts';
import { expectInvalid, expectRefused, mailTo, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { DEVICE_COOKIE } from './known-device.ts';
import { sendTokenMail } from './token-mail.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'unlock-member@example.com')).client;
});
afterAll(() => t.close());

const login = (c: TestClient, username: string, password = PASSWORD) =>
  c.post('/api/auth/login', { username, password });

/** Eleven wrong passwords from eleven addresses: the account is slowed down for unknown browsers. */
async function slowDown(username: string) {
  for (let i = 0; i < 11; i++) await login(t.client(), username, `guess-${i}-password`);
}

/** Asks for the unlock mail of a name and answers the token of the newest mail to `address`. */
async function requestUnlock(c: TestClient, username: string, address: string) {
  const res = await c.post('/api/auth/unlock/send', { username });
  expect(res.json()).toEqual({ ok: true });
  return linkFrom((await mailTo(t, address)).textBody, '/users/unlock').token;
}

/** The 60 s limit between two unlock mails of an account, lifted to ask again at once. */
const liftMailThrottle = (userId: number) => t.app.ctx.throttle.reset(`unlock:mail:id:${userId}`);

describe('POST /api/auth/unlock/send', () => {
  it("mails a 30-minute single-use link in the member's language, whatever the browser's", async () => {
    const { user } = await registerAndVerify(t, 'deutsch@example.com', { lang: 'de', username: 'Deutsch' });
    const started = Date.now();
    await requestUnlock(t.client('en'), 'deutsch', 'deutsch@example.com');
    const mail = await mailTo(t, 'deutsch@example.com');
    expect(mail).toMatchObject({
      template: 'unlock',
      locale: 'de',
      subject: 'Freischaltlink für Ihr Konto bei LiveCam',
    });
    expect(mail.textBody).toContain('Ohne Ihr Passwort kann sich niemand anmelden.');
    const [row] = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'unlock')));
    const ttl = (row?.expiresAt.getTime() ?? 0) - started;
    expect(ttl).toBeGreaterThan(UNLOCK_TOKEN_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(UNLOCK_TOKEN_TTL_MS + 60_000);
  });

  it('answers the same for an unknown or blocked name, and mails nobody', async () => {
    const { user } = await registerAndVerify(t, 'blocked-unlock@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    const known = await t.client().post('/api/auth/unlock/send', { username: 'unlock-member@example.com' });
    for (const username of ['nobody-here@example.com', 'nobody_here', 'blocked-unlock@example.com']) {
      const before = await t.mails();
      const res = await t.client().post('/api/auth/unlock/send', { username });
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
      expect(await t.mails()).toEqual(before);
    }
  });

  it('answers 429 throttle to a second request for an account within 60 s, however named, known or not', async () => {
    await registerAndVerify(t, 'twice-unlock@example.com', { username: 'twice_unlock' });
    for (const [first, second] of [
      ['twice-unlock@example.com', 'TWICE_UNLOCK'],
      ['unknown-unlock@example.com', ' Unknown-Unlock@example.com '],
    ] as const) {
      await t.client().post('/api/auth/unlock/send', { username: first });
      const other = t.client();
      await other.get('/api/auth/csrf-cookie');
      const body = await expectRefused(
        t,
        () => other.post('/api/auth/unlock/send', { username: second }),
        429,
        'throttle',
      );
      expect(body.message).toBe('throttle');
    }
  });

  it('sends an account 5 mails an hour at most, and an address asks 20 times an hour at most', async () => {
    const { user } = await registerAndVerify(t, 'busy-unlock@example.com');
    for (let i = 0; i < 5; i++) {
      await liftMailThrottle(user.id);
      expect((await t.client().post('/api/auth/unlock/send', { username: 'busy-unlock@example.com' })).statusCode).toBe(
        200,
      );
    }
    await liftMailThrottle(user.id);
    const sixth = await t.client().post('/api/auth/unlock/send', { username: 'busy-unlock@example.com' });
    expect(sixth.statusCode).toBe(429);

    const asker = t.client();
    for (let i = 0; i < 20; i++) {
      expect((await asker.post('/api/auth/unlock/send', { username: `name-${i}` })).statusCode).toBe(200);
    }
    await expectRefused(t, () => asker.post('/api/auth/unlock/send', { username: 'name-20' }), 429, 'throttle');
  });

  it('refuses a missing, mistyped or oversized name with 422', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/auth/unlock/send', body);
    await expectInvalid(t, send({}), { username: ['errors.validations.required'] });
    await expectInvalid(t, send({ username: '   ' }), { username: ['errors.validations.required'] });
    await expectInvalid(t, send({ username: ['a'] }), { username: ['errors.validations.type.text'] });
    await expectInvalid(t, send({ username: 'a'.repeat(255) }), { username: ['errors.validations.too_long'] });
  });
});

describe('POST /api/auth/unlock', () => {
  it('makes the browser a known device and ends the slow-down, without signing in', async () => {
    const { user } = await registerAndVerify(t, 'locked-out@example.com');
    await slowDown('locked-out@example.com');
    const browser = t.client();
    expect((await login(browser, 'locked-out@example.com')).json().message).toBe('login_slowed');
    const token = await requestUnlock(browser, 'locked-out@example.com', 'locked-out@example.com');

    const res = await browser.post('/api/auth/unlock', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(browser.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    // The link is no password: the browser is still nobody's, and a wrong password still fails.
    expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
    expect((await login(browser, 'locked-out@example.com', 'not-the-password')).statusCode).toBe(401);
    const signedIn = await login(browser, 'locked-out@example.com');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
    // The slow-down is over for everybody until strangers run it up again.
    expect((await login(t.client(), 'locked-out@example.com', 'a-guess-password')).statusCode).toBe(401);
  });

  it('takes a link once: the second use answers 404 unlock_invalid and changes nothing', async () => {
    await registerAndVerify(t, 'once-unlock@example.com');
    const token = await requestUnlock(t.client(), 'once-unlock@example.com', 'once-unlock@example.com');
    expect((await t.client().post('/api/auth/unlock', { token })).statusCode).toBe(200);
    const again = t.client();
    await again.get('/api/auth/csrf-cookie');
    const body = await expectRefused(t, () => again.post('/api/auth/unlock', { token }), 404, 'not_found');
    expect(body.message).toBe('unlock_invalid');
    expect(again.cookies.get(DEVICE_COOKIE)).toBeUndefined();
  });

  it('refuses an expired link, a link of another purpose, and a made-up one', async () => {
    const { user } = await registerAndVerify(t, 'late-unlock@example.com');
    const token = await requestUnlock(t.client(), 'late-unlock@example.com', 'late-unlock@example.com');
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'unlock')));
    await t.client().post('/api/auth/send', { email: 'late-unlock@example.com' });
    const reset = linkFrom((await mailTo(t, 'late-unlock@example.com')).textBody, '/users/reset').token;
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    for (const value of [token, reset, 'made-up-token']) {
      const body = await expectRefused(t, () => c.post('/api/auth/unlock', { token: value }), 404, 'not_found');
      expect(body.message).toBe('unlock_invalid');
    }
    await expectInvalid(t, () => c.post('/api/auth/unlock', {}), { token: ['errors.validations.required'] });
  });

  it("keeps every link working when more are asked for: a stranger's requests cannot void the owner's", async () => {
    const { user } = await registerAndVerify(t, 'newest-unlock@example.com');
    const owners = await requestUnlock(t.client(), 'newest-unlock@example.com', 'newest-unlock@example.com');
    const stranger = t.client();
    const later: string[] = [];
    for (let i = 0; i < 4; i++) {
      await liftMailThrottle(user.id);
      later.push(await requestUnlock(stranger, 'newest-unlock@example.com', 'newest-unlock@example.com'));
    }
    expect(new Set([owners, ...later]).size).toBe(5);
    // The hour's mails are used up; the owner's link from the first one still opens.
    await liftMailThrottle(user.id);
    expect((await stranger.post('/api/auth/unlock/send', { username: 'newest-unlock@example.com' })).statusCode).toBe(
      429,
    );
    expect((await t.client().post('/api/auth/unlock', { token: owners })).statusCode).toBe(200);
    for (const token of later) expect((await t.client().post('/api/auth/unlock', { token })).statusCode).toBe(200);
  });

  it('still lets a new reset link replace the earlier one', async () => {
    await registerAndVerify(t, 'reset-twice@example.com');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'reset-twice@example.com'));
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await sendTokenMail(t.app.ctx, {
        userId: row?.id ?? 0,
        to: 'reset-twice@example.com',
        purpose: 'reset',
        locale: 'en',
      });
      tokens.push(linkFrom((await mailTo(t, 'reset-twice@example.com')).textBody, '/users/reset').token);
    }
    const password = 'new-Harbour-43';
    const reset = (token: string) =>
      t.client().post('/api/auth/reset', { token, password, password_confirm: password });
    expect((await reset(tokens[0] ?? '')).statusCode).toBe(410);
    expect((await reset(tokens[1] ?? '')).statusCode).toBe(200);
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/auth/unlock/send', body: { username: 'guard-unlock@example.com' }, as: 'visitor' },
    { method: 'POST', url: '/api/auth/unlock', body: { token: 'x'.repeat(43) }, as: 'visitor' },
  ],
);
