import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { passkeys } from '#server/db/schema/passkeys.ts';
import { users } from '#server/db/schema/users.ts';
import { hashToken } from '#server/features/session/tokens.ts';
import { expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import type { SoftCredential } from '#server/test/passkey-authenticator.ts';
import { addPasskeyOver, authenticator, ORIGIN, RP_ID } from '#server/test/passkeys.ts';
import { assertionOptions, verifyPasskeyAssertion } from './ceremony.ts';

let t: TestContext;
let memberId: number;
let credential: SoftCredential;
let othersCredential: SoftCredential;
const auth = authenticator();
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerAndVerify(t, 'passkey-signin@example.com');
  memberId = m.user.id;
  credential = (await addPasskeyOver(m.client, auth)).credential;
  const o = await registerAndVerify(t, 'passkey-signin-other@example.com');
  othersCredential = (await addPasskeyOver(o.client, auth)).credential;
});
afterAll(() => t.close());

const optionsFor = async (c: TestClient) => {
  const res = await c.post('/api/auth/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options;
};

describe('signing in with a passkey', () => {
  it('asks for a discoverable credential and signs the member in without a second step', async () => {
    const c = t.client();
    const options = await optionsFor(c);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await c.post('/api/auth/passkey', { credential: auth.get(credential, options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(memberId);
    expect((await c.get('/api/auth/user')).json().user.id).toBe(memberId);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, memberId));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(row?.counter).toBe(credential.counter);
  });

  it('refuses a replayed answer: the challenge is gone after its first use', async () => {
    const c = t.client();
    const answer = auth.get(credential, await optionsFor(c));
    expect((await c.post('/api/auth/passkey', { credential: answer })).statusCode).toBe(200);
    const thief = t.client();
    await optionsFor(thief);
    await expectRefused(t, () => thief.post('/api/auth/passkey', { credential: answer }), 401, 'unknown_credentials');
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another relying party', { rpId: 'evil.example' }],
    ['no user verification', { userVerified: false }],
    ['a counter that went backwards', { counter: 1 }],
  ])('refuses an answer with %s, signing nobody in', async (_label, tamper) => {
    const c = t.client();
    const before = credential.counter;
    const answer = auth.get(credential, await optionsFor(c), tamper);
    credential.counter = Math.max(before, credential.counter);
    await expectRefused(t, () => c.post('/api/auth/passkey', { credential: answer }), 401, 'unknown_credentials');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses an unknown credential and an answer without options', async () => {
    const c = t.client();
    const stranger = auth.create({ challenge: 'x' }).credential;
    const options = await optionsFor(c);
    await expectRefused(
      t,
      () => c.post('/api/auth/passkey', { credential: auth.get(stranger, options) }),
      401,
      'unknown_credentials',
    );
    const fresh = t.client();
    await fresh.get('/api/auth/csrf-cookie');
    const answer = auth.get(credential, options);
    await expectRefused(t, () => fresh.post('/api/auth/passkey', { credential: answer }), 401, 'unknown_credentials');
  });

  it('refuses a blocked member as the password login does', async () => {
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, memberId));
    try {
      const c = t.client();
      const answer = auth.get(credential, await optionsFor(c));
      const body = await expectRefused(
        t,
        () => c.post('/api/auth/passkey', { credential: answer }),
        401,
        'unknown_credentials',
      );
      expect(body.message).toBe('user_blocked');
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.id, memberId));
    }
  });

  it("counts answers on the caller's address: 429 after the allowance, the member untouched", async () => {
    const c = t.client();
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) {
      const options = await optionsFor(c);
      status = (
        await c.post('/api/auth/passkey', {
          credential: auth.get(credential, options, { origin: 'https://x.example' }),
        })
      ).statusCode;
    }
    expect(status).toBe(429);
    // Another address signs her in at once.
    const mine = t.client();
    const answer = auth.get(credential, await optionsFor(mine));
    expect((await mine.post('/api/auth/passkey', { credential: answer })).statusCode).toBe(200);
  });
});

describe('verifyPasskeyAssertion for a known member (the second factor)', () => {
  it("accepts her passkey and not another member's", async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const sessionId = hashToken(t.config.sessionSecret, c.cookies.get(SESSION_COOKIE) ?? '');
    const rp = { id: RP_ID, name: 'Test', origins: [ORIGIN] };
    const secret = t.config.sessionSecret;
    const ask = () => assertionOptions(t.db, { sessionId, purpose: 'second_factor', rp, userId: memberId });
    const base = { sessionId, purpose: 'second_factor' as const, userId: memberId, rp, secret };
    const options = await ask();
    expect(options.allowCredentials?.map((a) => a.id)).toEqual([credential.id.toString('base64url')]);
    expect(await verifyPasskeyAssertion(t.db, { ...base, credential: auth.get(othersCredential, options) })).toBeNull();
    const proved = await verifyPasskeyAssertion(t.db, { ...base, credential: auth.get(credential, await ask()) });
    expect(proved?.userId).toBe(memberId);
  });
});

describeWriteGuards(
  () => ({ t, member: t.client() }),
  [
    { method: 'POST', url: '/api/auth/passkey/options', body: {}, as: 'visitor' },
    { method: 'POST', url: '/api/auth/passkey', body: { credential: {} }, as: 'visitor' },
  ],
);
