import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { OperatorRole } from '#common/domain/console-policy.ts';
import { LOGIN_ADDRESS_ATTEMPTS, LOGIN_PAIR_ATTEMPTS } from '#common/domain/login-slowdown.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  codeOf,
  createTestOperator,
  OPERATOR_PASSWORD,
  operatorSessionRows,
  postSignIn,
  signIn,
  type TestOperator,
} from '#server/test/operators.ts';
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

type Cookie = { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string };
const cookieNamed = (res: { cookies: unknown }, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);

/** A sign-in attempt on this browser (a fresh one at an address of its own unless given). */
async function attempt(
  operator: Pick<TestOperator, 'email' | 'password' | 'secret'>,
  change: Partial<{ email: string; password: string; code: string }> = {},
  client: TestClient = t.client(),
) {
  const body = { email: operator.email, password: operator.password, code: codeOf(operator), ...change };
  return { res: await postSignIn(client, body), client };
}

/** Wrong passwords for the operator, each from a browser of its own at an address of its own. */
async function strangers(operator: TestOperator, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await attempt(operator, { password: `guess-${i}-x` })).res.statusCode);
  return statuses;
}

/** The interval the slow-down asks, passed. */
const waitOut = (operator: TestOperator) => t.app.ctx.throttle.reset(`login:gap:operator:id:${operator.id}`);

