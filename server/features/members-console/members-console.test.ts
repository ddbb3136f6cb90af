import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { insertUser, registerAndVerify, sessionRowsOf, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged, openMember, postForm } from '#server/test/members-console.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { deskOperator } from '#server/test/support-desk.ts';
import { LEDGER_PAGE_SIZE, SEARCH_PAGE_SIZE } from './routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made = 0;
const operator = (roles: Parameters<typeof deskOperator>[1], lang?: string) => deskOperator(t, roles, lang);

/** A verified member with a user name, signed in on her own browser. */
async function member(tag = 'member') {
  made += 1;
  const email = `${tag}-${made}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { username: `${tag}${made}` });
  return { client, email, id: user.id as number, name: `${tag}${made}` };
}

/** The data rows of the tables in `html` (not their heads). */
const rowsOf = (html: string) => html.split('<tr').filter((r) => r.includes('<td'));

describe('who may use the member screens', () => {
  it('sends a browser without an operator session to the sign-in page, whatever member or studio session it holds', async () => {
    const m = await member();
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    for (const client of [t.client(), m.client, studio]) {
      for (const url of ['/admin/members', `/admin/members/${m.id}`, '/admin/members?q=member']) {
        const res = await client.raw('GET', url);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toMatch(/^\/admin\/login\?next=/);
      }
      for (const action of ['block', 'unblock', 'correction', 'orders/1/refund']) {
        const res = await expectUnchanged(
          t,
          () =>
            postForm(
              client,
              `/admin/members/${m.id}/${action}`,
              { reason: 'x', amount: '5', direction: 'credit' },
              client.xsrf(),
            ),
          303,
        );
        expect(res.headers.location).toMatch(/^\/admin\/login/);
      }
    }
    expect((await sessionRowsOf(t, m.id)).length).toBe(1);
  });

  it('refuses a moderator everywhere here with 403', async () => {
    const m = await member();
    const { client } = await operator(['moderator']);
    for (const url of ['/admin/members', `/admin/members/${m.id}`, '/admin/members?q=x']) {
      const res = await client.raw('GET', url);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('No access');
    }
    for (const action of ['block', 'unblock', 'correction', 'orders/1/refund']) {
      await expectUnchanged(t, () => postForm(client, `/admin/members/${m.id}/${action}`, { reason: 'x' }), 403);
    }
  });

  it('gives support the search, the page, blocking and refunds, but no correction form (403 when posted)', async () => {
    const m = await member();
    const { client } = await operator(['support']);
    expect((await client.raw('GET', '/admin/members')).statusCode).toBe(200);
    const { res, form } = await openMember(client, m.id);
    expect(res.body).toContain(`action="/admin/members/${m.id}/block"`);
    expect(res.body).not.toContain('/correction"');
    const post = () =>
      postForm(client, `/admin/members/${m.id}/correction`, {
        ...form,
        key: 'k'.repeat(24),
        direction: 'credit',
        amount: '5',
        reason: 'goodwill',
      });
    expect((await expectUnchanged(t, post, 403)).body).toContain('No access');
  });

  it('gives an administrator every form', async () => {
    const m = await member();
    const { client } = await operator(['admin']);
    const { res, form } = await openMember(client, m.id);
    expect(res.body).toContain(`action="/admin/members/${m.id}/block"`);
    expect(res.body).toContain(`action="/admin/members/${m.id}/correction"`);
    expect(form.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('the member search', () => {
  it('finds by exact or starting address, user name, nickname and id, exact address first', async () => {
    const a = await member('findme');
    const b = await member('findmetoo');
    const { client } = await operator(['support']);
    const search = async (q: string) => (await client.raw('GET', `/admin/members?q=${encodeURIComponent(q)}`)).body;
    const ids = (html: string) => rowsOf(html).map((r) => Number(r.match(/href="\/admin\/members\/(\d+)"/)?.[1]));
    expect(ids(await search(a.email))).toEqual([a.id]);
    expect(ids(await search(a.email.toUpperCase()))).toEqual([a.id]);
    expect(ids(await search('findme'))).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids(await search(b.name.toUpperCase()))).toEqual([b.id]);
    expect(ids(await search(String(b.id)))).toContain(b.id);
    expect(ids(await search(`#${a.id}`))).toContain(a.id);
    // LIKE's own characters are taken literally.
    expect(rowsOf(await search('%'))).toEqual([]);
    expect(rowsOf(await search('_indme'))).toEqual([]);
    const none = await search('nobody-<b>');
    expect(none).toContain('No member matches “nobody-&lt;b&gt;”.');
    expect(none).not.toContain('<b>');
  });

  it(`pages by ${SEARCH_PAGE_SIZE}, in the operator's language, and shrugs off odd terms`, async () => {
    for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i++) await insertUser(t, `paged-search-${i}@example.com`);
    const { client } = await operator(['admin'], 'de');
    const first = (await client.raw('GET', '/admin/members?q=paged-search')).body;
    expect(first).toContain('<html lang="de">');
    expect(first).toContain(`Gefundene Mitglieder: ${SEARCH_PAGE_SIZE + 2}`);
    expect(rowsOf(first).length).toBe(SEARCH_PAGE_SIZE);
    expect(first).toContain('href="/admin/members?q=paged-search&amp;page=2"');
    const second = (await client.raw('GET', '/admin/members?q=paged-search&page=2')).body;
    expect(rowsOf(second).length).toBe(2);
    for (const q of ['%00', 'a'.repeat(300), '%FF%FE', '']) {
      const res = await client.raw('GET', `/admin/members?q=${q}&page=-3`);
      expect(res.statusCode).toBeLessThan(500);
    }
    // Control characters: the server's validator refuses them before any page (422).
    expect((await client.raw('GET', '/admin/members?q=%01x')).statusCode).toBe(422);
  });
});

