import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheck } from '#server/features/avs/testing.ts';
import { initPurchase, loadCatalog, submitCard } from '#server/features/billing/billing-fixtures.ts';
import { ageCheckedMember, initCall } from '#server/features/voicecall/test-helpers.ts';
import { createShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * The server-rendered forms (operator sign-in and sign-out, the support desk's reply, the studio console, the sandbox
 * providers' pages) with a valid form token and hostile fields: control characters in names and
 * values (PostgreSQL refuses U+0000), invalid UTF-8, oversized values, repeated names, JSON in
 * place of a form. None may answer a 5xx; the forms that read our tables refuse control
 * characters with their usual failure.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = 'application/x-www-form-urlencoded';
/** Values as they travel in a url-encoded body. */
const HOSTILE_VALUES = [
  'a%00b%40example.com',
  '%00',
  '%7F',
  '%0D%0ABcc%3A%20x%40example.com',
  '%1B%5B31m',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%80%AE',
  'x'.repeat(1500),
];

type Form = {
  name: string;
  /** A fresh browser's page state: the URL to post to, the form's own fields, and its cookies. */
  open: () => Promise<{ client: TestClient; url: string; fields: Record<string, string> }>;
};

type Sent = { form: string; label: string; status: number; body: string };

async function hostilePosts(form: Form): Promise<Sent[]> {
  const sent: Sent[] = [];
  const post = async (label: string, payload: string, contentType = FORM) => {
    const { client, url } = await form.open();
    const res = await client.raw('POST', url, { payload, headers: { 'content-type': contentType } });
    sent.push({ form: form.name, label, status: res.statusCode, body: res.body.slice(0, 200) });
  };
  const { fields } = await form.open();
  const names = Object.keys(fields);
  const encoded = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
      .join('&');
  for (const value of HOSTILE_VALUES) {
    for (const name of names) {
      const { client, url, fields: fresh } = await form.open();
      const payload = encoded({
        ...Object.fromEntries(Object.entries(fresh).map(([k, v]) => [k, encodeURIComponent(v)])),
        [name]: value,
      });
      const res = await client.raw('POST', url, { payload, headers: { 'content-type': FORM } });
      sent.push({ form: form.name, label: `${name}=${value.slice(0, 30)}`, status: res.statusCode, body: res.body });
    }
  }
  const { fields: fresh } = await form.open();
  const plain = new URLSearchParams(fresh).toString();
  await post('a name with NUL', `${plain}&a%00b=1`);
  await post('a NUL name', `${plain}&%00=1`);
  await post('a repeated name', `${plain}&${names[0] ?? 'x'}=%00&${names[0] ?? 'x'}=ok`);
  await post('an empty body', '');
  await post('JSON with NUL', JSON.stringify({ ...fresh, [names[0] ?? 'x']: 'a\u0000b' }), 'application/json');
  await post(
    'JSON with objects',
    JSON.stringify({ ...fresh, [names[0] ?? 'x']: { a: ['\u0000'] } }),
    'application/json',
  );
  await post('a charset parameter', `${plain}&${names[0] ?? 'x'}=%00`, `${FORM}; charset=utf-8`);
  return sent;
}

/** A token from the page's HTML, with the page's cookie kept by the client. */
const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';

/** A browser on this machine (the studio console skips the sign-in on a loopback server). */
const local = () => new TestClient(t.app, 'en', '127.0.0.1');

let members = 0;
const member = async () => {
  members += 1;
  return (await registerAndVerify(t, `forms-${members}@example.com`)).client;
};

/** Runs `make` once and answers its result ever after: a page state every hostile post reuses. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make();
    return made;
  };
}

describe('server-rendered forms with a valid form token and hostile fields', () => {
  it('answer no 5xx', async () => {
    const show = await createShow(t.db, { showName: 'Form Fuzz', online: false });
    const catalog = await loadCatalog(t);
    const forms: Form[] = [
      {
        name: 'studio console',
        open: async () => {
          const client = local();
          const token = tokenOf((await client.raw('GET', '/sandbox/studio')).body);
          return {
            client,
            url: '/sandbox/studio/presence',
            fields: { token, show: show.universalId, online: '1', q: 'f' },
          };
        },
      },
      {
        name: 'sandbox card page',
        open: once(async () => {
          const { link } = await initPurchase(await member(), catalog);
          const fields = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123', holder: 'Erika Mustermann' };
          return { client: t.client(), url: link, fields };
        }),
      },
      {
        name: 'sandbox 3-D Secure page',
        open: once(async () => {
          const { link } = await initPurchase(await member(), catalog);
          const challenge = String((await submitCard(t, link, '4000 0000 0000 3220')).headers.location);
          return { client: t.client(), url: challenge, fields: { code: '9999' } };
        }),
      },
      {
        name: 'sandbox ID-check page',
        open: once(async () => {
          const client = await member();
          const { page } = await startCheck(client);
          const fields = {
            document: 'passport',
            birth_date: '1990-01-01',
            document_number: 'AB12345',
            expiry_date: '',
          };
          return { client, url: page, fields };
        }),
      },
      {
        name: 'sandbox phone simulator',
        open: once(async () => {
          const { client } = await ageCheckedMember(t, 'forms-phone@example.com');
          const { link } = await initCall(client);
          return { client: t.client(), url: `${link}/pin`, fields: { pin: '000000' } };
        }),
      },
    ];
    const sent: Sent[] = [];
    for (const form of forms) sent.push(...(await hostilePosts(form)));
    expect(sent.length).toBeGreaterThan(150);
    expect(sent.filter((s) => s.status >= 500)).toEqual([]);
  }, 120_000);
});

describe('the studio console', () => {
  it('answers control characters in a field with its usual failure, with a valid token, and changes nothing', async () => {
    const show = await createShow(t.db, { showName: 'Nul Show', online: false });
    const client = local();
    const token = tokenOf((await client.raw('GET', '/sandbox/studio')).body);
    for (const payload of [
      `token=${token}&show=%00&online=1`,
      `token=${token}&show=${show.universalId}%00&online=1`,
      `token=${token}&show=${show.universalId}&online=1&q=%00`,
    ]) {
      const res = await client.raw('POST', '/sandbox/studio/presence', { payload, headers: { 'content-type': FORM } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    const after = await client.raw('GET', `/sandbox/studio?q=${encodeURIComponent('Nul Show')}`);
    expect(after.body).toContain('Nul Show');
    expect(after.body).not.toContain('changedOnline');
  });
});
