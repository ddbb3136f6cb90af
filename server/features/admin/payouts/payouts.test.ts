import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '#common/domain/payouts.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { reclaim } from '#server/features/coins/mutations.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';
import { balanceAndLedger, earn, fieldOf, postForm } from '#server/test/payouts.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
beforeAll(async () => {
  // 5 cents a coin, 50 euros at least (the defaults, stated for the figures below).
  t = await createTestApp({ env: { PAYOUT_CENTS_PER_COIN: '5', PAYOUT_MINIMUM_CENTS: '5000' } });
});
afterAll(() => t.close());

async function operator(roles: OperatorRole[], lang = 'en') {
  const op = await createTestOperator(t, { roles });
  const client = t.client(lang);
  await signIn(client, op);
  return { op, client };
}

const statementOf = async (show: TestShow, period: string) => {
  const [row] = await t.db
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.showId, show.id), eq(payoutStatements.period, period)));
  return row;
};
const allStatements = () => t.db.select().from(payoutStatements).orderBy(payoutStatements.id);
const payoutRows = (account: number) =>
  t.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, account), eq(coinLedger.reason, 'payout')));
const audits = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

/** Creates a month's statements through the console form. */
async function create(client: TestClient, period: string, headers = {}) {
  const page = (await client.raw('GET', '/admin/payouts')).body;
  return postForm(client, '/admin/payouts/generate', { token: fieldOf(page, 'token'), period }, headers);
}