describe('the member page', () => {
  it('shows account, balance, ledger newest first, orders, sessions and purchases; never a hash or token', async () => {
    const m = await member();
    for (let i = 1; i <= LEDGER_PAGE_SIZE + 1; i++) {
      await credit(t.app.ctx, { userId: m.id, amount: i, reason: 'bonus', idempotencyKey: `page-${m.id}-${i}` });
    }
    await t.db.insert(purchases).values({ userId: m.id, item: 'video:42', coins: 30 });
    const { client } = await operator(['support']);
    const { res } = await openMember(client, m.id);
    const html = res.body;
    expect(html).toContain(`<h1>Member ${m.name}</h1>`);
    expect(html).toContain(m.email);
    expect(html).toMatch(/Address confirmed<\/dt><dd>Yes/);
    expect(html).toMatch(/Status<\/dt><dd>Active/);
    const total = ((LEDGER_PAGE_SIZE + 1) * (LEDGER_PAGE_SIZE + 2)) / 2;
    expect(html).toContain(`${new Intl.NumberFormat('en-GB').format(total)} coins`);
    const ledger = html.slice(html.indexOf('id="ledger"'), html.indexOf('id="orders"'));
    expect(ledger.match(/<td class="num">\+(\d+)<\/td>/)?.[1]).toBe(String(LEDGER_PAGE_SIZE + 1));
    expect(rowsOf(ledger).length).toBe(LEDGER_PAGE_SIZE);
    expect(ledger).toContain(`href="/admin/members/${m.id}?page=2#ledger"`);
    const older = (await client.raw('GET', `/admin/members/${m.id}?page=2`)).body;
    const olderLedger = older.slice(older.indexOf('id="ledger"'), older.indexOf('id="orders"'));
    expect(rowsOf(olderLedger).length).toBe(1);
    expect(olderLedger).toContain('<td class="num">+1</td>');
    expect(html).toContain('video:42');
    const sessions = html.slice(html.indexOf('id="sessions"'), html.indexOf('id="purchases"'));
    expect(rowsOf(sessions).length).toBe(1);
    const user = await userRow(t, m.email);
    const [session] = await sessionRowsOf(t, m.id);
    for (const secret of [user?.passwordHash, session?.id, ...m.client.cookies.values()]) {
      expect(secret).toBeTruthy();
      expect(html).not.toContain(String(secret));
    }
  });

  it('answers 404 for an unknown or impossible id, in German for a German operator', async () => {
    const { client } = await operator(['support'], 'de');
    for (const id of ['99999999', '0', 'abc', '1e3', '99999999999', '-1']) {
      const res = await client.raw('GET', `/admin/members/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Dieses Mitglied gibt es nicht.');
    }
  });
});
