import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectRefused, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import type { SoftCredential } from '#server/test/passkey-authenticator.ts';
import { addPasskeyOver, authenticator } from '#server/test/passkeys.ts';
import { turnOnApp } from '#server/test/second-factor.ts';
import { REMEMBER_COOKIE } from './cookies.ts';

let t: TestContext;
let memberId: number;
let credential: SoftCredential;
let othersCredential: SoftCredential;
const auth = authenticator();
const EMAIL = 'sf-passkey@example.com';
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerAndVerify(t, EMAIL);
  memberId = m.user.id;
  await turnOnApp(m.client);
  credential = (await addPasskeyOver(m.client, auth)).credential;
  const o = await registerAndVerify(t, 'sf-passkey-other@example.com');
  othersCredential = (await addPasskeyOver(o.client, auth)).credential;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const signedIn = async (c: TestClient) => (await c.get('/api/auth/user')).statusCode === 200;

async function passwordFirst() {
  const c = t.client();
  const res = await c.post('/api/auth/login', { username: EMAIL, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().second_factor.methods).toEqual(['totp', 'recovery', 'passkey']);
  return c;
}

const optionsFor = async (c: TestClient) => {
  const res = await c.post('/api/auth/second-factor/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options;
};

describe('a passkey as the second step', () => {
  it('offers her passkeys only, and her answer signs her in (remembered when asked)', async () => {
    const c = await passwordFirst();
    const options = await optionsFor(c);
    expect(options.allowCredentials).toHaveLength(1);
    const res = await c.post('/api/auth/second-factor/passkey', {
      credential: auth.get(credential, options),
      remember: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(memberId);
    expect(await signedIn(c)).toBe(true);
    expect(c.cookies.has(REMEMBER_COOKIE)).toBe(true);
  });

  it("refuses another member's passkey, counting it as a wrong answer", async () => {
    const c = await passwordFirst();
    const options = await optionsFor(c);
    const res = await c.post('/api/auth/second-factor/passkey', { credential: auth.get(othersCredential, options) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ credential: ['passkeys.errors.refused'] });
    expect(await signedIn(c)).toBe(false);
  });

  it('needs a pending sign-in for the options and the answer', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const body = await expectRefused(
      t,
      () => c.post('/api/auth/second-factor/passkey/options'),
      401,
      'unknown_credentials',
    );
    expect(body.message).toBe('second_factor_expired');
    const answer = await c.post('/api/auth/second-factor/passkey', {
      credential: auth.get(credential, { challenge: 'AAAA', rpId: 'localhost' }),
    });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a malformed answer with 4xx', async () => {
    const c = await passwordFirst();
    await optionsFor(c);
    expect((await c.post('/api/auth/second-factor/passkey', { credential: { id: 'x' } })).statusCode).toBe(422);
    expect((await c.post('/api/auth/second-factor/passkey', {})).statusCode).toBe(422);
    expect(await signedIn(c)).toBe(false);
  });
});

describe('signing in with a passkey instead of the password', () => {
  it('asks for no second step: a passkey is two factors by itself', async () => {
    const c = t.client();
    const { options } = (await c.post('/api/auth/passkey/options')).json();
    const res = await c.post('/api/auth/passkey', { credential: auth.get(credential, options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(memberId);
  });
});
