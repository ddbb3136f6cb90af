import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { users } from '#server/db/schema/users.ts';
import { createShow, createVideo } from '#server/test/catalog.ts';
import { expectRefused, PASSWORD, registerAndVerify, registerUser, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const KID = 'google-test-key';

let t: TestContext;
let jwks: Server;
let googleKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs` },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwks.close(resolve));
});

type Claims = { sub: string; email?: string; email_verified?: boolean; name?: string };

/** An ID token as Google signs it; each option breaks one part of it. */
function idToken(
  claims: Claims,
  opts: { key?: CryptoKey; audience?: string; issuer?: string; expiresAt?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(opts.issuer ?? 'https://accounts.google.com')
    .setAudience(opts.audience ?? CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.expiresAt ?? now + 3600)
    .sign(opts.key ?? googleKey);
}

const googleLogin = async (credential: string, register?: boolean, lang = 'en') => {
  const c = t.client(lang);
  await c.get('/api/auth/csrf-cookie');
  const visitorCookie = c.cookies.get(SESSION_COOKIE);
  const res = await c.post('/api/auth/login', { credential, ...(register === undefined ? {} : { register }) });
  return { c, res, visitorCookie };
};

describe('Google sign-in', () => {
  it('takes an unproven account made by someone else away from them: password and sessions go', async () => {
    // Someone registers the address before its owner, with a password of their own.
    const { client: squatter } = await registerUser(t, 'owner.first@gmail.com');
    expect((await squatter.get('/api/auth/user')).statusCode).toBe(200);
    const { res } = await googleLogin(await idToken({ sub: 'g-owner-first', email: 'owner.first@gmail.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'owner.first@gmail.com', is_verified: true, has_password: false });
    expect((await squatter.get('/api/auth/user')).statusCode).toBe(401);
    const again = await t.client().post('/api/auth/login', { username: 'owner.first@gmail.com', password: PASSWORD });
    expect(again.statusCode).toBe(401);
  });

  it('answers 422 with the address for an unknown account, so the client can offer sign-up', async () => {
    const credential = await idToken({ sub: 'g-new', email: 'New.Google@Gmail.com' });
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const body = await expectRefused(
      t,
      () => c.post('/api/auth/login', { credential }),
      422,
      'google_account_not_found',
    );
    expect(body.email).toBe('new.google@gmail.com');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('creates the account with register:true, verified by Google, and logs it in on a new session id', async () => {
    const credential = await idToken({ sub: 'g-new', email: 'New.Google@Gmail.com' });
    const { c, res, visitorCookie } = await googleLogin(credential, true, 'de');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'new.google@gmail.com', is_verified: true, has_password: false });
    expect(c.cookies.get(SESSION_COOKIE)).not.toBe(visitorCookie);
    const row = await userRow(t, 'new.google@gmail.com');
    expect(row).toMatchObject({ googleSub: 'g-new', passwordHash: null, isVerified: true, locale: 'de' });
    expect((await c.get('/api/auth/user')).json().user.id).toBe(row.id);

    // The next sign-in finds the account by its Google id, without the register flag.
    const again = await googleLogin(await idToken({ sub: 'g-new', email: 'new.google@gmail.com' }));
    expect(again.res.json().user.id).toBe(row.id);
    expect(await t.db.select().from(users).where(eq(users.googleSub, 'g-new'))).toHaveLength(1);
  });

  it('grants an account it makes during the sign-up incentive the welcome gift at once, and only then', async () => {
    const video = await createVideo(t.db, (await createShow(t.db)).id);
    /** A visitor whose incentive runs, signing in with Google. */
    const signIn = async (register: boolean) => {
      const c = t.client();
      await c.get('/api/auth/csrf-cookie');
      const offer = await c.post('/api/session/incentive_tsp', { incentive_tsp: Math.floor(Date.now() / 1000) });
      expect(offer.json().video_id).toBe(video.id);
      const credential = await idToken({ sub: 'g-gift', email: 'gift.google@gmail.com' });
      expect((await c.post('/api/auth/login', { credential, register })).statusCode).toBe(200);
      return c;
    };
    const created = await signIn(true);
    expect((await created.get('/api/session/init')).json().session.welcome_dialog).toEqual({
      video: video.id,
      voucher: null,
    });
    const vouchers = (await created.get('/api/coupons')).json().data;
    expect(vouchers).toEqual([expect.objectContaining({ type: 'VIDEO' })]);
    await created.post('/api/session/welcome_shown', {});
    // Signing in to the existing account, even while an incentive runs, promises nothing new.
    const again = await signIn(false);
    expect((await again.get('/api/session/init')).json().session.welcome_dialog).toBeNull();
    expect((await again.get('/api/coupons')).json().data).toEqual(vouchers);
  });

  it('links an existing account with the same verified address instead of making a second one', async () => {
    const { user } = await registerAndVerify(t, 'has-password@example.com');
    const { res } = await googleLogin(await idToken({ sub: 'g-linked', email: 'has-password@example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, has_password: true });
    expect((await userRow(t, 'has-password@example.com')).googleSub).toBe('g-linked');
  });

  it('does not link an account to an address Google has not verified', async () => {
    await registerAndVerify(t, 'victim@example.com');
    const credential = await idToken({ sub: 'g-attacker', email: 'victim@example.com', email_verified: false });
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => c.post('/api/auth/login', { credential }), 422, 'google_account_not_found');
    await expectRefused(
      t,
      () => c.post('/api/auth/login', { credential, register: true }),
      409,
      'email_already_exists',
    );
    expect((await userRow(t, 'victim@example.com')).googleSub).toBeNull();
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('answers message user_blocked to a blocked account', async () => {
    const { res } = await googleLogin(await idToken({ sub: 'g-blocked', email: 'blocked.g@gmail.com' }), true);
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, res.json().user.id));
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const credential = await idToken({ sub: 'g-blocked', email: 'blocked.g@gmail.com' });
    const body = await expectRefused(t, () => c.post('/api/auth/login', { credential }), 401, 'unknown_credentials');
    expect(body.message).toBe('user_blocked');
  });

  it.each([
    ['signed by another key', { key: 'other' }],
    ['for another audience', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['from another issuer', { issuer: 'https://evil.example' }],
    ['expired', { expiresAt: Math.floor(Date.now() / 1000) - 3600 }],
  ] as const)('refuses a token %s with 401 unknown_credentials, register or not', async (_, broken) => {
    const credential = await idToken(
      { sub: 'g-forged', email: 'forged@gmail.com' },
      { ...broken, key: 'key' in broken ? otherKey : googleKey },
    );
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    for (const register of [false, true]) {
      const body = await expectRefused(
        t,
        () => c.post('/api/auth/login', { credential, register }),
        401,
        'unknown_credentials',
      );
      expect(body.message).toBe('unknown_credentials');
    }
  });

  it('refuses a token without an address, and one that is no token at all', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const noEmail = await idToken({ sub: 'g-no-email' });
    for (const credential of [noEmail, 'not.a.jwt', `${noEmail.slice(0, -4)}AAAA`]) {
      await expectRefused(
        t,
        () => c.post('/api/auth/login', { credential, register: true }),
        401,
        'unknown_credentials',
      );
    }
  });

  it('refuses an oversized or mistyped credential with 422', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const body = await expectRefused(
      t,
      () => c.post('/api/auth/login', { credential: 'x'.repeat(8193) }),
      422,
      'validation_failed',
    );
    expect(body.errors).toEqual({ credential: ['errors.validations.too_long'] });
    const typed = await expectRefused(
      t,
      () => c.post('/api/auth/login', { credential: 'a.b.c', register: 'yes' }),
      422,
      'validation_failed',
    );
    expect(typed.errors).toEqual({ register: ['errors.validations.type.boolean'] });
  });
});
