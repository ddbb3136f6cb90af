import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, showHistory } from '#server/db/schema/member-catalog.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { hostileInputIssues, INPUT_DEPTH_MAX } from './validation.ts';

const CONTROL = ['errors.validations.control_characters'];
/** Each value carries this, so the logs can be searched for it. */
const MARK = 'mark3e71';

let t: TestContext;
let member: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
  member = (await registerAndVerify(t, 'control-member@example.com')).client;
  visitor = t.client();
  // The session exists before any refused request, so "nothing changed" includes the sessions table.
  await visitor.get('/api/auth/csrf-cookie');
});
afterAll(() => t.close());

/** Log lines that mention the mark, other than the access log's path of the request. */
function loggedValues(from: number) {
  return t.logLines
    .slice(from)
    .filter((line) => line.includes(MARK))
    .filter((line) => (JSON.parse(line) as { msg?: string }).msg !== 'incoming request');
}

/** Refused as a 422 with exactly these field errors, nothing stored, the value nowhere in the logs. */
async function expectRefusedUnlogged(send: () => ReturnType<TestClient['get']>, errors: Record<string, string[]>) {
  const from = t.logLines.length;
  await expectInvalid(t, send, errors);
  expect(loggedValues(from)).toEqual([]);
  expect(t.logLines.slice(from).some((line) => (JSON.parse(line) as { level: number }).level >= 50)).toBe(false);
}

const contact = { name: 'Erika', email: 'erika@example.com', subject: 'Question', message: 'Hello' };
const notice = {
  name: 'Rights Holder',
  email: 'legal@studio.example',
  urls: ['https://livecam.example/videos/12'],
  category: 'copyright',
  explanation: 'Uploaded without a licence.',
  good_faith: true,
};
const logEntry = { created: '2026-01-01T00:00:00Z', message: 'boom', level: 1 };

