import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleStatement, PayoutOverview, StatementPage } from '#common/api/admin-payouts.ts';
import type { OperatorRole } from '#common/domain/console-policy.ts';
import { lastClosedPeriod } from '#common/domain/payouts.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { createShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, signIn } from '#server/test/operators.ts';
import { earn } from '#server/test/payouts.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_CENTS_PER_COIN: '7.5', PAYOUT_MINIMUM_CENTS: '5000' } });
});
afterAll(() => t.close());

async function operator(roles: OperatorRole[], lang = 'en') {
  const client = t.client(lang);
  await signIn(client, await createTestOperator(t, { roles }));
  return client;
}
const allStatements = () => t.db.select().from(payoutStatements).orderBy(payoutStatements.id);

describe('the months and their statements', () => {
  let admin: Awaited<ReturnType<typeof operator>>;
  beforeAll(async () => {
    admin = await operator(['admin']);
    // Seven performers with June earnings: 1,000 coins and up, so every statement is due.
    for (const [i, name] of ['Gina', 'ada', 'Finn', 'Bo', 'Ella', 'Cyd', 'Dee'].entries()) {
      const show = await createShow(t.db, { showName: `Month ${name}` });
      await earn(t, show.id, 'chat', 1000 + i * 100, new Date('2025-06-10T10:00:00Z'));
    }
  });

  it('lists the closed months of the last year, which may be made, with the rate and the minimum', async () => {
    const res = await admin.get('/api/admin/payouts');
    expect(res.statusCode).toBe(200);
    const overview = res.json() as PayoutOverview;
    expect(overview).toMatchObject({ centsPerCoin: '7.5', minimumCents: 5000 });
    expect(overview.months).toHaveLength(12);
    expect(overview.months[0]).toMatchObject({
      period: lastClosedPeriod(new Date()),
      statements: 0,
      canGenerate: true,
    });
    expect(overview.current > (overview.months[0]?.period ?? '')).toBe(true);
  });

  it('pages and sorts a month’s statements, with its counts and sums', async () => {
    expect((await act(admin, 'POST', '/api/admin/payouts/generate', { period: '2025-06' })).statusCode).toBe(200);
    const overview = (await admin.get('/api/admin/payouts')).json() as PayoutOverview;
    const june = overview.months.find((m) => m.period === '2025-06');
    // 1000..1600 coins, 9,100 together, at 7.5 cents: 682.50 euros.
    expect(june).toMatchObject({ statements: 7, due: 7, dueCents: 68_250, paid: 0, carried: 0, canGenerate: true });

    const page = async (query: string) => {
      const res = await admin.get(`/api/admin/payouts/2025-06?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as StatementPage;
    };
    const names = (p: StatementPage) => p.statements.map((s: ConsoleStatement) => s.showName.slice(6));
    const byName = await page('sort=showName&pageSize=25');
    expect(names(byName)).toEqual(['ada', 'Bo', 'Cyd', 'Dee', 'Ella', 'Finn', 'Gina']);
    expect(byName).toMatchObject({ total: 7, page: 0, pageSize: 25, month: { period: '2025-06', due: 7 } });
    expect(byName.statements[0]).toMatchObject({
      coins: 1100,
      amountCents: 8250,
      centsPerCoin: '7.5',
      state: 'due',
      byKind: { chat: 1100, tip: 0 },
      paidOn: null,
      carriedInto: null,
    });
    expect(names(await page('sort=amountCents&order=desc'))).toEqual([
      'Dee',
      'Cyd',
      'Ella',
      'Bo',
      'Finn',
      'ada',
      'Gina',
    ]);
    const second = await page('sort=coins&order=asc&page=1&pageSize=25');
    expect(second.statements).toEqual([]);
    expect(second.total).toBe(7);
    // The defaults: due first, by name.
    expect(names(await page(''))[0]).toBe('ada');
  });

  it('answers an empty month, and refuses malformed months and paging', async () => {
    const empty = (await admin.get('/api/admin/payouts/2024-01')).json() as StatementPage;
    expect(empty).toMatchObject({ statements: [], total: 0, month: { statements: 0, canGenerate: false } });
    for (const url of [
      '/api/admin/payouts/2025-13',
      '/api/admin/payouts/abc',
      '/api/admin/payouts/2025-06?pageSize=7',
      '/api/admin/payouts/2025-06?pageSize=100000',
      '/api/admin/payouts/2025-06?page=-1',
      '/api/admin/payouts/2025-06?sort=password',
      '/api/admin/payouts/2025-06?order=up',
      '/api/admin/payouts/2025-13/statements.csv',
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(422);
    }
    expect((await admin.get(`/api/admin/payouts/2025-06?sort=${'x'.repeat(5000)}`)).statusCode).toBe(422);
  });
});

describe('who may use the payouts', () => {
  const reads = ['/api/admin/payouts', '/api/admin/payouts/2025-06', '/api/admin/payouts/2025-06/statements.csv'];

  async function tryEverything(client: ReturnType<TestContext['client']>) {
    const statuses = [];
    for (const url of reads) statuses.push((await client.get(url)).statusCode);
    statuses.push((await act(client, 'POST', '/api/admin/payouts/generate', { period: '2025-07' })).statusCode);
    const [s] = await allStatements();
    const paid = { paidOn: '2025-07-02', reference: 'Nope' };
    statuses.push((await act(client, 'POST', `/api/admin/payouts/statements/${s?.id ?? 1}/paid`, paid)).statusCode);
    return statuses;
  }

  it('refuses visitors and performers with 401, members with 403, and changes nothing', async () => {
    const before = await allStatements();
    const member = (await registerAndVerify(t, `payout-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    expect(await tryEverything(t.client())).toEqual([401, 401, 401, 401, 401]);
    expect(await tryEverything(studio)).toEqual([401, 401, 401, 401, 401]);
    expect(await tryEverything(member)).toEqual([403, 403, 403, 403, 403]);
    expect(await allStatements()).toEqual(before);
  });

  it('refuses moderators and support with 403, and changes nothing', async () => {
    const before = await allStatements();
    for (const roles of [['moderator'], ['support'], ['moderator', 'support']] as OperatorRole[][]) {
      expect(await tryEverything(await operator(roles)), String(roles)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await allStatements()).toEqual(before);
  });
});
