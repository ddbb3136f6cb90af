import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '#server/db/schema/users.ts';
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
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { DEVICE_COOKIE } from './known-device.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  // The refusals below come from one address, more than its free attempts: the captcha they would
  // then need is captcha.api.test.ts's subject, not this file's.
  t = await createTestApp({ env: { CAPTCHA_FREE_REGISTRATIONS: '1000' } });
  member = (await registerAndVerify(t, 'register-member@example.com', { username: 'Taken.Name' })).client;
});
afterAll(() => t.close());

const activationToken = async (email: string) => linkFrom((await mailTo(t, email)).textBody, '/users/activate').token;

describe('registration journey', () => {
  it('signs up, mails the activation link in English, logs in, and verifies with the token once', async () => {
    const c = t.client('en');
    const res = await c.post('/api/register', {
      email: ' New.Member@Example.COM ',
      password: PASSWORD,
      username: 'newbie',
      code: 'WELCOME10',
      terms_check: true,
      form_ms: FORM_MS,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'new.member@example.com', name: 'newbie', is_verified: false });
    const row = await userRow(t, 'new.member@example.com');
    expect(row).toMatchObject({ locale: 'en', signupCode: 'WELCOME10', status: 'active', isVerified: false });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await c.get('/api/auth/user')).json().user.id).toBe(row.id);

    const mail = await mailTo(t, 'new.member@example.com');
    expect(mail).toMatchObject({ template: 'activation', locale: 'en', sentAt: null });
    expect(mail.subject).toBe('Confirm your e-mail address at LiveCam');
    const { url, token } = linkFrom(mail.textBody, '/users/activate');
    expect(url.origin).toBe('http://localhost:3000');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.htmlBody).toContain(`href="${url.toString()}"`);
    // She has a password: the mail says nothing about signing in without one.
    expect(mail.textBody).not.toContain('/token_login');
    expect(mail.textBody).not.toContain('without a password');
    // Only a hash of the token is stored.
    const tokens = await t.db.select().from(authTokens).where(eq(authTokens.userId, row.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.id).not.toBe(token);

    const opener = t.client();
    const verify = await opener.post('/api/register/validate', { token });
    expect(verify.statusCode).toBe(200);
    // The browser that opened the link is a known device of the account (its password attempts
    // answer to its own allowance, not the address's).
    expect(opener.cookies.get(DEVICE_COOKIE)).toMatch(new RegExp(`^${row.id}\\.`));
    expect(verify.json().user).toMatchObject({ id: row.id, is_verified: true });
    expect((await userRow(t, 'new.member@example.com')).isVerified).toBe(true);
    const [used] = await t.db.select().from(authTokens).where(eq(authTokens.userId, row.id));
    expect(used?.usedAt).toBeInstanceOf(Date);
    // The registrant's session ended with the activation; a second use from anywhere is refused.
    const again = t.client();
    await again.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => again.post('/api/register/validate', { token }), 410, 'link_expired');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it.each([
    ['de', 'Bestätigen Sie Ihre E-Mail-Adresse bei LiveCam', 'de'],
    ['', 'Bestätigen Sie Ihre E-Mail-Adresse bei LiveCam', 'de'],
    ['fr-FR, fr;q=0.9', 'Bestätigen Sie Ihre E-Mail-Adresse bei LiveCam', 'de'],
    ['fr, en;q=0.8, de;q=0.5', 'Confirm your e-mail address at LiveCam', 'en'],
  ])('with Accept-Language %j mails the activation as %j', async (lang, subject, locale) => {
    const email = `lang-${locale}-${lang.length}@example.com`;
    await registerUser(t, email, { lang });
    const mail = await mailTo(t, email);
    expect(mail.subject).toBe(subject);
    expect(mail.locale).toBe(locale);
    expect((await userRow(t, email)).locale).toBe(locale);
  });

  it('signs up without a password; the activation then asks for one before it uses the token', async () => {
    const c = t.client();
    const res = await c.post('/api/register', { email: 'nopass@example.com', terms_check: true, form_ms: FORM_MS });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.has_password).toBe(false);
    // The mail tells her how she signs in without a password, with the pages that do it.
    const mail = await mailTo(t, 'nopass@example.com');
    expect(mail).toMatchObject({ template: 'activation_without_password', locale: 'en' });
    expect(mail.subject).toBe('Confirm your e-mail address at LiveCam');
    expect(mail.textBody).toContain('You signed up without a password');
    expect(mail.textBody).toContain('ask for one at http://localhost:3000/token_login and open the link');
    expect(mail.textBody).toContain('"Forgot password" at http://localhost:3000/users/reset');
    expect(mail.htmlBody).toContain('http://localhost:3000/token_login');
    expect(linkFrom(mail.textBody, '/users/activate').token).toMatch(/^[\w-]{43}$/);
    const token = await activationToken('nopass@example.com');
    await expectInvalid(t, () => c.post('/api/register/validate', { token }), {
      password: ['errors.validations.required'],
    });
    await expectInvalid(t, () => c.post('/api/register/validate', { token, password: 'password123' }), {
      password: ['errors.validations.password_common'],
    });
    await expectInvalid(t, () => c.post('/api/register/validate', { token, password: 'short' }), {
      password: ['errors.validations.password_min'],
    });
    const ok = await c.post('/api/register/validate', { token, password: PASSWORD });
    expect(ok.json().user).toMatchObject({ is_verified: true, has_password: true });
    const login = await t.client().post('/api/auth/login', { username: 'nopass@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('without a password, end to end: the link opened in another browser asks for one, then signs in there', async () => {
    const registrant = t.client('de');
    const res = await registrant.post('/api/register', {
      email: 'nopass-e2e@example.com',
      terms_check: true,
      form_ms: FORM_MS,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ has_password: false, is_verified: false });
    const mail = await mailTo(t, 'nopass-e2e@example.com');
    expect(mail).toMatchObject({ template: 'activation_without_password', locale: 'de' });
    const token = await activationToken('nopass-e2e@example.com');
    // No password, no sign-in: the account has none to check.
    const noLogin = await t
      .client()
      .post('/api/auth/login', { username: 'nopass-e2e@example.com', password: PASSWORD });
    expect(noLogin.statusCode).toBe(401);

    const phone = t.client();
    await phone.get('/api/auth/csrf-cookie');
    await expectInvalid(t, () => phone.post('/api/register/validate', { token }), {
      password: ['errors.validations.required'],
    });
    const done = await phone.post('/api/register/validate', { token, password: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ email: 'nopass-e2e@example.com', is_verified: true, has_password: true });
    expect((await phone.get('/api/auth/user')).json().user.email).toBe('nopass-e2e@example.com');
    expect((await registrant.get('/api/auth/user')).statusCode).toBe(401);
    await expectRefused(
      t,
      () => phone.post('/api/register/validate', { token, password: PASSWORD }),
      410,
      'link_expired',
    );
    const login = await t.client().post('/api/auth/login', { username: 'nopass-e2e@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it("ends the registrant's sessions when the owner of the address activates from another browser", async () => {
    const { client: registrant } = await registerUser(t, 'proved-later@example.com');
    expect((await registrant.get('/api/auth/user')).statusCode).toBe(200);
    const owner = t.client();
    const res = await owner.post('/api/register/validate', {
      token: await activationToken('proved-later@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect((await owner.get('/api/auth/user')).json().user.is_verified).toBe(true);
    expect((await registrant.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('POST /api/register refuses', () => {
  let c: TestClient;
  beforeAll(async () => {
    c = t.client();
    await c.get('/api/auth/csrf-cookie');
  });
  const register = (body: object) => () =>
    c.post('/api/register', {
      email: 'fresh@example.com',
      password: PASSWORD,
      terms_check: true,
      form_ms: FORM_MS,
      ...body,
    });

  it('an address that has an account, in any spelling, with 409 email_already_exists', async () => {
    await expectRefused(t, register({ email: 'Register-Member@Example.com' }), 409, 'email_already_exists');
  });

  it('a blocked address with 403 user_blocked', async () => {
    const { user } = await registerUser(t, 'blocked-signup@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    await expectRefused(t, register({ email: 'blocked-signup@example.com' }), 403, 'user_blocked');
  });

  it('a common password, a short and a long one, with their keys', async () => {
    await expectInvalid(t, register({ password: 'Password123' }), { password: ['errors.validations.password_common'] });
    await expectInvalid(t, register({ password: 'seven77' }), { password: ['errors.validations.password_min'] });
    await expectInvalid(t, register({ password: 'p'.repeat(129) }), { password: ['errors.validations.password_max'] });
  });

  it('without the terms accepted', async () => {
    await expectInvalid(t, () => c.post('/api/register', { email: 'fresh@example.com', password: PASSWORD }), {
      terms_check: ['errors.validations.terms'],
    });
    await expectInvalid(t, register({ terms_check: false }), { terms_check: ['errors.validations.terms'] });
    await expectInvalid(t, register({ terms_check: 'true' }), { terms_check: ['errors.validations.terms'] });
  });

  it('a user name that is taken in any case, or has other characters', async () => {
    await expectInvalid(t, register({ username: 'taken.name' }), { username: ['errors.validations.username_taken'] });
    await expectInvalid(t, register({ username: 'no spaces' }), { username: ['errors.validations.username'] });
    await expectInvalid(t, register({ username: 'u'.repeat(33) }), { username: ['errors.validations.too_long'] });
  });

  it('missing, mistyped and oversized fields', async () => {
    await expectInvalid(t, () => c.post('/api/register', {}), {
      email: ['errors.validations.required'],
      terms_check: ['errors.validations.terms'],
    });
    await expectInvalid(t, register({ email: 'not-an-address' }), { email: ['errors.validations.email'] });
    await expectInvalid(t, register({ email: `${'a'.repeat(250)}@example.com` }), {
      email: ['errors.validations.too_long'],
    });
    await expectInvalid(t, register({ email: 42, password: 12345678, code: 5 }), {
      email: ['errors.validations.type.text'],
      password: ['errors.validations.type.text'],
      code: ['errors.validations.type.text'],
    });
    await expectInvalid(t, register({ code: 'c'.repeat(65) }), { code: ['errors.validations.too_long'] });
    expect((await t.mails()).some((m) => m.toAddress === 'fresh@example.com')).toBe(false);
  });
});

describe('POST /api/register/validate refuses', () => {
  it('a used link with 410 link_expired, and the member signed in by it stays signed in', async () => {
    const { client } = await registerUser(t, 'clicked-twice@example.com');
    const token = await activationToken('clicked-twice@example.com');
    expect((await client.post('/api/register/validate', { token })).statusCode).toBe(200);
    const body = await expectRefused(t, () => client.post('/api/register/validate', { token }), 410, 'link_expired');
    expect(body.message).toBe('link_expired');
    expect((await client.get('/api/auth/user')).json().user).toMatchObject({ is_verified: true });
  });

  it('an unknown, an expired, a missing and an oversized token', async () => {
    const { client } = await registerUser(t, 'late@example.com');
    const token = await activationToken('late@example.com');
    await expectRefused(t, () => client.post('/api/register/validate', { token: 'x'.repeat(43) }), 410, 'link_expired');
    const { id } = await userRow(t, 'late@example.com');
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, id));
    await expectRefused(t, () => client.post('/api/register/validate', { token }), 410, 'link_expired');
    expect((await userRow(t, 'late@example.com')).isVerified).toBe(false);
    await expectInvalid(t, () => client.post('/api/register/validate', {}), { token: ['errors.validations.required'] });
    await expectInvalid(t, () => client.post('/api/register/validate', { token: 't'.repeat(201) }), {
      token: ['errors.validations.too_long'],
    });
    await expectInvalid(t, () => client.post('/api/register/validate', { token: ['a'] }), {
      token: ['errors.validations.type.text'],
    });
  });
});

describe('POST /api/register/resend', () => {
  it('mails a new activation link that replaces the old one; again within 60 s is throttled', async () => {
    const { client } = await registerUser(t, 'resend@example.com', { lang: 'de' });
    const first = await activationToken('resend@example.com');
    const res = await client.post('/api/register/resend');
    expect(res.json()).toEqual({ ok: true });
    const mails = (await t.mails()).filter((m) => m.toAddress === 'resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.locale).toBe('de');
    const second = await activationToken('resend@example.com');
    expect(second).not.toBe(first);

    const body = await expectRefused(t, () => client.post('/api/register/resend'), 429, 'throttle');
    expect(body.message).toBe('throttle');
    await expectRefused(t, () => client.post('/api/register/validate', { token: first }), 410, 'link_expired');
    expect((await client.post('/api/register/validate', { token: second })).statusCode).toBe(200);
  });

  it('tells a member without a password again how she signs in, in her language', async () => {
    const c = t.client('de');
    await c.post('/api/register', { email: 'resend-nopass@example.com', terms_check: true, form_ms: FORM_MS });
    expect((await c.post('/api/register/resend')).json()).toEqual({ ok: true });
    const mails = (await t.mails()).filter((m) => m.toAddress === 'resend-nopass@example.com');
    expect(mails.map((m) => m.template)).toEqual(['activation_without_password', 'activation_without_password']);
    expect(mails[1]?.textBody).toContain('Sie haben sich ohne Passwort registriert');
    expect(mails[1]?.textBody).toContain('http://localhost:3000/token_login');
  });

  it('sends nothing to a verified member', async () => {
    const before = (await t.mails()).length;
    expect((await member.post('/api/register/resend')).json()).toEqual({ ok: true });
    expect(await t.mails()).toHaveLength(before);
  });
});

describe('GET /api/register/mailcheck', () => {
  it('suggests the address of a near-miss provider, and nothing otherwise', async () => {
    const c = t.client();
    const check = async (email: string) =>
      (await c.get(`/api/register/mailcheck?email=${encodeURIComponent(email)}`)).json();
    expect(await check('Anna@gmial.com')).toEqual({ suggestion: 'Anna@gmail.com' });
    expect(await check('anna@gmx.dee')).toEqual({ suggestion: 'anna@gmx.de' });
    expect(await check('anna@gmail.com')).toEqual({ suggestion: null });
    expect(await check('anna@my-company.example')).toEqual({ suggestion: null });
    expect(await check('no at sign')).toEqual({ suggestion: null });
  });

  it('refuses a missing or oversized address with 422', async () => {
    const c = t.client();
    await expectInvalid(t, () => c.get('/api/register/mailcheck'), { email: ['errors.validations.required'] });
    await expectInvalid(t, () => c.get(`/api/register/mailcheck?email=${'a'.repeat(255)}`), {
      email: ['errors.validations.too_long'],
    });
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    {
      method: 'POST',
      url: '/api/register',
      body: { email: 'guard@example.com', password: PASSWORD, terms_check: true, form_ms: FORM_MS },
      as: 'visitor',
    },
    { method: 'POST', url: '/api/register/validate', body: { token: 'x'.repeat(43) }, as: 'visitor' },
    { method: 'POST', url: '/api/register/resend', body: {}, as: 'member' },
  ],
);