/** Opens a statement's page: its mark-paid form. */
async function paidForm(client: TestClient, id: number) {
  const res = await client.raw('GET', `/admin/payouts/statements/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { token: fieldOf(res.body, 'token'), key: fieldOf(res.body, 'key') };
}
const markPaid = (client: TestClient, id: number, fields: Record<string, string>, headers = {}) =>
  postForm(client, `/admin/payouts/statements/${id}/paid`, fields, headers);

const shows: Record<string, TestShow> = {};
const the = (name: string): TestShow => {
  const show = shows[name];
  if (!show) throw new Error(`show ${name} not made yet`);
  return show;
};
const accounts: Record<string, number> = {};
const GOOD = { paidOn: '2025-04-15', reference: 'SEPA 2025-03 / run 1' };

describe('creating statements', () => {
  it('makes each month once, by Berlin month and ledger entry time, carrying small amounts over', async () => {
    shows.a = await createShow(t.db, { showName: 'Payout Anna' });
    shows.b = await createShow(t.db, { showName: 'Payout Bea' });
    // February (Berlin): 300 picture coins, 1,500 cents: below the minimum, carried over.
    accounts.a = await earn(t, the('a').id, 'picture', 300, new Date('2025-02-28T22:59:59Z'));
    // March: 00:30 on the 1st in Berlin is still February in UTC; the last millisecond before
    // midnight of the 31st (summer time since the 30th) is March; midnight itself is April.
    await earn(t, the('a').id, 'chat', 600, new Date('2025-02-28T23:30:00Z'));
    await earn(t, the('a').id, 'tip', 100, new Date('2025-03-31T21:59:59.999Z'));
    await earn(t, the('a').id, 'message', 50, new Date('2025-03-31T22:00:00Z'));
    accounts.b = await earn(t, the('b').id, 'chat', 2000, new Date('2025-03-15T12:00:00Z'));
    const { client } = await operator(['admin']);

    const feb = await create(client, '2025-02');
    expect(feb.statusCode, feb.body).toBe(303);
    expect(feb.headers.location).toMatch(/^\/admin\/payouts\/2025-02\?made=\d+&had=0$/);
    expect(await statementOf(the('a'), '2025-02')).toMatchObject({
      coinsPicture: 300,
      earned: 300,
      coins: 300,
      amountCents: 1500,
      state: 'carried',
      rate: 500,
    });
    expect(await statementOf(the('b'), '2025-02')).toBeUndefined();

    const march = await create(client, '2025-03');
    expect(march.statusCode).toBe(303);
    const a = await statementOf(the('a'), '2025-03');
    expect(a).toMatchObject({
      coinsChat: 600,
      coinsTip: 100,
      coinsMessage: 0,
      coinsPicture: 0,
      earned: 700,
      carriedIn: 300,
      coins: 1000,
      amountCents: 5000,
      state: 'due',
      showName: 'Payout Anna',
    });
    expect((await statementOf(the('a'), '2025-02'))?.carriedInto).toBe(a?.id);
    expect(await statementOf(the('b'), '2025-03')).toMatchObject({ coins: 2000, amountCents: 10000, state: 'due' });

    // Again: nothing new, and the page says so.
    const before = await allStatements();
    const again = await create(client, '2025-03');
    expect(again.headers.location).toMatch(/\?made=0&had=\d+$/);
    expect(await allStatements()).toEqual(before);
    const page = await client.raw('GET', again.headers.location as string);
    expect(page.body).toContain('Statements created: 0.');
    expect(page.body).toContain('>Payout Anna</a>');
    expect((await audits('payout.generate')).filter((e) => e.subjectId === '2025-03')).toHaveLength(1);
  });

  it('counts an earning that arrives after its month was made in the next month', async () => {
    const { client } = await operator(['admin']);
    // Stamped in March, committed after March's statements: April counts it.
    await earn(t, the('a').id, 'chat', 20, new Date('2025-03-31T12:00:00Z'));
    shows.c = await createShow(t.db, { showName: 'Payout Cleo' });
    accounts.c = await earn(t, the('c').id, 'chat', 1500, new Date('2025-04-02T12:00:00Z'));
    expect((await create(client, '2025-04')).statusCode).toBe(303);
    expect(await statementOf(the('a'), '2025-04')).toMatchObject({
      coinsChat: 20,
      coinsMessage: 50,
      earned: 70,
      carriedIn: 0,
      state: 'carried',
    });
    expect(await statementOf(the('a'), '2025-03')).toMatchObject({ earned: 700 });
  });

  it('refuses a month still running, a month before the latest made, and no month, changing nothing', async () => {
    const { client } = await operator(['admin']);
    const before = await allStatements();
    const current = periodOf(new Date());
    const running = await create(client, current);
    expect(running.statusCode).toBe(422);
    expect(running.body).toContain(`The month ${current} has not ended yet`);
    const earlier = await create(client, '2025-01');
    expect(earlier.statusCode, String(earlier.headers.location)).toBe(422);
    expect(earlier.body).toContain('Statements for 2025-04 exist already');
    for (const bad of ['2025-13', '', '2025-3', 'x'.repeat(3000), '2025-03 ']) {
      const res = await create(client, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.body).toContain('Choose a month from the list.');
    }
    const page = (await client.raw('GET', '/admin/payouts')).body;
    const huge = await postForm(client, '/admin/payouts/generate', {
      token: fieldOf(page, 'token'),
      period: 'x'.repeat(10_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(await allStatements()).toEqual(before);
  });

  it('refuses a forged form with 403 and creates nothing', async () => {
    const { client } = await operator(['admin']);
    const before = await allStatements();
    const page = (await client.raw('GET', '/admin/payouts')).body;
    const token = fieldOf(page, 'token');
    const forged = [
      postForm(client, '/admin/payouts/generate', { period: '2025-05' }),
      postForm(client, '/admin/payouts/generate', { token: 'x'.repeat(43), period: '2025-05' }),
      postForm(client, '/admin/payouts/generate', { token, period: '2025-05' }, { origin: 'https://evil.example' }),
      postForm(client, '/admin/payouts/generate', { token, period: '2025-05' }, { 'sec-fetch-site': 'cross-site' }),
      // Control characters: no form of ours.
      postForm(client, '/admin/payouts/generate', { token, period: '2025-05\u0000' }),
    ];
    for (const res of await Promise.all(forged)) {
      expect(res.statusCode, String(res.headers.location)).toBe(403);
      expect(res.body).toContain('The form has expired.');
    }
    expect(await allStatements()).toEqual(before);
  });
});

describe('marking a statement paid', () => {
  it('refuses a wrong date or reference with 422, and a forged form with 403, changing nothing', async () => {
    const { client } = await operator(['admin']);
    const s = await statementOf(the('a'), '2025-03');
    if (!s) throw new Error('no statement');
    const form = await paidForm(client, s.id);
    const cases: [Record<string, string>, Record<string, string>, number, string][] = [
      [{ ...form, ...GOOD, paidOn: '2025-03-31' }, {}, 422, 'Enter the payment date'],
      [{ ...form, ...GOOD, paidOn: '2099-01-01' }, {}, 422, 'Enter the payment date'],
      [{ ...form, ...GOOD, paidOn: '2025-02-30' }, {}, 422, 'Enter the payment date'],
      [{ ...form, ...GOOD, paidOn: '' }, {}, 422, 'Enter the payment date'],
      [{ ...form, ...GOOD, reference: '' }, {}, 422, 'payment reference'],
      [{ ...form, ...GOOD, reference: '=cmd|calc' }, {}, 422, 'payment reference'],
      [{ ...form, ...GOOD, reference: 'x'.repeat(141) }, {}, 422, 'payment reference'],
      [{ ...form, ...GOOD, reference: 'a\u0007b' }, {}, 403, 'The form has expired.'],
      [{ key: form.key, ...GOOD }, {}, 403, 'The form has expired.'],
      [{ token: form.token, ...GOOD }, {}, 403, 'The form has expired.'],
      [{ ...form, ...GOOD }, { origin: 'https://evil.example' }, 403, 'The form has expired.'],
    ];
    for (const [fields, headers, status, text] of cases) {
      const res = await markPaid(client, s.id, fields, headers);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.body).toContain(text);
    }
    expect(await statementOf(the('a'), '2025-03')).toEqual(s);
    expect(await payoutRows(accounts.a as number)).toHaveLength(0);
    expect(await audits('payout.paid')).toHaveLength(0);
  });

  it('moves the coins out through the ledger once, even when the form is sent twice', async () => {
    const { client, op } = await operator(['admin']);
    const s = await statementOf(the('a'), '2025-03');
    if (!s) throw new Error('no statement');
    const account = accounts.a as number;
    const before = await balanceAndLedger(t, account);
    const form = await paidForm(client, s.id);
    const first = await markPaid(client, s.id, { ...form, ...GOOD });
    expect(first.statusCode, first.body).toBe(303);
    expect(first.headers.location).toBe(`/admin/payouts/statements/${s.id}?done=paid`);
    const second = await markPaid(client, s.id, { ...form, ...GOOD, reference: 'Another reference' });
    expect(second.headers.location).toBe(`/admin/payouts/statements/${s.id}?done=replayed`);

    const rows = await payoutRows(account);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: -1000, reference: `payout:${s.id}`, idempotencyKey: `payout:${s.id}` });
    const after = await balanceAndLedger(t, account);
    expect(after.balance).toBe(before.balance - 1000);
    expect(after.ledger).toBe(after.balance);
    expect(await statementOf(the('a'), '2025-03')).toMatchObject({
      state: 'paid',
      paidOn: '2025-04-15',
      paymentReference: 'SEPA 2025-03 / run 1',
      paidBy: op.id,
      ledgerEntryId: rows[0]?.id,
    });
    const [audit, ...more] = (await audits('payout.paid')).filter((e) => e.subjectId === String(s.id));
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ operatorId: op.id, before: { state: 'due' } });
    expect(audit?.after).toMatchObject({ state: 'paid', coins: 1000, amountCents: 5000 });

    const page = (await client.raw('GET', `/admin/payouts/statements/${s.id}?done=paid`)).body;
    expect(page).toContain('Paid on 2025-04-15. Payment reference: SEPA 2025-03 / run 1.');
    expect(page).not.toContain('name="paidOn"');
    // The database keeps a paid statement as it is.
    await expect(
      t.db.update(payoutStatements).set({ paymentReference: 'changed' }).where(eq(payoutStatements.id, s.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(payoutStatements).where(eq(payoutStatements.id, s.id))).rejects.toThrow();
  });

  it('pays once when two operators submit at the same moment', async () => {
    const s = await statementOf(the('b'), '2025-03');
    if (!s) throw new Error('no statement');
    const one = await operator(['admin']);
    const two = await operator(['admin']);
    const forms = await Promise.all([paidForm(one.client, s.id), paidForm(two.client, s.id)]);
    const answers = await Promise.all([
      markPaid(one.client, s.id, { ...forms[0], ...GOOD }),
      markPaid(two.client, s.id, { ...forms[1], ...GOOD, reference: 'Second operator' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([303, 303]);
    expect(answers.map((r) => r.headers.location?.split('=')[1]).sort()).toEqual(['paid', 'replayed']);
    expect(await payoutRows(accounts.b as number)).toHaveLength(1);
    const { balance, ledger } = await balanceAndLedger(t, accounts.b as number);
    expect(balance).toBe(0);
    expect(ledger).toBe(0);
  });

  it('refuses a carried statement, and one the account cannot cover, changing nothing', async () => {
    const { client } = await operator(['admin']);
    const carried = await statementOf(the('a'), '2025-04');
    if (!carried) throw new Error('no statement');
    const page = (await client.raw('GET', `/admin/payouts/statements/${carried.id}`)).body;
    expect(page).not.toContain('name="paidOn"');
    const token = fieldOf((await client.raw('GET', '/admin/payouts')).body, 'token');
    const key = 'k'.repeat(32);
    const refused = await markPaid(client, carried.id, { token, key, ...GOOD, paidOn: '2025-05-02' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Only a due statement can be marked paid.');

    const short = await statementOf(the('c'), '2025-04');
    if (!short) throw new Error('no statement');
    await reclaim(t.app.ctx, {
      userId: accounts.c as number,
      amount: 1000,
      reason: 'chargeback',
      idempotencyKey: 'payout-test-short',
    });
    const form = await paidForm(client, short.id);
    const res = await markPaid(client, short.id, { ...form, ...GOOD, paidOn: '2025-05-02' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('The earnings account holds fewer coins than the statement');
    expect(await statementOf(the('c'), '2025-04')).toEqual(short);
    expect(await payoutRows(accounts.c as number)).toHaveLength(0);
  });
});

describe('the bank run CSV', () => {
  it("lists a month's statements, with names a spreadsheet would run kept as text", async () => {
    const { client } = await operator(['admin']);
    shows.d = await createShow(t.db, { showName: '=HYPERLINK("http://evil.example","Click")' });
    shows.e = await createShow(t.db, { showName: '@SUM(1+1) "Ela"' });
    await earn(t, the('d').id, 'chat', 1234, new Date('2025-05-10T10:00:00Z'));
    await earn(t, the('e').id, 'tip', 1001, new Date('2025-05-10T10:00:00Z'));
    expect((await create(client, '2025-05')).statusCode).toBe(303);
    const res = await client.raw('GET', '/admin/payouts/2025-05/statements.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payouts-2025-05.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"statement","period","show","earnings_account","state","coins","cents_per_coin","amount_eur","paid_on","payment_reference"',
    );
    const d = await statementOf(the('d'), '2025-05');
    expect(lines).toContain(
      `"${d?.id}","2025-05","'=HYPERLINK(""http://evil.example"",""Click"")","${d?.earningsUserId}","due","1234","5","61.70","",""`,
    );
    expect(res.body).toContain(`"'@SUM(1+1) ""Ela"""`);
    const page = (await client.raw('GET', '/admin/payouts/2025-05')).body;
    expect(page).toContain('=HYPERLINK(&quot;http://evil.example&quot;,&quot;Click&quot;)');
    expect(page).toContain('href="/admin/payouts/2025-05/statements.csv"');
  });
});

describe('who may use the payouts', () => {
  const paths = () => ['/admin/payouts', '/admin/payouts/2025-03', '/admin/payouts/2025-03/statements.csv'];

  it('sends a visitor, a member and a performer to the operator sign-in, changing nothing', async () => {
    const member = (await registerAndVerify(t, `payout-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    const s = await statementOf(the('c'), '2025-04');
    const before = await allStatements();
    for (const client of [t.client(), member, studio]) {
      for (const path of [...paths(), `/admin/payouts/statements/${s?.id}`]) {
        const res = await client.raw('GET', path);
        expect(res.statusCode, path).toBe(303);
        expect(res.headers.location).toMatch(/^\/admin\/login\?next=/);
      }
      expect((await postForm(client, '/admin/payouts/generate', { period: '2025-06' })).statusCode).toBe(303);
      const paid = await postForm(client, `/admin/payouts/statements/${s?.id}/paid`, { ...GOOD, key: 'k'.repeat(32) });
      expect(paid.statusCode).toBe(303);
    }
    expect(await allStatements()).toEqual(before);
  });

  it('refuses moderators and support with 403, changing nothing', async () => {
    const s = await statementOf(the('c'), '2025-04');
    const before = await allStatements();
    for (const roles of [['moderator'], ['support'], ['moderator', 'support']] as OperatorRole[][]) {
      const { client } = await operator(roles);
      for (const path of [...paths(), `/admin/payouts/statements/${s?.id}`]) {
        expect((await client.raw('GET', path)).statusCode, `${roles} ${path}`).toBe(403);
      }
      const start = (await client.raw('GET', '/admin')).body;
      expect(start).not.toContain('href="/admin/payouts"');
      expect((await postForm(client, '/admin/payouts/generate', { period: '2025-06' })).statusCode).toBe(403);
      const paid = await postForm(client, `/admin/payouts/statements/${s?.id}/paid`, { ...GOOD, key: 'k'.repeat(32) });
      expect(paid.statusCode).toBe(403);
    }
    expect(await allStatements()).toEqual(before);
  });

  it('answers 404 for no such month or statement, in German too', async () => {
    const { client } = await operator(['admin'], 'de');
    for (const path of [
      '/admin/payouts/2025-13',
      '/admin/payouts/abc',
      '/admin/payouts/statements/999999',
      '/admin/payouts/statements/0',
      '/admin/payouts/statements/abc',
      '/admin/payouts/statements/99999999999',
    ]) {
      const res = await client.raw('GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Diese Abrechnung oder diesen Monat gibt es nicht.');
    }
    const res = await postForm(client, '/admin/payouts/statements/999999/paid', GOOD);
    expect(res.statusCode).toBe(404);
    const list = (await client.raw('GET', '/admin/payouts')).body;
    expect(list).toContain('<h1>Auszahlungen an Darstellerinnen</h1>');
    expect(list).toContain('5 Cent je Coin');
    const count = await t.db.select({ n: sql<number>`count(*)::int` }).from(payoutStatements);
    expect(Number(count[0]?.n)).toBeGreaterThan(0);
  });
});
