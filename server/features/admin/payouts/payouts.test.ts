import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { periodOf } from '#common/domain/payouts.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { reclaim } from '#server/features/coins/mutations.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, newActionKey, signIn } from '#server/test/operators.ts';
import { balanceAndLedger, earn } from '#server/test/payouts.ts';

let t: TestContext;
beforeAll(async () => {
  // 5 cents a coin, 50 euros at least (the defaults, stated for the figures below).
  t = await createTestApp({ env: { PAYOUT_CENTS_PER_COIN: '5', PAYOUT_MINIMUM_CENTS: '5000' } });
});
afterAll(() => t.close());

async function admin(lang = 'en') {
  const op = await createTestOperator(t, { roles: ['admin'] });
  const client = t.client(lang);
  await signIn(client, op);
  return { op, client };
}

const statementOf = async (show: TestShow, period: string) => {
  const [row] = await t.db
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.showId, show.id), eq(payoutStatements.period, period)));
  if (!row) throw new Error(`no statement of ${show.showName} for ${period}`);
  return row;
};
const allStatements = () => t.db.select().from(payoutStatements).orderBy(payoutStatements.id);
const payoutRows = (account: number) =>
  t.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, account), eq(coinLedger.reason, 'payout')));
const audits = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

type Client = Awaited<ReturnType<typeof admin>>['client'];
const generate = (client: Client, period: string, key?: string) =>
  act(client, 'POST', '/api/admin/payouts/generate', { period }, key);
const markPaid = (client: Client, id: number, body: Record<string, unknown>, key?: string) =>
  act(client, 'POST', `/api/admin/payouts/statements/${id}/paid`, body, key);

const shows: Record<string, TestShow> = {};
const the = (name: string): TestShow => {
  const show = shows[name];
  if (!show) throw new Error(`show ${name} not made yet`);
  return show;
};
const accounts: Record<string, number> = {};
const GOOD = { paidOn: '2025-04-15', reference: 'SEPA 2025-03 / run 1' };

describe('making a month’s statements', () => {
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
    const { client, op } = await admin();
    const announced = vi.spyOn(t.app.ctx.realtime, 'toOperators');

    const feb = await generate(client, '2025-02');
    expect(feb.statusCode, feb.body).toBe(200);
    expect(feb.json()).toMatchObject({ outcome: 'done', existing: 0 });
    expect(announced).toHaveBeenCalledWith(['payouts'], 'console:changed', { topics: ['payouts'] });
    expect(await statementOf(the('a'), '2025-02')).toMatchObject({
      coinsPicture: 300,
      earned: 300,
      coins: 300,
      amountCents: 1500,
      state: 'carried',
      rate: 500,
    });

    const key = newActionKey();
    const march = await generate(client, '2025-03', key);
    expect(march.json()).toMatchObject({ outcome: 'done' });
    const a = await statementOf(the('a'), '2025-03');
    expect(a).toMatchObject({
      coinsChat: 600,
      coinsTip: 100,
      coinsMessage: 0,
      earned: 700,
      carriedIn: 300,
      coins: 1000,
      amountCents: 5000,
      state: 'due',
      showName: 'Payout Anna',
    });
    expect((await statementOf(the('a'), '2025-02')).carriedInto).toBe(a.id);
    expect(await statementOf(the('b'), '2025-03')).toMatchObject({ coins: 2000, amountCents: 10000, state: 'due' });

    // The same key again acts once; a new key finds nothing missing.
    const before = await allStatements();
    expect((await generate(client, '2025-03', key)).json()).toEqual({ outcome: 'repeat', created: 0, existing: 0 });
    const again = await generate(client, '2025-03');
    expect(again.json()).toMatchObject({ outcome: 'unchanged', created: 0 });
    expect(await allStatements()).toEqual(before);
    const entries = (await audits('payout.generate')).filter((e) => e.subjectId === '2025-03');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operatorId: op.id, formKey: key });
    announced.mockRestore();
  });

  it('counts an earning that arrives after its month was made in the next month', async () => {
    const { client } = await admin();
    // Stamped in March, committed after March's statements: April counts it.
    await earn(t, the('a').id, 'chat', 20, new Date('2025-03-31T12:00:00Z'));
    shows.c = await createShow(t.db, { showName: 'Payout Cleo' });
    accounts.c = await earn(t, the('c').id, 'chat', 1500, new Date('2025-04-02T12:00:00Z'));
    expect((await generate(client, '2025-04')).statusCode).toBe(200);
    expect(await statementOf(the('a'), '2025-04')).toMatchObject({
      coinsChat: 20,
      coinsMessage: 50,
      earned: 70,
      carriedIn: 0,
      state: 'carried',
    });
    expect(await statementOf(the('a'), '2025-03')).toMatchObject({ earned: 700 });
  });

  it('refuses a month still running, one before the latest made, and no month at all, changing nothing', async () => {
    const { client } = await admin();
    const before = await allStatements();
    const running = await generate(client, periodOf(new Date()));
    expect(running.statusCode).toBe(422);
    expect(running.json().errors).toEqual({ period: ['errors.console.payouts.not_closed'] });
    const earlier = await generate(client, '2025-01');
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json()).toMatchObject({ error: 'conflict', message: 'later_exists' });
    for (const bad of ['2025-13', '', '2025-3', '2025-03 ', '2025-05\u0000', 'x'.repeat(3000)]) {
      const res = await generate(client, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.period, bad).toHaveLength(1);
    }
    for (const body of [{}, { period: 202503 }, { period: ['2025-05'] }, null]) {
      expect((await act(client, 'POST', '/api/admin/payouts/generate', body)).statusCode).toBe(422);
    }
    const huge = await generate(client, 'x'.repeat(70_000));
    expect(huge.statusCode).toBe(413);
    expect(await allStatements()).toEqual(before);
    expect(await audits('payout.generate')).toHaveLength(3);
  });

  it('asks for a well-formed action key and the site’s CSRF header before anything is made', async () => {
    const { client } = await admin();
    shows.x = await createShow(t.db, { showName: 'Payout Xena' });
    await earn(t, the('x').id, 'chat', 2000, new Date('2025-05-03T12:00:00Z'));
    const before = await allStatements();
    const missing = await client.post('/api/admin/payouts/generate', { period: '2025-05' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'action_key' });
    for (const key of ['short', 'x'.repeat(65), 'with space and more than sixteen']) {
      expect((await generate(client, '2025-05', key)).statusCode, key).toBe(400);
    }
    const foreign = await client.raw('POST', '/api/admin/payouts/generate', {
      payload: JSON.stringify({ period: '2025-05' }),
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey() },
    });
    expect(foreign.statusCode).toBe(419);
    expect(await allStatements()).toEqual(before);
  });
});

