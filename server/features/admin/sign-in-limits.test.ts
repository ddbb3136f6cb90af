import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ADDRESS_ATTEMPTS, LOGIN_PAIR_ATTEMPTS } from '#common/domain/login-slowdown.ts';
import { awaitMail } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  codeOf,
  createTestOperator,
  openSignIn,
  postSignIn,
  signIn,
  type TestOperator,
} from '#server/test/operators.ts';
import { OPERATOR_COOKIE } from './session.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';

/** A sign-in attempt on this browser (a fresh one at an address of its own unless given). */
async function attempt(
  operator: TestOperator,
  change: Partial<{ password: string; code: string }> = {},
  client = t.client(),
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

/** Wrong passwords for the operator, each from a browser of its own at an address of its own. */
async function strangers(operator: TestOperator, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await attempt(operator, { password: `guess-${i}-x` })).res.statusCode);
  return statuses;
}

/** The interval the slow-down asks, passed. */
const waitOut = (operator: TestOperator) => t.app.ctx.throttle.reset(`login:gap:operator:id:${operator.id}`);

async function askUnlock(client: TestClient, email: string) {
  const page = await client.raw('GET', '/admin/login');
  return client.raw('POST', '/admin/unlock/send', {
    payload: new URLSearchParams({ token: tokenOf(page.body), email }).toString(),
    headers: FORM,
  });
}

describe('strangers cannot lock an operator out of the console', () => {
  it('after many wrong sign-ins from many addresses, the operator signs in from her known browser', async () => {
    const operator = await createTestOperator(t);
    const desk = t.client();
    await signIn(desk, operator);
    expect(desk.cookies.get('admin.device')).toBeTruthy();
    desk.cookies.delete(OPERATOR_COOKIE);
    // With her own sign-in, ten attempts at once; the 11th opens the 10-second interval, the next must wait.
    expect(await strangers(operator, 12)).toEqual([...Array(10).fill(401), 429, 429]);
    // A new code: each is accepted once.
    const res = (await attempt(operator, { code: codeOf(operator, 1) }, desk)).res;
    expect(res.statusCode, res.body).toBe(303);
    expect(desk.cookies.get(OPERATOR_COOKIE)).toBeTruthy();
  });

  it('slows a new browser down for the real remaining seconds, not a lock of 15 minutes', async () => {
    const operator = await createTestOperator(t);
    await strangers(operator, 11);
    const slowed = (await attempt(operator)).res;
    expect(slowed.statusCode).toBe(429);
    const seconds = Number(slowed.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(10);
    expect(slowed.body).toContain('There have been many sign-in attempts on this account.');
    expect(slowed.body).toContain(`try again in ${seconds} seconds`);
    expect(slowed.body).toContain('action="/admin/unlock/send"');
    // Once the interval has passed, the right details get in from anywhere.
    await waitOut(operator);
    expect((await attempt(operator)).res.statusCode).toBe(303);
  });

  it("throttles only the stranger's own pair and address, with the window's real rest", async () => {
    const operator = await createTestOperator(t);
    const stranger = t.client();
    for (let i = 0; i < LOGIN_PAIR_ATTEMPTS; i++) {
      expect((await attempt(operator, { password: `wrong-${i}-x` }, stranger)).res.statusCode).toBe(401);
    }
    const refused = (await attempt(operator, {}, stranger)).res;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(refused.body).toContain('Too many attempts from this address or browser.');
    expect(refused.body).toContain('try again in 15 minutes');
    // The operator herself, elsewhere, is not affected.
    expect((await attempt(operator)).res.statusCode).toBe(303);
  });

  it('throttles an address after its attempts across accounts', async () => {
    const client = t.client();
    for (let i = 0; i < LOGIN_ADDRESS_ATTEMPTS; i++) {
      const guess = { id: 0, email: `spray-${i}@example.com`, password: 'x', secret: 'MZXW6YTBOI' };
      expect((await attempt(guess, {}, client)).res.statusCode).toBe(401);
    }
    const operator = await createTestOperator(t);
    expect((await attempt(operator, {}, client)).res.statusCode).toBe(429);
    expect((await attempt(operator)).res.statusCode).toBe(303);
  });
});

describe('operator unlock links', () => {
  it('mails a link that makes the browser known: it signs in at once, and the link works once', async () => {
    const operator = await createTestOperator(t);
    await strangers(operator, 12);
    const laptop = t.client('de');
    expect((await attempt(operator, {}, laptop)).res.statusCode).toBe(429);
    const sent = await askUnlock(laptop, operator.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('ist ein Freischaltlink unterwegs');
    const mail = await awaitMail(t, operator.email, 'Freischaltlink');
    const { url, token } = linkFrom(mail.textBody, '/admin/unlock');
    const page = await laptop.raw('GET', `${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Diesen Browser freischalten');
    const form = { token: tokenOf(page.body), link: token };
    const used = await laptop.raw('POST', '/admin/unlock', {
      payload: new URLSearchParams(form).toString(),
      headers: FORM,
    });
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe('/admin/login?unlocked=1');
    expect(laptop.cookies.get(OPERATOR_COOKIE)).toBeUndefined();
    expect((await laptop.raw('GET', '/admin/login?unlocked=1')).body).toContain('Dieser Browser ist freigeschaltet.');
    expect((await attempt(operator, {}, laptop)).res.statusCode).toBe(303);
    // Used once: a second use, from any browser, is refused.
    const other = t.client();
    const again = await other.raw('GET', `${url.pathname}${url.search}`);
    const reused = await other.raw('POST', '/admin/unlock', {
      payload: new URLSearchParams({ token: tokenOf(again.body), link: token }).toString(),
      headers: FORM,
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.body).toContain('This link has already been used or has expired.');
    expect(other.cookies.get('admin.device')).toBeUndefined();
  });

  it('answers alike for an unknown address and sends nothing; refuses forged links and foreign forms', async () => {
    const before = (await t.mails()).length;
    const sent = await askUnlock(t.client(), 'nobody-here@example.com');
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('If nobody-here@example.com belongs to an operator, an unlock link is on its way.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.mails()).length).toBe(before);
    const client = t.client();
    // Well formed, but not signed by this server.
    const forgedLink = `1.9999999999.${'A'.repeat(22)}.${'A'.repeat(43)}`;
    const page = await client.raw('GET', `/admin/unlock?token=${forgedLink}`);
    const forged = await client.raw('POST', '/admin/unlock', {
      payload: new URLSearchParams({ token: tokenOf(page.body), link: forgedLink }).toString(),
      headers: FORM,
    });
    expect(forged.statusCode).toBe(404);
    const foreign = await client.raw('POST', '/admin/unlock/send', {
      payload: new URLSearchParams({ token: 'made-up', email: 'someone@example.com' }).toString(),
      headers: FORM,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('asks a minute between mails for one account, with the real rest in Retry-After', async () => {
    const operator = await createTestOperator(t);
    const client = t.client();
    expect((await askUnlock(client, operator.email)).statusCode).toBe(200);
    const second = await askUnlock(t.client(), operator.email.toUpperCase());
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
