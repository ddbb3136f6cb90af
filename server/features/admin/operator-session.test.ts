import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, operatorSessionRows, signIn } from '#server/test/operators.ts';
import { setOperatorDisabled } from './mutations.ts';
import { OPERATOR_COOKIE } from './session.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Cookie = { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string };
const cookieNamed = (res: { cookies: unknown }, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);

describe('the operator session', () => {
  it('signs out only with the form token of the console, and then is gone', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    await signIn(client, operator);
    const home = await client.raw('GET', '/admin');
    const formToken = home.body.match(
      /action="\/admin\/logout"><input type="hidden" name="token" value="([^"]+)"/,
    )?.[1];
    expect(formToken).toBeTruthy();
    const post = (token: string, headers: Record<string, string> = {}) =>
      client.raw('POST', '/admin/logout', {
        payload: new URLSearchParams({ token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const stolen = client.cookies.get(OPERATOR_COOKIE) ?? '';
    for (const res of [
      await post(''),
      await post(`${formToken}x`),
      await post(formToken ?? '', { origin: 'https://evil.example' }),
    ]) {
      expect(res.headers.location).toBe('/admin');
    }
    expect(await operatorSessionRows(t, operator.id)).toHaveLength(1);
    const out = await post(formToken ?? '');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/admin/login?signedout=1');
    expect(cookieNamed(out, OPERATOR_COOKIE)?.value).toBe('');
    expect(await operatorSessionRows(t, operator.id)).toEqual([]);
    expect((await client.raw('GET', '/admin/login?signedout=1')).body).toContain('You are signed out.');
    // The old cookie opens nothing any more.
    const again = await t.app.inject({
      method: 'GET',
      url: '/admin',
      headers: { cookie: `${OPERATOR_COOKIE}=${stolen}` },
    });
    expect(again.headers.location).toBe('/admin/login?next=%2Fadmin');
  });

  it('ends 12 hours after sign-in, and at once when the operator is disabled', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    await signIn(client, operator);
    expect((await client.raw('GET', '/admin')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 12 * 3_600_000 + 1000);
    expect((await client.raw('GET', '/admin')).headers.location).toBe('/admin/login?next=%2Fadmin');
    vi.useRealTimers();

    const other = await createTestOperator(t);
    const browser = t.client();
    await signIn(browser, other);
    await setOperatorDisabled(t.db, other.id, true);
    expect((await browser.raw('GET', '/admin')).statusCode).toBe(303);
  });

  it('never acts as a member, and a member session never as an operator', async () => {
    const operator = await createTestOperator(t);
    const opBrowser = t.client();
    await signIn(opBrowser, operator);
    const operatorToken = opBrowser.cookies.get(OPERATOR_COOKIE) ?? '';
    const { client: member } = await registerAndVerify(t, 'member-not-operator@example.com');
    const memberToken = member.cookies.get(SESSION_COOKIE) ?? '';
    expect(memberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The operator's cookie, as it is and under the member cookie's name, opens no member route.
    for (const cookie of [`${OPERATOR_COOKIE}=${operatorToken}`, `${SESSION_COOKIE}=${operatorToken}`]) {
      for (const url of ['/api/auth/user', '/api/user/favorites']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, `${url} with ${cookie.split('=')[0]}`).toBe(401);
      }
    }
    // The member's cookie, as it is and under the operator cookie's name, opens no console page.
    for (const cookie of [`${SESSION_COOKIE}=${memberToken}`, `${OPERATOR_COOKIE}=${memberToken}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie } });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/admin/login?next=%2Fadmin');
    }
    // Both in one browser stay apart.
    expect((await member.get('/api/auth/user')).json().user.email).toBe('member-not-operator@example.com');
    expect((await opBrowser.raw('GET', '/admin')).body).toContain(operator.email);
  });
});

describe('over https', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: 'https://cams.example' } });
  });
  afterAll(() => secure.close());

  it('marks the operator cookie Secure', async () => {
    const operator = await createTestOperator(secure);
    const res = await signIn(secure.client(), operator);
    expect(cookieNamed(res, OPERATOR_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });
});
