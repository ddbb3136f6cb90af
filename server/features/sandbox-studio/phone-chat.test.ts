import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { STUDIO_COOKIE } from './routes.ts';

let t: TestContext;
let luna: TestShow;
let mira: TestShow;

beforeAll(async () => {
  t = await createTestApp();
  luna = await createShow(t.db, { showName: 'Luna Switch', online: true, phoneChat: true, phoneExtension: '5711' });
  mira = await createShow(t.db, { showName: 'Mira Switch', online: false, phoneChat: true, phoneExtension: '5712' });
});
afterAll(() => t.close());

/** The console as a browser opens it: the form cookie and the token of its forms. */
async function openConsole() {
  const res = await t.app.inject({ method: 'GET', url: '/sandbox/studio', headers: { 'accept-language': 'en' } });
  const cookie = res.cookies.find((c) => c.name === STUDIO_COOKIE)?.value ?? '';
  const token = res.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  return { html: res.body, cookie, token };
}

function post(
  url: string,
  form: Record<string, string>,
  opts: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'en',
      ...(opts.cookie ? { cookie: `${STUDIO_COOKIE}=${opts.cookie}` } : {}),
      ...opts.headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const flags = async (show: TestShow) =>
  (
    await t.db.select({ online: shows.online, phoneChatOn: shows.phoneChatOn }).from(shows).where(eq(shows.id, show.id))
  )[0];

describe('the studio\u2019s "takes calls" switch', () => {
  it('switches it on and off with the console token; the page and the show say so', async () => {
    const { html, cookie, token } = await openConsole();
    expect(html).toContain('aria-label="Let Luna Switch take phone-chat calls"');
    const on = await post('/sandbox/studio/phone-chat/taking', { token, show: luna.universalId, on: '1' }, { cookie });
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe(`/sandbox/studio?done=${luna.universalId}&result=calls_on`);
    expect(await flags(luna)).toEqual({ online: true, phoneChatOn: true });
    const page = await t.app.inject({
      method: 'GET',
      url: String(on.headers.location),
      headers: { cookie: `${STUDIO_COOKIE}=${cookie}`, 'accept-language': 'en' },
    });
    expect(page.body).toContain('Luna Switch takes phone-chat calls now.');
    const show = (await t.app.inject({ method: 'GET', url: `/api/shows/${luna.universalId}` })).json();
    expect(show.phoneChatOn).toBe(true);
    const off = await post('/sandbox/studio/phone-chat/taking', { token, show: luna.universalId, on: '0' }, { cookie });
    expect(off.headers.location).toContain('result=calls_off');
    expect(await flags(luna)).toEqual({ online: true, phoneChatOn: false });
  });

  it('refuses to switch it on while she is offline', async () => {
    const { cookie, token } = await openConsole();
    const res = await post('/sandbox/studio/phone-chat/taking', { token, show: mira.universalId, on: '1' }, { cookie });
    expect(res.headers.location).toContain('result=calls_offline');
    expect(await flags(mira)).toEqual({ online: false, phoneChatOn: false });
  });

  it('going offline stops her taking calls; coming online leaves it off until she switches it on', async () => {
    const { cookie, token } = await openConsole();
    await post('/sandbox/studio/phone-chat/taking', { token, show: luna.universalId, on: '1' }, { cookie });
    expect(await flags(luna)).toEqual({ online: true, phoneChatOn: true });
    await post('/sandbox/studio/presence', { token, show: luna.universalId, online: '0' }, { cookie });
    expect(await flags(luna)).toEqual({ online: false, phoneChatOn: false });
    await post('/sandbox/studio/presence', { token, show: luna.universalId, online: '1' }, { cookie });
    expect(await flags(luna)).toEqual({ online: true, phoneChatOn: false });
  });

  it('refuses a missing token, a foreign origin, an unknown performer', async () => {
    const { cookie, token } = await openConsole();
    const form = { token, show: luna.universalId, on: '1' };
    expect((await post('/sandbox/studio/phone-chat/taking', { ...form, token: 'x' }, { cookie })).statusCode).toBe(403);
    expect((await post('/sandbox/studio/phone-chat/taking', form)).statusCode).toBe(403);
    const foreign = await post('/sandbox/studio/phone-chat/taking', form, {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await post('/sandbox/studio/phone-chat/taking', { ...form, show: 'nobody' }, { cookie });
    expect(unknown.statusCode).toBe(404);
    expect(await flags(luna)).toMatchObject({ phoneChatOn: false });
  });
});

describe('offering phone chat from the studio', () => {
  it('gives a show without phone chat the next free extension', async () => {
    const nova = await createShow(t.db, { showName: 'Nova Offer', online: true });
    const { html, cookie, token } = await openConsole();
    expect(html).toContain('aria-label="Offer phone chat for Nova Offer"');
    const res = await post('/sandbox/studio/phone-chat/offer', { token, show: nova.universalId }, { cookie });
    expect(res.headers.location).toContain('result=offered');
    const [row] = await t.db
      .select({ phoneChat: shows.phoneChat, ext: shows.phoneExtension })
      .from(shows)
      .where(eq(shows.id, nova.id));
    expect(row?.phoneChat).toBe(true);
    expect(row?.ext).toMatch(/^[1-9]\d{3}$/);
    expect(
      (await post('/sandbox/studio/phone-chat/offer', { token: 'x', show: nova.universalId }, { cookie })).statusCode,
    ).toBe(403);
  });
});

describe('POST /sandbox/studio/phone-chat', () => {
  const callOf = async (show: TestShow) => {
    const [row] = await t.db
      .insert(phoneChatCalls)
      .values({ showId: show.id, provider: 'sandbox', providerCallId: `c${Math.random()}`, pricePerMinuteCents: 199 })
      .returning({ id: phoneChatCalls.id });
    await t.db.update(shows).set({ phoneChatConnecting: true }).where(eq(shows.id, show.id));
    return String(row?.id);
  };

  it('answers and hangs up a call with the console token', async () => {
    const { cookie, token } = await openConsole();
    const call = await callOf(luna);
    const answer = await post('/sandbox/studio/phone-chat', { token, call, action: 'answer' }, { cookie });
    expect(answer.statusCode).toBe(303);
    expect(
      (
        await t.db
          .select()
          .from(phoneChatCalls)
          .where(eq(phoneChatCalls.id, Number(call)))
      )[0]?.state,
    ).toBe('busy');
    const hangup = await post('/sandbox/studio/phone-chat', { token, call, action: 'hangup' }, { cookie });
    expect(hangup.statusCode).toBe(303);
    expect(
      (
        await t.db
          .select()
          .from(phoneChatCalls)
          .where(eq(phoneChatCalls.id, Number(call)))
      )[0]?.state,
    ).toBe('ended');
  });

  it('refuses a bad token and answers bad ids with 400, never 500', async () => {
    const { cookie, token } = await openConsole();
    expect(
      (await post('/sandbox/studio/phone-chat', { token: 'x', call: '1', action: 'answer' }, { cookie })).statusCode,
    ).toBe(403);
    for (const call of ['1e10', '2147483648', '0', '-1', '1.5', 'abc', '']) {
      const res = await post('/sandbox/studio/phone-chat', { token, call, action: 'answer' }, { cookie });
      expect(res.statusCode, call).toBe(400);
    }
    // The largest id there can be: no such call, nothing done.
    expect(
      (await post('/sandbox/studio/phone-chat', { token, call: '2147483647', action: 'hangup' }, { cookie }))
        .statusCode,
    ).toBe(303);
  });

  it('is for operators or a person at this machine only', async () => {
    const { cookie, token } = await openConsole();
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/studio/phone-chat',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${STUDIO_COOKIE}=${cookie}` },
      payload: new URLSearchParams({ token, call: '1', action: 'answer' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/admin\/login/);
    const taking = await t.app.inject({
      method: 'POST',
      url: '/sandbox/studio/phone-chat/taking',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${STUDIO_COOKIE}=${cookie}` },
      payload: new URLSearchParams({ token, show: luna.universalId, on: '1' }).toString(),
    });
    expect(taking.headers.location).toMatch(/^\/admin\/login/);
  });
});