describe('marking a statement paid', () => {
  it('refuses a wrong date or reference with its field, changing nothing', async () => {
    const { client } = await admin();
    const s = await statementOf(the('a'), '2025-03');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...GOOD, paidOn: '2025-03-31' }, 'paidOn'],
      [{ ...GOOD, paidOn: '2099-01-01' }, 'paidOn'],
      [{ ...GOOD, paidOn: '2025-02-30' }, 'paidOn'],
      [{ ...GOOD, paidOn: '15.04.2025' }, 'paidOn'],
      [{ ...GOOD, paidOn: '' }, 'paidOn'],
      [{ reference: GOOD.reference }, 'paidOn'],
      [{ ...GOOD, reference: '' }, 'reference'],
      [{ ...GOOD, reference: '=cmd|calc' }, 'reference'],
      [{ ...GOOD, reference: 'x'.repeat(141) }, 'reference'],
      [{ ...GOOD, reference: 'a\u0007b' }, 'reference'],
      [{ ...GOOD, reference: 42 }, 'reference'],
    ];
    for (const [body, field] of cases) {
      const res = await markPaid(client, s.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    expect((await markPaid(client, 999_999, GOOD)).statusCode).toBe(404);
    for (const id of ['0', 'abc', '99999999999']) {
      const res = await act(client, 'POST', `/api/admin/payouts/statements/${id}/paid`, GOOD);
      expect(res.statusCode, id).toBe(422);
    }
    expect(await statementOf(the('a'), '2025-03')).toEqual(s);
    expect(await payoutRows(accounts.a as number)).toHaveLength(0);
    expect(await audits('payout.paid')).toHaveLength(0);
  });

  it('moves the coins out through the ledger once, however often the action is sent', async () => {
    const { client, op } = await admin();
    const s = await statementOf(the('a'), '2025-03');
    const account = accounts.a as number;
    const before = await balanceAndLedger(t, account);
    const key = newActionKey();
    const first = await markPaid(client, s.id, GOOD, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      outcome: 'done',
      statement: { id: s.id, state: 'paid', paidOn: '2025-04-15', paymentReference: GOOD.reference, coins: 1000 },
    });
    const repeat = await markPaid(client, s.id, { ...GOOD, reference: 'Another reference' }, key);
    expect(repeat.json()).toMatchObject({ outcome: 'repeat', statement: { paymentReference: GOOD.reference } });
    const other = await markPaid(client, s.id, { ...GOOD, reference: 'Another reference' });
    expect(other.json()).toMatchObject({ outcome: 'unchanged', statement: { paymentReference: GOOD.reference } });

    const rows = await payoutRows(account);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: -1000, reference: `payout:${s.id}`, idempotencyKey: `payout:${s.id}` });
    const after = await balanceAndLedger(t, account);
    expect(after.balance).toBe(before.balance - 1000);
    expect(after.ledger).toBe(after.balance);
    expect(await statementOf(the('a'), '2025-03')).toMatchObject({
      state: 'paid',
      paidBy: op.id,
      ledgerEntryId: rows[0]?.id,
    });
    const [audit, ...more] = (await audits('payout.paid')).filter((e) => e.subjectId === String(s.id));
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ operatorId: op.id, formKey: key, before: { state: 'due' } });
    expect(audit?.after).toMatchObject({ state: 'paid', coins: 1000, amountCents: 5000 });
    // The database keeps a paid statement as it is.
    await expect(
      t.db.update(payoutStatements).set({ paymentReference: 'changed' }).where(eq(payoutStatements.id, s.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(payoutStatements).where(eq(payoutStatements.id, s.id))).rejects.toThrow();
  });

  it('pays once when two operators send at the same moment', async () => {
    const s = await statementOf(the('b'), '2025-03');
    const [one, two] = await Promise.all([admin(), admin()]);
    const answers = await Promise.all([
      markPaid(one.client, s.id, GOOD),
      markPaid(two.client, s.id, { ...GOOD, reference: 'Second operator' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['done', 'unchanged']);
    expect(await payoutRows(accounts.b as number)).toHaveLength(1);
    expect(await balanceAndLedger(t, accounts.b as number)).toEqual({ balance: 0, ledger: 0 });
  });

  it('refuses a carried statement, and one the account cannot cover, changing nothing', async () => {
    const { client } = await admin();
    const carried = await statementOf(the('a'), '2025-04');
    const refused = await markPaid(client, carried.id, { ...GOOD, paidOn: '2025-05-02' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'not_due' });

    const short = await statementOf(the('c'), '2025-04');
    await reclaim(t.app.ctx, {
      userId: accounts.c as number,
      amount: 1000,
      reason: 'chargeback',
      idempotencyKey: 'payout-test-short',
    });
    const res = await markPaid(client, short.id, { ...GOOD, paidOn: '2025-05-02' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'no_coins' });
    expect(await statementOf(the('c'), '2025-04')).toEqual(short);
    expect(await statementOf(the('a'), '2025-04')).toEqual(carried);
    expect(await payoutRows(accounts.c as number)).toHaveLength(0);
  });
});

describe('the bank run CSV', () => {
  it("lists a month's statements, with names a spreadsheet would run kept as text", async () => {
    const { client } = await admin();
    shows.d = await createShow(t.db, { showName: '=HYPERLINK("http://evil.example","Click")' });
    shows.e = await createShow(t.db, { showName: '@SUM(1+1) "Ela"' });
    await earn(t, the('d').id, 'chat', 1234, new Date('2025-05-10T10:00:00Z'));
    await earn(t, the('e').id, 'tip', 1001, new Date('2025-05-10T10:00:00Z'));
    expect((await generate(client, '2025-05')).statusCode).toBe(200);
    const res = await client.get('/api/admin/payouts/2025-05/statements.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payouts-2025-05.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"statement","period","show","earnings_account","state","coins","cents_per_coin","amount_eur","paid_on","payment_reference"',
    );
    const d = await statementOf(the('d'), '2025-05');
    expect(lines).toContain(
      `"${d.id}","2025-05","'=HYPERLINK(""http://evil.example"",""Click"")","${d.earningsUserId}","due","1234","5","61.70","",""`,
    );
    expect(res.body).toContain(`"'@SUM(1+1) ""Ela"""`);
    // In the console's JSON the name is what it is: the screen shows it as text.
    const month = (await client.get('/api/admin/payouts/2025-05')).json();
    expect(month.statements.map((s: { showName: string }) => s.showName)).toContain(
      '=HYPERLINK("http://evil.example","Click")',
    );
  });
});
