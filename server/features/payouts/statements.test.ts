import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator } from '#server/test/operators.ts';
import { balanceAndLedger, earn } from '#server/test/payouts.ts';
import { generateStatements, markStatementPaid } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const make = (period: string) =>
  generateStatements(t.app.ctx, { period, rate: 500, minimumCents: 5000, operatorId: null });

describe('statements made and paid at the same moment', () => {
  it('makes a month once and counts carried coins once when two makers run together', async () => {
    const show = await createShow(t.db, { showName: 'Twice Made' });
    const account = await earn(t, show.id, 'chat', 300, new Date('2025-08-10T10:00:00Z'));
    await earn(t, show.id, 'tip', 5000, new Date('2025-09-10T10:00:00Z'));
    expect(await make('2025-08')).toMatchObject({ ok: true, created: 1 });
    const [one, two] = await Promise.all([make('2025-09'), make('2025-09')]);
    expect([one, two].map((r) => (r.ok ? r.created : -1)).sort()).toEqual([0, 1]);
    const rows = await t.db.select().from(payoutStatements).where(eq(payoutStatements.earningsUserId, account));
    expect(rows.map((r) => [r.period, r.state, r.coins, r.carriedIn])).toEqual([
      ['2025-08', 'carried', 300, 0],
      ['2025-09', 'due', 5300, 300],
    ]);

    const operator = await createTestOperator(t);
    const due = rows[1];
    if (!due) throw new Error('no statement');
    const pay = (reference: string) =>
      markStatementPaid(t.app.ctx, { statementId: due.id, paidOn: '2025-10-02', reference, operatorId: operator.id });
    const results = await Promise.all([pay('first'), pay('second')]);
    expect(results.map((r) => (r.ok ? r.replayed : null)).sort()).toEqual([false, true]);
    const payouts = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, account), eq(coinLedger.reason, 'payout')));
    expect(payouts.map((p) => p.delta)).toEqual([-5300]);
    expect(await balanceAndLedger(t, account)).toEqual({ balance: 0, ledger: 0 });
    expect(await make('2025-09')).toMatchObject({ ok: true, created: 0, existing: 0 });
  });
});
