import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { insertUser, registerAndVerify, sessionRowsOf, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged } from '#server/test/members-console.ts';
import { act } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { deskOperator } from '#server/test/support-desk.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made = 0;
/** A verified member with a user name, signed in on her own browser. */
async function member(tag = 'member') {
  made += 1;
  const email = `${tag}-${made}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { username: `${tag}${made}` });
  return { client, email, id: user.id as number, name: `${tag}${made}` };
}

const reads = (id: number) => [
  '/api/admin/members?q=member',
  `/api/admin/members/${id}`,
  `/api/admin/members/${id}/ledger`,
  `/api/admin/members/${id}/orders`,
  `/api/admin/members/${id}/purchases`,
];
const actions = (id: number) =>
  [
    [`/api/admin/members/${id}/block`, { reason: 'x' }],
    [`/api/admin/members/${id}/unblock`, { reason: 'x' }],
    [`/api/admin/members/${id}/correction`, { direction: 'credit', amount: 5, reason: 'x' }],
    [`/api/admin/members/${id}/orders/1/refund`, { reason: 'x' }],
  ] as const;

describe('who may use the member API', () => {
  it('answers a visitor 401 and a member or a performer 403, reading or acting, and changes nothing', async () => {
    const m = await member();
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    const visitor = t.client();
    for (const [client, status] of [
      [visitor, 401],
      [m.client, 403],
      [studio, 401],
    ] as const) {
      // The CSRF cookie first: fetching it opens a visitor's session, which is no change of ours.
      await client.get('/api/auth/csrf-cookie');
      for (const url of reads(m.id)) expect((await client.get(url)).statusCode, url).toBe(status);
      for (const [url, body] of actions(m.id)) await expectUnchanged(t, () => act(client, 'POST', url, body), status);
    }
    expect((await sessionRowsOf(t, m.id)).length).toBe(1);
  });

  it('refuses a moderator everything here; support reads, blocks and refunds but may not correct', async () => {
    const m = await member();
    const moderator = await deskOperator(t, ['moderator']);
    for (const url of reads(m.id)) expect((await moderator.client.get(url)).statusCode).toBe(403);
    for (const [url, body] of actions(m.id))
      await expectUnchanged(t, () => act(moderator.client, 'POST', url, body), 403);
    const support = await deskOperator(t, ['support']);
    for (const url of reads(m.id)) expect((await support.client.get(url)).statusCode).toBe(200);
    const [, , [correction, body]] = actions(m.id);
    await expectUnchanged(t, () => act(support.client, 'POST', correction, body), 403);
  });
});

describe('GET /api/admin/members (search)', () => {
  it('finds by exact or starting address, user name, nickname and id, exact address first', async () => {
    const a = await member('findme');
    const b = await member('findmetoo');
    const { client } = await deskOperator(t, ['support']);
    const ids = async (q: string) => {
      const res = await client.get(`/api/admin/members?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().rows as { id: number }[]).map((r) => r.id);
    };
    expect(await ids(a.email)).toEqual([a.id]);
    expect(await ids(a.email.toUpperCase())).toEqual([a.id]);
    expect(await ids('findme')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids(b.name.toUpperCase())).toEqual([b.id]);
    expect(await ids(String(b.id))).toContain(b.id);
    expect(await ids(`#${a.id}`)).toContain(a.id);
    // LIKE's own characters are taken literally; no term lists nobody.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_indme')).toEqual([]);
    expect(await ids('')).toEqual([]);
    const [hit] = (await client.get(`/api/admin/members?q=${encodeURIComponent(a.email)}`)).json().rows;
    expect(hit).toEqual({
      id: a.id,
      email: a.email,
      name: a.name,
      nickname: null,
      status: 'active',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('pages and sorts on the server, and refuses odd paging, sorting and terms with 422', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 27; i++)
      ids.push(await insertUser(t, `paged-search-${String(i).padStart(2, '0')}@example.com`));
    const { client } = await deskOperator(t, ['admin']);
    const page = async (query: string) => {
      const res = await client.get(`/api/admin/members?q=paged-search&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { rows: { id: number; email: string }[]; total: number };
      return { total: body.total, ids: body.rows.map((r) => r.id) };
    };
    expect(await page('')).toEqual({ total: 27, ids: ids.slice(0, 25) });
    expect(await page('page=2')).toEqual({ total: 27, ids: ids.slice(25) });
    expect((await page('pageSize=50')).ids).toEqual(ids);
    expect((await page('sort=email&order=desc&pageSize=25')).ids).toEqual([...ids].reverse().slice(0, 25));
    expect((await page('sort=id&order=desc&page=2')).ids).toEqual([ids[1], ids[0]]);
    expect((await page('page=9')).ids).toEqual([]);
    for (const query of [
      'q=%01x',
      `q=${'a'.repeat(300)}`,
      'q=x&page=0',
      'q=x&page=-3',
      'q=x&page=abc',
      'q=x&pageSize=7',
      'q=x&pageSize=1000',
      'q=x&sort=password',
      'q=x&order=sideways',
    ]) {
      expect((await client.get(`/api/admin/members?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/admin/members/:id and her lists', () => {
  it('shows account, balance, sessions, the ledger newest first in pages, orders and purchases; never a hash or token', async () => {
    const m = await member();
    for (let i = 1; i <= 26; i++) {
      await credit(t.app.ctx, { userId: m.id, amount: i, reason: 'bonus', idempotencyKey: `page-${m.id}-${i}` });
    }
    await t.db.insert(purchases).values({ userId: m.id, item: 'video:42', coins: 30 });
    const { client } = await deskOperator(t, ['support']);
    const res = await client.get(`/api/admin/members/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { account, sessions } = res.json();
    expect(account).toMatchObject({
      id: m.id,
      email: m.email,
      name: m.name,
      status: 'active',
      isVerified: true,
      balance: (26 * 27) / 2,
      flagged: false,
    });
    expect(sessions).toHaveLength(1);
    expect(Object.keys(sessions[0]).sort()).toEqual(['agechecked', 'createdAt', 'expiresAt', 'lastSeenAt']);

    const ledger = (await client.get(`/api/admin/members/${m.id}/ledger`)).json();
    expect(ledger.total).toBe(26);
    expect(ledger.rows).toHaveLength(25);
    expect(ledger.rows[0]).toMatchObject({ delta: 26, balanceAfter: (26 * 27) / 2, reason: 'bonus' });
    const older = (await client.get(`/api/admin/members/${m.id}/ledger?page=2`)).json();
    expect(older.rows.map((r: { delta: number }) => r.delta)).toEqual([1]);
    expect((await client.get(`/api/admin/members/${m.id}/purchases`)).json()).toMatchObject({
      rows: [{ item: 'video:42', coins: 30 }],
      total: 1,
    });
    expect((await client.get(`/api/admin/members/${m.id}/orders`)).json()).toEqual({ rows: [], total: 0 });

    const user = await userRow(t, m.email);
    const [session] = await sessionRowsOf(t, m.id);
    const everything = [res.body, JSON.stringify(ledger)].join('');
    for (const secret of [user?.passwordHash, session?.id, ...m.client.cookies.values()]) {
      expect(secret).toBeTruthy();
      expect(everything).not.toContain(String(secret));
    }
  });

  it('answers 404 for an unknown member and 422 for an impossible id', async () => {
    const { client } = await deskOperator(t, ['support'], 'de');
    for (const url of ['/api/admin/members/99999999', '/api/admin/members/99999999/ledger']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: 'member_not_found' });
    }
    for (const id of ['0', 'abc', '1.5', '99999999999', '-1']) {
      expect((await client.get(`/api/admin/members/${id}`)).statusCode, id).toBe(422);
    }
  });
});