describe('POST /api/admin/session (sign-in)', () => {
  it('signs in with e-mail, password and code: a Strict, HttpOnly cookie, only its hash stored, her roles and capabilities', async () => {
    const operator = await createTestOperator(t, { roles: ['moderator', 'support'], name: 'Rita <Ops>' });
    const client = t.client();
    const code = codeOf(operator);
    const res = await postSignIn(client, {
      email: operator.email.toUpperCase(),
      password: operator.password,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      operator: { id: operator.id, email: operator.email, displayName: 'Rita <Ops>', roles: ['moderator', 'support'] },
      capabilities: ['dashboard', 'performers', 'review', 'notices', 'members', 'refunds', 'support'],
      sandboxStudio: true,
    });
    expect(res.body).not.toContain(operator.secret);
    const cookie = cookieNamed(res, OPERATOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const rows = await operatorSessionRows(t, operator.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(cookie?.value);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    expect((await client.get('/api/admin/session')).json().operator.id).toBe(operator.id);
  });

  it('refuses a wrong password, a wrong code, an unknown address and a disabled operator alike, and signs nobody in', async () => {
    const operator = await createTestOperator(t);
    const disabled = await createTestOperator(t, { disabled: true });
    const answers = [
      await attempt(operator, { password: 'amber-Console-78' }),
      await attempt(operator, { code: codeOf(operator, 5) }),
      await attempt(operator, { email: 'nobody@example.com' }),
      await attempt(disabled),
    ];
    for (const { res, client } of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unknown_credentials' });
      expect(res.body).not.toContain(OPERATOR_PASSWORD);
      expect(client.cookies.has(OPERATOR_COOKIE)).toBe(false);
    }
    // Word for word the same answer: nothing says which part was wrong.
    const bodies = answers.map(({ res }) => JSON.stringify({ ...res.json(), requestId: undefined }));
    expect(new Set(bodies).size).toBe(1);
    expect(await operatorSessionRows(t, operator.id)).toEqual([]);
    expect(await operatorSessionRows(t, disabled.id)).toEqual([]);
  });

  it('accepts a code once: the same code or an older one cannot sign in again', async () => {
    const operator = await createTestOperator(t);
    const code = codeOf(operator);
    expect((await attempt(operator, { code })).res.statusCode).toBe(200);
    expect((await attempt(operator, { code })).res.statusCode).toBe(401);
    expect((await attempt(operator, { code: codeOf(operator, -1) })).res.statusCode).toBe(401);
    expect((await attempt(operator, { code: codeOf(operator, 1) })).res.statusCode).toBe(200);
    expect(await operatorSessionRows(t, operator.id)).toHaveLength(2);
  });

  it('lets only one of two simultaneous sign-ins with one code through', async () => {
    const operator = await createTestOperator(t);
    const code = codeOf(operator);
    const answers = await Promise.all([t.client(), t.client()].map((client) => attempt(operator, { code }, client)));
    expect(answers.map(({ res }) => res.statusCode).sort()).toEqual([200, 401]);
    expect(await operatorSessionRows(t, operator.id)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx and signs nobody in', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    await client.get('/api/auth/csrf-cookie');
    const json = { 'content-type': 'application/json', ...client.xsrf() };
    const cases: [string, string | undefined, Record<string, string>, number][] = [
      ['malformed JSON', '{"email":', json, 400],
      ['missing fields', '{}', json, 422],
      [
        'oversized password',
        JSON.stringify({ email: operator.email, password: 'x'.repeat(201), code: '1' }),
        json,
        422,
      ],
      [
        'a control character',
        JSON.stringify({ email: `${operator.email}\u0000`, password: OPERATOR_PASSWORD, code: codeOf(operator) }),
        json,
        422,
      ],
      [
        'a form instead of JSON',
        'email=a&password=b&code=1',
        { ...json, 'content-type': 'application/x-www-form-urlencoded' },
        415,
      ],
      [
        'no CSRF header',
        JSON.stringify({ email: operator.email, password: 'x', code: '1' }),
        { 'content-type': 'application/json' },
        419,
      ],
    ];
    for (const [name, payload, headers, status] of cases) {
      const res = await client.raw('POST', '/api/admin/session', { payload, headers });
      expect(res.statusCode, name).toBe(status);
      expect(res.json().error, name).toBeTruthy();
    }
    expect(await operatorSessionRows(t, operator.id)).toEqual([]);
  });
});

describe('the operator session', () => {
  it('signs out with DELETE: the row and the cookie are gone, and the old cookie opens nothing', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    await signIn(client, operator);
    const stolen = client.cookies.get(OPERATOR_COOKIE) ?? '';
    // Without the CSRF header another site cannot sign her out.
    const forged = await client.raw('DELETE', '/api/admin/session');
    expect(forged.statusCode).toBe(419);
    expect(await operatorSessionRows(t, operator.id)).toHaveLength(1);
    const out = await client.delete('/api/admin/session');
    expect(out.statusCode).toBe(200);
    expect(cookieNamed(out, OPERATOR_COOKIE)?.value).toBe('');
    expect(await operatorSessionRows(t, operator.id)).toEqual([]);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `${OPERATOR_COOKIE}=${stolen}` },
    });
    expect(again.statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in, and at once when the operator is disabled', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    await signIn(client, operator);
    expect((await client.get('/api/admin/dashboard')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 12 * 3_600_000 + 1000);
    expect((await client.get('/api/admin/dashboard')).statusCode).toBe(401);
    vi.useRealTimers();

    const other = await createTestOperator(t);
    const browser = t.client();
    await signIn(browser, other);
    await setOperatorDisabled(t.db, other.id, true);
    expect((await browser.get('/api/admin/session')).statusCode).toBe(401);
  });

  it('never acts as a member, and a member session never as an operator: visitors 401, members 403', async () => {
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
    // The member herself is refused (403); her token under the operator cookie's name is nobody's (401).
    expect((await member.get('/api/admin/dashboard')).statusCode).toBe(403);
    const renamed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: `${OPERATOR_COOKIE}=${memberToken}` },
    });
    expect(renamed.statusCode).toBe(401);
    expect((await t.client().get('/api/admin/session')).statusCode).toBe(401);
    // Both in one browser stay apart.
    expect((await member.get('/api/auth/user')).json().user.email).toBe('member-not-operator@example.com');
    expect((await opBrowser.get('/api/admin/session')).json().operator.email).toBe(operator.email);
  });

  it('shows each role only the dashboard figures it may see', async () => {
    const figuresOf = async (roles: OperatorRole[]) => {
      const client = t.client();
      await signIn(client, await createTestOperator(t, { roles }));
      const res = await client.get('/api/admin/dashboard');
      expect(res.statusCode).toBe(200);
      return (res.json().figures as { key: string; label: { en: string; de: string } }[]).map((f) => f.key);
    };
    const admin = await figuresOf(['admin']);
    const support = await figuresOf(['support']);
    const moderator = await figuresOf(['moderator']);
    expect(admin.length).toBeGreaterThan(support.length);
    expect(support.every((key) => admin.includes(key))).toBe(true);
    expect(moderator.every((key) => admin.includes(key))).toBe(true);
    expect(support).not.toEqual(moderator);
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

describe('strangers cannot lock an operator out of the console', () => {
  it('after many wrong sign-ins from many addresses, the operator signs in from her known browser', async () => {
    const operator = await createTestOperator(t);
    const desk = t.client();
    const known = await signIn(desk, operator);
    expect(desk.cookies.get('admin.device')).toBeTruthy();
    // A browser sends it only under its path: the sign-in's address must lie under it.
    expect('/api/admin/session'.startsWith(cookieNamed(known, 'admin.device')?.path ?? '-')).toBe(true);
    desk.cookies.delete(OPERATOR_COOKIE);
    // With her own sign-in, ten attempts at once; the 11th opens the 10-second interval, the next must wait.
    expect(await strangers(operator, 12)).toEqual([...Array(10).fill(401), 429, 429]);
    const res = (await attempt(operator, { code: codeOf(operator, 1) }, desk)).res;
    expect(res.statusCode, res.body).toBe(200);
    expect(desk.cookies.get(OPERATOR_COOKIE)).toBeTruthy();
  });

  it('slows a new browser down for the real remaining seconds, not a lock of 15 minutes', async () => {
    const operator = await createTestOperator(t);
    await strangers(operator, 11);
    const slowed = (await attempt(operator)).res;
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ error: 'throttled', message: 'login_slowed' });
    const seconds = Number(slowed.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(10);
    await waitOut(operator);
    expect((await attempt(operator)).res.statusCode).toBe(200);
  });

  it("throttles only the stranger's own pair and address, with the window's real rest", async () => {
    const operator = await createTestOperator(t);
    const stranger = t.client();
    for (let i = 0; i < LOGIN_PAIR_ATTEMPTS; i++) {
      expect((await attempt(operator, { password: `wrong-${i}-x` }, stranger)).res.statusCode).toBe(401);
    }
    const refused = (await attempt(operator, {}, stranger)).res;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'throttled', message: 'login_throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await attempt(operator)).res.statusCode).toBe(200);
  });

  it('throttles an address after its attempts across accounts', async () => {
    const client = t.client();
    for (let i = 0; i < LOGIN_ADDRESS_ATTEMPTS; i++) {
      const guess = { email: `spray-${i}@example.com`, password: 'x', secret: 'MZXW6YTBOI' };
      expect((await attempt(guess, {}, client)).res.statusCode).toBe(401);
    }
    const operator = await createTestOperator(t);
    expect((await attempt(operator, {}, client)).res.statusCode).toBe(429);
    expect((await attempt(operator)).res.statusCode).toBe(200);
  });
});

describe('operator unlock links', () => {
  it('mails a link that makes the browser known: it signs in at once, and the link works once', async () => {
    const operator = await createTestOperator(t);
    await strangers(operator, 12);
    const laptop = t.client('de');
    expect((await attempt(operator, {}, laptop)).res.statusCode).toBe(429);
    const sent = await laptop.post('/api/admin/unlock/send', { email: operator.email });
    expect(sent.statusCode).toBe(200);
    const mail = await awaitMail(t, operator.email, 'Freischaltlink');
    const { token } = linkFrom(mail.textBody, '/admin/unlock');
    const used = await laptop.post('/api/admin/unlock', { link: token });
    expect(used.statusCode).toBe(200);
    expect(laptop.cookies.get(OPERATOR_COOKIE)).toBeUndefined();
    expect((await attempt(operator, {}, laptop)).res.statusCode).toBe(200);
    // Used once: a second use, from any browser, is refused.
    const other = t.client();
    const reused = await other.post('/api/admin/unlock', { link: token });
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ message: 'unlock_invalid' });
    expect(other.cookies.get('admin.device')).toBeUndefined();
  });

  it('answers alike for an unknown address and sends nothing; refuses forged links and requests without CSRF', async () => {
    const before = (await t.mails()).length;
    const sent = await t.client().post('/api/admin/unlock/send', { email: 'nobody-here@example.com' });
    expect(sent.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.mails()).length).toBe(before);
    // Well formed, but not signed by this server.
    const forgedLink = `1.9999999999.${'A'.repeat(22)}.${'A'.repeat(43)}`;
    expect((await t.client().post('/api/admin/unlock', { link: forgedLink })).statusCode).toBe(404);
    const foreign = await t.client().raw('POST', '/api/admin/unlock/send', {
      payload: JSON.stringify({ email: 'someone@example.com' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(foreign.statusCode).toBe(419);
    expect((await t.client().post('/api/admin/unlock/send', { email: '' })).statusCode).toBe(422);
  });

  it('asks a minute between mails for one account, with the real rest in Retry-After', async () => {
    const operator = await createTestOperator(t);
    expect((await t.client().post('/api/admin/unlock/send', { email: operator.email })).statusCode).toBe(200);
    const second = await t.client().post('/api/admin/unlock/send', { email: operator.email.toUpperCase() });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