describe('control characters in input', () => {
  it('in a path parameter: GET /api/shows/a%00b', async () => {
    await expectRefusedUnlogged(() => visitor.get(`/api/shows/${MARK}%00b`), { id: CONTROL });
  });

  it('in the login name', async () => {
    await expectRefusedUnlogged(() => visitor.post('/api/auth/login', { username: `${MARK}\u0000`, password: 'x' }), {
      username: CONTROL,
    });
  });

  it('in coupon codes: redeeming, and the sign-up voucher check', async () => {
    await expectRefusedUnlogged(() => member.post('/api/coupons/redeem', { code: `${MARK}\u0000` }), { code: CONTROL });
    await expectRefusedUnlogged(() => visitor.post('/api/register/coupon', { code: `${MARK}\u0000` }), {
      code: CONTROL,
    });
  });

  it('in the contact form: single-line fields take no tab, the message takes tabs and line breaks only', async () => {
    await expectRefusedUnlogged(
      () => visitor.post('/api/contact', { ...contact, name: `${MARK}\u0000`, subject: `${MARK}\tx` }),
      { name: CONTROL, subject: CONTROL },
    );
    await expectRefusedUnlogged(() => visitor.post('/api/contact', { ...contact, message: `${MARK}\u0007` }), {
      message: CONTROL,
    });
    const res = await visitor.post('/api/contact', { ...contact, message: 'Line one\r\n\tLine two' });
    expect(res.statusCode).toBe(201);
  });

  it('in the takedown form, also inside the list of addresses', async () => {
    await expectRefusedUnlogged(
      () =>
        visitor.post('/api/takedown', {
          ...notice,
          urls: ['https://livecam.example/ok', `https://livecam.example/${MARK}\u0000`],
          explanation: `${MARK}\u001b[31m`,
        }),
      { 'urls.1': CONTROL, explanation: CONTROL },
    );
  });

  it('in the visitor id and in client logs, where free-form objects are caught by the server', async () => {
    await expectRefusedUnlogged(() => visitor.post('/api/session/vid', { vid: `${MARK}abcd\u0000`, confidence: 1 }), {
      vid: CONTROL,
    });
    await expectRefusedUnlogged(
      () => visitor.post('/api/user/log', { version: '1', errors: [{ ...logEntry, message: `${MARK}\u0000` }] }),
      { 'errors.0.message': CONTROL },
    );
    // z.unknown() lets anything through; the server's backstop refuses values and keys alike.
    await expectRefusedUnlogged(
      () =>
        visitor.post('/api/user/log', {
          version: '1',
          errors: [{ ...logEntry, objects: [{ note: `${MARK}\u0000` }, { [`${MARK}\u0000`]: 1 }] }],
        }),
      { 'errors.0.objects.0.note': CONTROL, 'errors.0.objects.1': CONTROL },
    );
  });

  it('nesting deeper than any call needs is refused at its field, before anything stores it', async () => {
    const deep = `${'{"a":['.repeat(5000)}"${MARK}"${']}'.repeat(5000)}`;
    const entry = JSON.stringify({ ...logEntry, objects: ['__deep__'] }).replace('"__deep__"', deep);
    await expectRefusedUnlogged(
      () =>
        visitor.raw('POST', '/api/user/log', {
          payload: `{"version":"1","errors":[${entry}]}`,
          headers: { 'content-type': 'application/json', ...visitor.xsrf() },
        }),
      { errors: ['errors.validations.too_deep'] },
    );
  });

  it('in favorite and history ids', async () => {
    await expectRefusedUnlogged(() => member.post(`/api/favorites/${MARK}%00`), { id: CONTROL });
    await expectRefusedUnlogged(() => member.put(`/api/favorites/${MARK}%01`, { info_start: null, info_end: null }), {
      id: CONTROL,
    });
    await expectRefusedUnlogged(() => member.delete(`/api/favorites/${MARK}%7F`), { id: CONTROL });
    await expectRefusedUnlogged(() => member.post(`/api/user/history/${MARK}%00`), { id: CONTROL });
    expect(await t.db.select().from(favorites)).toEqual([]);
    expect(await t.db.select().from(showHistory)).toEqual([]);
  });

  it('in query strings, also where a schema lets any text through', async () => {
    await expectRefusedUnlogged(() => visitor.get(`/api/search/all?search=${MARK}%00`), { search: CONTROL });
    await expectRefusedUnlogged(() => visitor.get(`/api/search/videos?showid=${MARK}%00&sort=new`), {
      showid: CONTROL,
    });
    // Repeated keys arrive as a list; each element is checked.
    await expectRefusedUnlogged(() => visitor.get(`/api/shows?page=1&x=ok&x=${MARK}%00`), { 'x.1': CONTROL });
  });

  it('half of a surrogate pair (no character at all) is refused like a control character', async () => {
    await expectRefusedUnlogged(
      () =>
        visitor.raw('POST', '/api/contact', {
          payload: `{"name":"${MARK}\\ud800","email":"erika@example.com","subject":"s","message":"a\\udc00"}`,
          headers: { 'content-type': 'application/json', ...visitor.xsrf() },
        }),
      { name: CONTROL, message: CONTROL },
    );
    // A whole pair is one character (an emoji): welcome.
    const res = await visitor.post('/api/contact', { ...contact, name: 'Erika \u{1F600}' });
    expect(res.statusCode).toBe(201);
  });

  it('paths the router refuses get the usual error body: not UTF-8 (400), a parameter over its limit (414)', async () => {
    for (const path of ['/api/shows/%FF', '/api/shows/a%C3%28', '/api/favorites/%E0%A4%A']) {
      await expectRefused(t, () => member.get(path), 400, 'bad_request');
    }
    await expectRefused(t, () => member.get(`/api/shows/${'x'.repeat(101)}`), 414, 'bad_request');
  });
});

describe('hostileInputIssues', () => {
  const control = (path: Array<string | number>) => ({ path, message: CONTROL[0] });

  it('finds control characters in values and keys at any depth', () => {
    expect(hostileInputIssues({ a: ['ok', 'line\r\n\tbreak', 'x\u007f'], 'k\u0001': { b: 1 } })).toEqual([
      control([]),
      control(['a', 2]),
    ]);
    expect(hostileInputIssues({ a: 1, b: [true, null, 'fine \u{1F600}'] })).toEqual([]);
  });

  it('stops at the nesting limit, at the top-level field, without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const tooDeep = { path: ['log'], message: 'errors.validations.too_deep' };
    expect(hostileInputIssues({ log: deep, ok: 'fine' })).toEqual([tooDeep]);
    let limit: unknown = 'x';
    for (let i = 0; i < INPUT_DEPTH_MAX - 1; i++) limit = { a: limit };
    expect(hostileInputIssues({ log: limit })).toEqual([]);
    expect(hostileInputIssues({ log: { a: limit } })).toEqual([tooDeep]);
  });
});
