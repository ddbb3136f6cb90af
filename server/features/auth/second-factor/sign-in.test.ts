import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECOND_FACTOR_PENDING_SECONDS } from '#common/api/second-factor.ts';
import { SESSION_COOKIE } from '#common/constants.ts';
import { pendingSignIns } from '#server/db/schema/second-factor.ts';
import { users } from '#server/db/schema/users.ts';
import { expectInvalid, expectRefused, mailTo, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { appCode, stepClock, turnOnApp } from '#server/test/second-factor.ts';
import { PENDING_COOKIE, REMEMBER_COOKIE } from './cookies.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const STEP = '/api/auth/second-factor';
const wrong = { code: ['errors.validations.second_factor_wrong'] };

/** A member with her app on; answers her key, recovery codes and id. */
async function memberWithApp(email: string) {
  const { client, user } = await registerAndVerify(t, email);
  return { ...(await turnOnApp(client)), id: user.id, client };
}

/** A fresh browser that gave the right password: answers it and the 202's body. */
async function passwordFirst(email: string, c: TestClient = t.client()) {
  const res = await c.post('/api/auth/login', { username: email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(202);
  return { c, body: res.json() };
}

const signedIn = async (c: TestClient) => (await c.get('/api/auth/user')).statusCode === 200;

describe('the second step after the password', () => {
  it('answers 202 with the ways to answer, then a code of the app signs her in', async () => {
    const clock = stepClock();
    const { secret, id } = await memberWithApp('sf-in@example.com');
    clock.tick();
    const { c, body } = await passwordFirst('sf-in@example.com');
    expect(body).toEqual({
      second_factor: { methods: ['totp', 'recovery'], expires_in: SECOND_FACTOR_PENDING_SECONDS },
    });
    expect(c.cookies.has(PENDING_COOKIE)).toBe(true);
    expect(await signedIn(c)).toBe(false);
    await expectInvalid(t, () => c.post(STEP, { method: 'totp', code: '000000' }), wrong);
    const res = await c.post(STEP, { method: 'totp', code: appCode(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(id);
    expect(res.json().recovery_codes_left).toBeUndefined();
    expect(c.cookies.has(PENDING_COOKIE)).toBe(false);
    expect(c.cookies.has(REMEMBER_COOKIE)).toBe(false);
    expect(await signedIn(c)).toBe(true);
    expect(await t.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, id))).toEqual([]);
  });

  it('refuses a code used once already, even in another sign-in', async () => {
    const clock = stepClock();
    const { secret } = await memberWithApp('sf-replay@example.com');
    clock.tick();
    const code = appCode(secret);
    const first = await passwordFirst('sf-replay@example.com');
    expect((await first.c.post(STEP, { method: 'totp', code })).statusCode).toBe(200);
    const second = await passwordFirst('sf-replay@example.com');
    await expectInvalid(t, () => second.c.post(STEP, { method: 'totp', code }), wrong);
  });

  it('answers 401 second_factor_expired once the pending sign-in ran out', async () => {
    const clock = stepClock();
    const { secret } = await memberWithApp('sf-late@example.com');
    const { c } = await passwordFirst('sf-late@example.com');
    const now = clock.tick(SECOND_FACTOR_PENDING_SECONDS + 1);
    const res = await c.post(STEP, { method: 'totp', code: appCode(secret, now) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unknown_credentials', message: 'second_factor_expired' });
    expect(c.cookies.has(PENDING_COOKIE)).toBe(false);
    expect(await signedIn(c)).toBe(false);
    const stranger = t.client();
    await stranger.get('/api/auth/csrf-cookie');
    const none = await expectRefused(
      t,
      () => stranger.post(STEP, { method: 'totp', code: '123456' }),
      401,
      'unknown_credentials',
    );
    expect(none.message).toBe('second_factor_expired');
  });

  it('ends the pending sign-in after five wrong answers: she starts over', async () => {
    const clock = stepClock();
    const { secret } = await memberWithApp('sf-tries@example.com');
    const { c } = await passwordFirst('sf-tries@example.com');
    for (let i = 0; i < 4; i++) expect((await c.post(STEP, { method: 'totp', code: '000000' })).statusCode).toBe(422);
    const last = await c.post(STEP, { method: 'totp', code: '000000' });
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe('second_factor_expired');
    const now = clock.tick();
    const after = await c.post(STEP, { method: 'totp', code: appCode(secret, now) });
    expect(after.statusCode).toBe(401);
    expect(await signedIn(c)).toBe(false);
  });

  it('slows strangers with her password down on the account, never her known device', async () => {
    const clock = stepClock();
    const { secret } = await memberWithApp('sf-slow@example.com');
    // Her own browser, a known device of the account once she signed in with it.
    const { c } = await registerBrowser('sf-slow@example.com', secret, clock);
    let slowed = false;
    // Strangers from many addresses, each with her password: the account's second step slows down.
    for (let i = 0; i < 12 && !slowed; i++) {
      const { c } = await passwordFirst('sf-slow@example.com');
      for (let j = 0; j < 4 && !slowed; j++) {
        const res = await c.post(STEP, { method: 'totp', code: '000000' });
        slowed = res.statusCode === 429;
      }
    }
    expect(slowed).toBe(true);
    const { c: again } = await passwordFirst('sf-slow@example.com', c);
    const res = await again.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes a recovery code once, and tells how many are left', async () => {
    const { codes } = await memberWithApp('sf-recovery@example.com');
    const first = await passwordFirst('sf-recovery@example.com');
    const res = await first.c.post(STEP, { method: 'recovery', code: (codes[0] ?? '').toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recovery_codes_left).toBe(9);
    const second = await passwordFirst('sf-recovery@example.com');
    await expectInvalid(t, () => second.c.post(STEP, { method: 'recovery', code: codes[0] }), wrong);
    // A code of the app is no recovery code.
    await expectInvalid(t, () => second.c.post(STEP, { method: 'recovery', code: '123456' }), wrong);
  });

  it('refuses a member blocked since her password held', async () => {
    const clock = stepClock();
    const { secret, id } = await memberWithApp('sf-blocked@example.com');
    const { c } = await passwordFirst('sf-blocked@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, id));
    const res = await c.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('user_blocked');
    expect(await signedIn(c)).toBe(false);
  });

  it('refuses bad bodies with 4xx, changing nothing', async () => {
    await memberWithApp('sf-bodies@example.com');
    const { c } = await passwordFirst('sf-bodies@example.com');
    await expectRefused(t, () => c.post(STEP, { method: 'sms', code: '123456' }), 422, 'validation_failed');
    await expectRefused(t, () => c.post(STEP, { method: 'totp' }), 422, 'validation_failed');
    await expectRefused(t, () => c.post(STEP, { method: 'totp', code: 'x'.repeat(41) }), 422, 'validation_failed');
  });
});

/** Her browser signed in through the second step, remembered or not (it is a known device then). */
async function registerBrowser(email: string, secret: string, clock: ReturnType<typeof stepClock>, remember = false) {
  const { c } = await passwordFirst(email);
  const res = await c.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()), remember });
  expect(res.statusCode, res.body).toBe(200);
  await c.post('/api/auth/logout');
  return { c };
}

describe('remembering a browser', () => {
  it('spares a remembered browser the step for 30 days, until she turns the app off', async () => {
    const clock = stepClock();
    const { secret, client } = await memberWithApp('sf-remember@example.com');
    const { c } = await registerBrowser('sf-remember@example.com', secret, clock, true);
    expect(c.cookies.has(REMEMBER_COOKIE)).toBe(true);
    expect(
      (await c.post('/api/auth/login', { username: 'sf-remember@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
    await c.post('/api/auth/logout');
    // Another browser is still asked.
    await passwordFirst('sf-remember@example.com');
    // Off, and on again: the remembered browser is asked again.
    const off = await client.post('/api/users/second-factor/off', {
      password: PASSWORD,
      code: appCode(secret, clock.tick()),
    });
    expect(off.statusCode, off.body).toBe(200);
    clock.tick();
    await turnOnApp(client);
    await passwordFirst('sf-remember@example.com', c);
  });

  it('forgets a remembered browser after 30 days', async () => {
    const clock = stepClock();
    const { secret } = await memberWithApp('sf-remember-old@example.com');
    const { c } = await registerBrowser('sf-remember-old@example.com', secret, clock, true);
    clock.tick(31 * 86_400);
    await passwordFirst('sf-remember-old@example.com', c);
  });
});

describe('the mailed link asks too', () => {
  it('answers the link with 202; the code then signs her in', async () => {
    const clock = stepClock();
    const { secret, id } = await memberWithApp('sf-link@example.com');
    await t.client().post('/api/auth/token_login/send', { email: 'sf-link@example.com' });
    await t.app.ctx.background.settled();
    const { token } = linkFrom((await mailTo(t, 'sf-link@example.com')).textBody, '/token_login');
    const c = t.client();
    const res = await c.post('/api/auth/token_login', { token });
    expect(res.statusCode, res.body).toBe(202);
    expect(await signedIn(c)).toBe(false);
    const done = await c.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.id).toBe(id);
    expect(c.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});

describe('Google asks too', () => {
  it('answers a Google sign-in of her account with 202', async () => {
    const clock = stepClock();
    const { secret, id } = await memberWithApp('sf-google@example.com');
    const google = t.app.ctx.google;
    const saved = { enabled: google.enabled, verify: google.verify };
    Object.assign(google, {
      enabled: true,
      verify: async () => ({ sub: 'g-sf', email: 'sf-google@example.com', emailVerified: true, name: null }),
    });
    try {
      const c = t.client();
      const res = await c.post('/api/auth/login', { credential: 'a-google-id-token' });
      expect(res.statusCode, res.body).toBe(202);
      const done = await c.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()) });
      expect(done.json().user.id).toBe(id);
    } finally {
      Object.assign(google, saved);
    }
  });
});

describeWriteGuards(
  () => ({ t, member: t.client() }),
  [
    { method: 'POST', url: STEP, body: { method: 'totp', code: '123456' }, as: 'visitor' },
    { method: 'POST', url: `${STEP}/passkey/options`, body: {}, as: 'visitor' },
    { method: 'POST', url: `${STEP}/passkey`, body: { credential: {} }, as: 'visitor' },
  ],
);
