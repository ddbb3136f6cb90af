import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { loadConfig } from '#server/env.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, openTestDatabase, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket } from '#server/test/sockets.ts';
import { STUDIO_COOKIE } from './routes.ts';

let t: TestContext;
let baseUrl: string;
let luna: TestShow;
let mira: TestShow;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
  luna = await createShow(t.db, { showName: 'Luna Studio', online: false });
  mira = await createShow(t.db, { showName: 'Mira <b>Studio</b>', online: true });
});
afterEach(closeAll);
afterAll(() => t.close());

/** Opens the console like a browser: its HTML, the form cookie and the token of the forms. */
async function openConsole(query = '', lang = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/sandbox/studio${query}`,
    headers: { 'accept-language': lang },
  });
  const cookie = res.cookies.find((c) => c.name === STUDIO_COOKIE);
  const token = res.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  return { res, html: res.body, cookie: cookie?.value ?? '', token };
}

function post(form: Record<string, string>, opts: { cookie?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/studio/presence',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'en',
      ...(opts.cookie ? { cookie: `${STUDIO_COOKIE}=${opts.cookie}` } : {}),
      ...opts.headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const isOnline = async (show: TestShow) =>
  (await t.db.select({ online: shows.online }).from(shows).where(eq(shows.id, show.id)))[0]?.online;

describe('GET /sandbox/studio', () => {
  it('lists performers with their state, in the visitor language, escaping names', async () => {
    const { res, html, cookie, token } = await openConsole('', 'de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Studio-Konsole');
    expect(html).toContain('Luna Studio');
    expect(html).toContain('Mira &lt;b&gt;Studio&lt;/b&gt;');
    expect(html).not.toContain('<b>Studio</b>');
    expect(html).toContain('Luna Studio online schalten');
    expect(html).toContain('Online gehen');
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeGreaterThan(20);
    const set = res.cookies.find((c) => c.name === STUDIO_COOKIE);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/sandbox/studio' });
  });

  it('searches by a part of the name, case-insensitively', async () => {
    const { html } = await openConsole('?q=LUNA');
    expect(html).toContain('Luna Studio');
    expect(html).not.toContain('Mira');
    expect((await openConsole('?q=nobody-has-this-name')).html).toContain('No performer matches.');
    expect((await openConsole(`?q=${encodeURIComponent("%' or 1=1 --")}`)).res.statusCode).toBe(200);
  });
});

describe('POST /sandbox/studio/presence', () => {
  it('switches a performer on line through presence: sockets hear it, the page says so', async () => {
    const visitor = await openSocket(baseUrl, null);
    const heard = nextEvent(visitor, 'show:bulkupdate', 2000);
    const { cookie, token } = await openConsole('?q=luna');
    const res = await post({ token, show: luna.universalId, online: '1', q: 'luna' }, { cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/sandbox/studio?q=luna&done=${luna.universalId}&result=on`);
    expect(await isOnline(luna)).toBe(true);
    expect(await heard).toEqual([{ [luna.universalId]: { online: true } }]);
    const page = await t.app.inject({
      method: 'GET',
      url: res.headers.location ?? '',
      headers: { 'accept-language': 'en' },
    });
    expect(page.body).toContain('Luna Studio is online now.');
    expect(page.body).toContain('Set Luna Studio offline');
    // Again: nothing changes, and the page says that.
    const again = await post({ token, show: luna.universalId, online: '1' }, { cookie });
    expect(again.headers.location).toBe(`/sandbox/studio?done=${luna.universalId}&result=same`);
    const off = await post({ token, show: luna.universalId, online: '0' }, { cookie });
    expect(off.headers.location).toContain('result=off');
    expect(await isOnline(luna)).toBe(false);
  });

  it.each([
    ['no cookie', () => ({ cookie: undefined, token: 'x' })],
    ['no token', (c: { cookie: string; token: string }) => ({ cookie: c.cookie, token: '' })],
    ['a wrong token', (c: { cookie: string; token: string }) => ({ cookie: c.cookie, token: `${c.token}x` })],
  ])('refuses %s with 403 and changes nothing', async (_name, pick) => {
    const opened = await openConsole();
    const { cookie, token } = pick(opened);
    const res = await post({ token, show: mira.universalId, online: '0' }, cookie ? { cookie } : {});
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('The form has expired.');
    expect(await isOnline(mira)).toBe(true);
  });

  it("refuses the token of another browser's cookie, a foreign origin and a cross-site request", async () => {
    const mine = await openConsole();
    const theirs = await openConsole();
    const form = { token: theirs.token, show: mira.universalId, online: '0' };
    expect((await post(form, { cookie: mine.cookie })).statusCode).toBe(403);
    const own = { ...form, token: mine.token };
    expect((await post(own, { cookie: mine.cookie, headers: { origin: 'https://evil.example' } })).statusCode).toBe(
      403,
    );
    expect((await post(own, { cookie: mine.cookie, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(
      403,
    );
    expect(await isOnline(mira)).toBe(true);
    // The site's own origin passes.
    const res = await post(own, { cookie: mine.cookie, headers: { origin: 'http://localhost:3000' } });
    expect(res.statusCode).toBe(303);
    expect(await isOnline(mira)).toBe(false);
  });

  it('answers an unknown performer with 404 and an incomplete form with 400', async () => {
    const { cookie, token } = await openConsole();
    const unknown = await post({ token, show: "1' or '1'='1", online: '1' }, { cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This performer does not exist.');
    expect((await post({ token, show: luna.universalId, online: 'yes' }, { cookie })).statusCode).toBe(400);
    expect((await post({ token, show: '', online: '1' }, { cookie })).statusCode).toBe(400);
    expect((await post({ token, show: 'x'.repeat(41), online: '1' }, { cookie })).statusCode).toBe(400);
    expect(await isOnline(luna)).toBe(false);
  });

  it('refuses a form body over 2 KiB', async () => {
    const { cookie, token } = await openConsole();
    const res = await post({ token, show: luna.universalId, online: '1', q: 'x'.repeat(3000) }, { cookie });
    expect(res.statusCode).toBe(413);
    expect(await isOnline(luna)).toBe(false);
  });
});

describe('where the console is served', () => {
  it('is on outside production and on a declared staging system', () => {
    const base = { SESSION_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).sandboxPages).toBe(true);
    const staging = {
      ...base,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      STAGING_PASSWORD: 'p'.repeat(16),
    };
    expect(loadConfig(staging).sandboxPages).toBe(true);
  });

  it('is not served when off', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ ...t.config, sandboxPages: false }, { database, redis: null, mailTransport: null });
    try {
      expect((await app.inject({ method: 'GET', url: '/sandbox/studio' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await drop();
    }
  });
});
