import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_INTERVAL_SECONDS } from '#common/domain/login-slowdown.ts';
import { expectRefused, loginClient, mailTo, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, TestClient, type TestContext } from '#server/test/harness.ts';
import { DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from './known-device.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (c: TestClient, username: string, password = PASSWORD) =>
  c.post('/api/auth/login', { username, password });

/** Wrong passwords for an account, each from a browser of its own at an address of its own. */
async function strangers(username: string, count: number) {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await login(t.client(), username, `guess-${i}-password`);
    answers.push(`${res.statusCode} ${res.json().message}`);
  }
  return answers;
}

/** The interval the slow-down asks, passed: the account admits the next attempt. */
const waitOut = (userId: number) => t.app.ctx.throttle.reset(`login:gap:id:${userId}`);

describe('nobody can lock an account', () => {
  it('after many wrong passwords from many addresses, the owner signs in from her known device', async () => {
    await registerAndVerify(t, 'owner@example.com', { username: 'owner' });
    const laptop = await loginClient(t, 'owner@example.com');
    expect(laptop.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    const answers = await strangers('owner@example.com', 12);
    // With her own sign-in, ten attempts at once; the 11th opens the interval, the next must wait.
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('401 unknown_credentials'));
    expect(answers.slice(10)).toEqual(['429 login_slowed', '429 login_slowed']);
    const res = await login(laptop, 'OWNER');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('slows a browser the account does not know, for a short wait; after it the right password passes', async () => {
    const { user } = await registerAndVerify(t, 'slowed@example.com');
    await strangers('slowed@example.com', 11);
    const browser = t.client();
    await browser.get('/api/auth/csrf-cookie');
    const body = await expectRefused(t, () => login(browser, 'slowed@example.com'), 429, 'throttle');
    expect(body).toEqual({ error: 'throttle', message: 'login_slowed' });
    const again = await login(browser, 'slowed@example.com');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_MAX_INTERVAL_SECONDS);
    await waitOut(user.id);
    expect((await login(browser, 'slowed@example.com')).statusCode).toBe(200);
    // Signed in, the browser is known now: the slow-down no longer applies to it.
    await browser.post('/api/auth/logout');
    expect((await login(browser, 'slowed@example.com')).statusCode).toBe(200);
  });

  it('answers a name without an account exactly as an account', async () => {
    await registerAndVerify(t, 'real@example.com');
    expect(await strangers('ghost@example.com', 13)).toEqual(await strangers('real@example.com', 13));
  });

  it("throttles the stranger's own account and address pair after 5 wrong passwords, and nothing else", async () => {
    await registerAndVerify(t, 'paired@example.com', { username: 'paired' });
    await registerAndVerify(t, 'neighbour@example.com');
    const stranger = t.client();
    for (let i = 0; i < 5; i++) expect((await login(stranger, 'paired', `guess-${i}-pw`)).statusCode).toBe(401);
    // Named by address or by user name, it is the one account; even the right password waits.
    const body = await expectRefused(t, () => login(stranger, 'paired@example.com'), 429, 'throttle');
    expect(body.message).toBe('throttle');
    expect((await login(stranger, 'neighbour@example.com', 'not-it-either')).statusCode).toBe(401);
    expect((await login(t.client(), 'paired@example.com')).statusCode).toBe(200);
  });

  it('lets a known device through where strangers at its own address are throttled', async () => {
    await registerAndVerify(t, 'shared-net@example.com');
    const laptop = await loginClient(t, 'shared-net@example.com');
    const neighbour = new TestClient(t.app, 'en', laptop.ip);
    // The pair of account and address, then the address itself, are used up by someone else.
    for (let i = 0; i < 30; i++) await login(neighbour, 'shared-net@example.com', `guess-${i}-pw`);
    expect((await login(neighbour, 'someone-else@example.com')).statusCode).toBe(429);
    expect((await login(laptop, 'shared-net@example.com')).statusCode).toBe(200);
  });

  it("counts a known device's own wrong passwords for that device only", async () => {
    await registerAndVerify(t, 'typo@example.com');
    const laptop = await loginClient(t, 'typo@example.com');
    const phone = await loginClient(t, 'typo@example.com');
    for (let i = 0; i < 5; i++) expect((await login(laptop, 'typo@example.com', 'typo-password')).statusCode).toBe(401);
    expect((await login(laptop, 'typo@example.com')).statusCode).toBe(429);
    expect((await login(phone, 'typo@example.com')).statusCode).toBe(200);
  });

  it('starts counting a pair again after the right password', async () => {
    await registerAndVerify(t, 'forgetful@example.com');
    const c = t.client();
    for (let i = 0; i < 4; i++) await login(c, 'forgetful@example.com', 'almost-right');
    expect((await login(c, 'forgetful@example.com')).statusCode).toBe(200);
    // Another browser at that address (not a known device): the pair has its five again.
    const sibling = new TestClient(t.app, 'en', c.ip);
    for (let i = 0; i < 5; i++) {
      expect((await login(sibling, 'forgetful@example.com', 'almost-right')).statusCode).toBe(401);
    }
    expect((await login(sibling, 'forgetful@example.com')).statusCode).toBe(429);
  });
});

describe('the known-device cookie', () => {
  it('is HttpOnly, SameSite=Lax, sent only to /api/auth, and kept for 180 days', async () => {
    await registerAndVerify(t, 'cookie@example.com');
    const res = await login(t.client(), 'cookie@example.com');
    const cookies = res.cookies as Array<{
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
      maxAge?: number;
    }>;
    expect(cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: KNOWN_DEVICE_DAYS * 86_400,
    });
  });

  it("is a stranger's when forged or made for another account, and forgotten with a new password", async () => {
    const { user } = await registerAndVerify(t, 'careful@example.com');
    await registerAndVerify(t, 'other-member@example.com');
    const laptop = await loginClient(t, 'careful@example.com');
    const others = await loginClient(t, 'other-member@example.com');
    const cookie = laptop.cookies.get(DEVICE_COOKIE) as string;
    await strangers('careful@example.com', 11);
    const withCookie = (value: string) => {
      const c = t.client();
      c.cookies.set(DEVICE_COOKIE, value);
      return c;
    };
    const forged = `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const value of [forged, others.cookies.get(DEVICE_COOKIE) as string]) {
      const res = await login(withCookie(value), 'careful@example.com');
      expect(res.json().message).toBe('login_slowed');
    }
    expect((await login(withCookie(cookie), 'careful@example.com')).statusCode).toBe(200);

    // A reset sets a new password: the laptop is a stranger now, the browser that reset it is known.
    await waitOut(user.id);
    await t.client().post('/api/auth/send', { email: 'careful@example.com' });
    const { token } = linkFrom((await mailTo(t, 'careful@example.com')).textBody, '/users/reset');
    const resetter = t.client();
    const password = 'amber-Lighthouse-77';
    const reset = await resetter.post('/api/auth/reset', { token, password, password_confirm: password });
    expect(reset.statusCode).toBe(200);
    await strangers('careful@example.com', 1);
    expect((await login(withCookie(cookie), 'careful@example.com', password)).json().message).toBe('login_slowed');
    await resetter.post('/api/auth/logout');
    expect((await login(resetter, 'careful@example.com', password)).statusCode).toBe(200);
  });
});
