import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  codeOf,
  createTestOperator,
  OPERATOR_PASSWORD,
  openSignIn,
  operatorSessionRows,
  postSignIn,
  type TestOperator,
} from '#server/test/operators.ts';
import { OPERATOR_FORM_COOKIE } from './routes.ts';
import { OPERATOR_COOKIE } from './session.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Cookie = { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string };
const cookieNamed = (res: { cookies: unknown }, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);

/** A sign-in attempt from a fresh browser (its own address), with the operator's details changed as given. */
async function attempt(
  operator: TestOperator,
  change: Partial<{ email: string; password: string; code: string }> = {},
  client: TestClient = t.client(),
) {
  const token = await openSignIn(client);
  const res = await postSignIn(client, {
    token,
    email: operator.email,
    password: operator.password,
    code: codeOf(operator),
    ...change,
  });
  return { res, client };
}

describe('GET /admin/login', () => {
  it('shows an accessible sign-in form in the visitor language, with a form cookie', async () => {
    for (const [lang, title, label] of [
      ['en', 'Operator sign-in', 'Authenticator code'],
      ['de', 'Anmeldung für das Betreiberteam', 'Code aus der Authenticator-App'],
    ] as const) {
      const res = await t.client(lang).raw('GET', '/admin/login');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.body).toContain(`<label for="code">${label}</label>`);
      for (const field of ['email', 'password', 'code']) expect(res.body).toContain(`<label for="${field}">`);
      expect(res.body).toContain('autocomplete="username"');
      expect(res.body).toContain('autocomplete="current-password"');
      expect(res.body).toContain('autocomplete="one-time-code"');
      expect(res.body).toContain('inputmode="numeric"');
      expect(res.body).not.toMatch(/<script/i);
      expect(cookieNamed(res, OPERATOR_FORM_COOKIE)).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/admin',
      });
    }
  });
});

describe('POST /admin/login', () => {
  it('signs in with e-mail, password and code: a Strict, HttpOnly cookie, its hash in the table, the next page', async () => {
    const operator = await createTestOperator(t, { roles: ['moderator', 'support'], name: 'Rita <Ops>' });
    const client = t.client();
    const token = await openSignIn(client, '/sandbox/studio');
    const res = await postSignIn(client, {
      token,
      email: operator.email.toUpperCase(),
      password: operator.password,
      code: `${codeOf(operator).slice(0, 3)} ${codeOf(operator).slice(3)}`,
      next: '/sandbox/studio',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sandbox/studio');
    const cookie = cookieNamed(res, OPERATOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const rows = await operatorSessionRows(t, operator.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(cookie?.value);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);

    const home = await client.raw('GET', '/admin');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`Signed in as Rita &lt;Ops&gt; (${operator.email}).`);
    expect(home.body).toContain('Roles: Moderator, Support');
    expect(home.body).toContain('action="/admin/logout"');
    // Signed in, the sign-in page sends the operator on.
    expect((await client.raw('GET', '/admin/login?next=/admin')).headers.location).toBe('/admin');
  });

  it('sends the browser only to paths of this site afterwards', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      '/a b',
    ]) {
      const operator = await createTestOperator(t);
      const client = t.client();
      const token = await openSignIn(client);
      const form = { token, email: operator.email, password: operator.password, code: codeOf(operator), next };
      const res = await postSignIn(client, form);
      expect(res.headers.location, next).toBe('/admin');
    }
  });

  it('refuses a wrong password, a wrong code, an unknown address and a disabled operator alike, and signs nobody in', async () => {
    const operator = await createTestOperator(t);
    const disabled = await createTestOperator(t, { disabled: true });
    const wrongPassword = await attempt(operator, { password: 'amber-Console-78' });
    const wrongCode = await attempt(operator, { code: codeOf(operator, 5) });
    const unknown = await attempt(operator, { email: 'nobody@example.com' });
    const off = await attempt(disabled);
    for (const { res, client } of [wrongPassword, wrongCode, unknown, off]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(
        'Sign-in failed. Check the e-mail address, the password and the code, then try again.',
      );
      expect(res.body).not.toContain(OPERATOR_PASSWORD);
      expect(client.cookies.has(OPERATOR_COOKIE)).toBe(false);
    }
    // Word for word the same page: nothing says which part was wrong.
    const strip = (body: string) => body.replace(/name="token" value="[^"]+"/, '');
    expect(strip(wrongCode.res.body)).toBe(strip(wrongPassword.res.body));
    expect(strip(unknown.res.body).replace('nobody@example.com', operator.email)).toBe(strip(wrongPassword.res.body));
    expect(strip(off.res.body).replace(disabled.email, operator.email)).toBe(strip(wrongPassword.res.body));
    expect(await operatorSessionRows(t, operator.id)).toEqual([]);
    expect(await operatorSessionRows(t, disabled.id)).toEqual([]);
  });

  it('accepts a code once: the same code or an older one cannot sign in again', async () => {
    const operator = await createTestOperator(t);
    const code = codeOf(operator);
    const first = await attempt(operator, { code });
    expect(first.res.statusCode).toBe(303);
    expect((await attempt(operator, { code })).res.statusCode).toBe(401);
    expect((await attempt(operator, { code: codeOf(operator, -1) })).res.statusCode).toBe(401);
    // The next step's code is new.
    expect((await attempt(operator, { code: codeOf(operator, 1) })).res.statusCode).toBe(303);
    expect(await operatorSessionRows(t, operator.id)).toHaveLength(2);
  });

  it('lets only one of two simultaneous sign-ins with one code through', async () => {
    const operator = await createTestOperator(t);
    const code = codeOf(operator);
    const browsers = await Promise.all(
      [t.client(), t.client()].map(async (client) => ({ client, token: await openSignIn(client) })),
    );
    const answers = await Promise.all(
      browsers.map(({ client, token }) =>
        postSignIn(client, { token, email: operator.email, password: operator.password, code }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([303, 401]);
    expect(await operatorSessionRows(t, operator.id)).toHaveLength(1);
  });

  it('refuses a post without the form token, with another browser’s, or from another site', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    const token = await openSignIn(client);
    const other = t.client();
    const otherToken = await openSignIn(other);
    const form = { email: operator.email, password: operator.password, code: codeOf(operator) };
    for (const [tokenSent, headers] of [
      ['', {}],
      [otherToken, {}],
    ] as const) {
      const res = await postSignIn(client, { ...form, token: tokenSent }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('The form has expired. Please try again.');
    }
    // A foreign origin is named as such, not passed off as an expired form.
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      const res = await postSignIn(client, { ...form, token }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This page was opened at an address the server does not accept as its own');
      expect(res.body).toContain('Please open the console at http://localhost:3000.');
    }
    expect(await operatorSessionRows(t, operator.id)).toEqual([]);
    // The same browser, from this site, gets in.
    const ok = await postSignIn(client, { ...form, token }, { origin: 'http://localhost:3000' });
    expect(ok.statusCode).toBe(303);
  });
});

describe('the console at the loopback names of a local site', () => {
  it('signs in from http://127.0.0.1:3000 and http://[::1]:3000 as from localhost', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const operator = await createTestOperator(t);
      const client = t.client();
      const token = await openSignIn(client);
      const form = { token, email: operator.email, password: operator.password, code: codeOf(operator) };
      const res = await postSignIn(client, form, { origin, 'sec-fetch-site': 'same-origin' });
      expect(res.statusCode, `${origin}: ${res.body.match(/id="notice"[^<]*/)?.[0]}`).toBe(303);
    }
  });
});
