import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECOND_FACTOR_PENDING_SECONDS } from '#common/api/second-factor.ts';
import { SESSION_COOKIE } from '#common/constants.ts';
import { pendingSignIns } from '#server/db/schema/second-factor.ts';
import {
  expectInvalid,
  expectRefused,
  FORM_MS,
  mailTo,
  PASSWORD,
  registerAndVerify,
  registerUser,
  userRow,
} from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { appCode, stepClock, turnOnApp } from '#server/test/second-factor.ts';
import { DEVICE_COOKIE } from '../known-device.ts';
import { PENDING_COOKIE } from './cookies.ts';

/*
 * The reset and activation links prove the mailbox, a first factor only (decision 071): with her
 * authenticator app on, they answer 202 and the session waits for the second step.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const STEP = '/api/auth/second-factor';
const NEW_PASSWORD = 'amber-Lighthouse-77';
const challenge = { second_factor: { methods: ['totp', 'recovery'], expires_in: SECOND_FACTOR_PENDING_SECONDS } };
const wrong = { code: ['errors.validations.second_factor_wrong'] };

const signedIn = async (c: TestClient) => (await c.get('/api/auth/user')).statusCode === 200;
const login = (password: string) => (email: string) =>
  t.client().post('/api/auth/login', { username: email, password });

/** The first link to `path` in the newest mail to her. */
const tokenMailed = async (email: string, path: string) => linkFrom((await mailTo(t, email)).textBody, path).token;

/** The browser that used a link and was asked for the second step: a wrong code, then the right one. */
async function secondStepSignsIn(c: TestClient, secret: string, id: number, clock: ReturnType<typeof stepClock>) {
  await expectInvalid(t, () => c.post(STEP, { method: 'totp', code: '000000' }), wrong);
  expect(await signedIn(c)).toBe(false);
  const done = await c.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()) });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().user.id).toBe(id);
  expect(c.cookies.has(SESSION_COOKIE)).toBe(true);
  expect(await signedIn(c)).toBe(true);
  // The device is known once the second step is done, as after any sign-in.
  expect(c.cookies.get(DEVICE_COOKIE)).toMatch(new RegExp(`^${id}\\.`));
  expect(c.cookies.has(PENDING_COOKIE)).toBe(false);
}

/** The link answered 202: a pending sign-in, no session, no known device. */
async function expectAsked(c: TestClient, res: Awaited<ReturnType<TestClient['post']>>, id: number) {
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual(challenge);
  expect(c.cookies.has(PENDING_COOKIE)).toBe(true);
  expect(c.cookies.has(DEVICE_COOKIE)).toBe(false);
  expect(await signedIn(c)).toBe(false);
  expect(await t.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, id))).toHaveLength(1);
}

describe('POST /api/auth/reset with her authenticator app on', () => {
  it('sets the new password but starts the session only after the second step', async () => {
    const clock = stepClock();
    const email = 'reset-2fa@example.com';
    const { client, user } = await registerAndVerify(t, email);
    const { secret } = await turnOnApp(client);
    clock.tick();
    await t.client().post('/api/auth/send', { email });
    const token = await tokenMailed(email, '/users/reset');
    const c = t.client();
    const res = await c.post('/api/auth/reset', { token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    await expectAsked(c, res, user.id);
    // The link is used and the new password stands; whoever knew the old one is signed out.
    await expectRefused(
      t,
      () => c.post('/api/auth/reset', { token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }),
      410,
      'link_expired',
    );
    expect(await signedIn(client)).toBe(false);
    expect((await login(PASSWORD)(email)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)(email)).statusCode).toBe(202);
    await secondStepSignsIn(c, secret, user.id, clock);
  });

  it('lets a browser she told to remember through at once, as a sign-in link would', async () => {
    const clock = stepClock();
    const email = 'reset-2fa-remembered@example.com';
    const { client, user } = await registerAndVerify(t, email);
    const { secret } = await turnOnApp(client);
    const c = t.client();
    expect((await c.post('/api/auth/login', { username: email, password: PASSWORD })).statusCode).toBe(202);
    const step = await c.post(STEP, { method: 'totp', code: appCode(secret, clock.tick()), remember: true });
    expect(step.statusCode, step.body).toBe(200);
    await c.post('/api/auth/send', { email });
    const token = await tokenMailed(email, '/users/reset');
    const res = await c.post('/api/auth/reset', { token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(await signedIn(c)).toBe(true);
  });
});

describe('POST /api/register/validate with her authenticator app on', () => {
  it('confirms the address but starts the session only after the second step', async () => {
    const clock = stepClock();
    const email = 'activate-2fa@example.com';
    // Not yet verified, she already turned the app on.
    const { client, user } = await registerUser(t, email);
    const token = await tokenMailed(email, '/users/activate');
    const { secret } = await turnOnApp(client);
    clock.tick();
    const c = t.client();
    const res = await c.post('/api/register/validate', { token });
    await expectAsked(c, res, user.id);
    expect((await userRow(t, email)).isVerified).toBe(true);
    // The registrant's session ended with the activation, as without a second factor.
    expect(await signedIn(client)).toBe(false);
    await expectRefused(t, () => c.post('/api/register/validate', { token }), 410, 'link_expired');
    await secondStepSignsIn(c, secret, user.id, clock);
    expect((await c.get('/api/auth/user')).json().user.is_verified).toBe(true);
  });

  it('asks an account without a password for the second step after the password it chose', async () => {
    const clock = stepClock();
    const email = 'activate-2fa-nopw@example.com';
    const c0 = t.client();
    const made = await c0.post('/api/register', {
      email,
      terms_check: true,
      form_ms: FORM_MS,
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = await tokenMailed(email, '/users/activate');
    const { secret } = await turnOnApp(c0, undefined);
    clock.tick();
    const c = t.client();
    const res = await c.post('/api/register/validate', { token, password: NEW_PASSWORD });
    await expectAsked(c, res, made.json().user.id);
    expect((await login(NEW_PASSWORD)(email)).statusCode).toBe(202);
    await secondStepSignsIn(c, secret, made.json().user.id, clock);
  });
});
