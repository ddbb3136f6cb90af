import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { addCoupon } from './test-support.ts';

// PGlite runs one transaction after another; only a PostgreSQL server (TEST_DATABASE_URL) shows
// what 20 members redeeming one code at the same moment do.
describe.skipIf(!testServices().databaseUrl)(
  'one free code redeemed by 20 members at once (needs TEST_DATABASE_URL: real PostgreSQL)',
  () => {
    let t: TestContext;
    let members: Array<{ client: TestClient; id: number }>;
    beforeAll(async () => {
      t = await createTestApp();
      members = [];
      for (let i = 0; i < 20; i++) {
        const { client, user } = await registerAndVerify(t, `coupon-race-${i}@example.com`);
        members.push({ client, id: user.id });
      }
    });
    afterAll(() => t?.close());

    const race = (code: string) =>
      Promise.all(members.map((m) => m.client.post('/api/coupons/redeem', { code }).then((res) => ({ m, res }))));

    it('credits exactly one member for a COINS code; the ledger sums stay equal to the balances', async () => {
      const row = await addCoupon(t, { code: 'RACE-COINS', type: 'COINS', value: 75 });
      const results = await race('RACE-COINS');
      const won = results.filter((r) => r.res.statusCode === 200);
      expect(won).toHaveLength(1);
      for (const r of results.filter((r) => r.res.statusCode !== 200)) {
        expect(r.res.statusCode).toBe(422);
        expect(r.res.json().errors).toEqual({ code: ['billing.coupon.invalid'] });
      }
      const winner = won[0]?.m.id;
      const [used] = await t.db.select().from(coupons).where(eq(coupons.id, row.id));
      expect(used).toMatchObject({ userId: winner, usedFor: 'redeem' });
      const entries = await t.db
        .select()
        .from(coinLedger)
        .where(eq(coinLedger.idempotencyKey, `coupon:${row.id}`));
      expect(entries.map((e) => [e.userId, e.delta])).toEqual([[winner, 75]]);
      for (const m of members) {
        expect(await balanceOf(t.db, m.id)).toBe(m.id === winner ? 75 : 0);
        expect(await ledgerSum(t.db, m.id)).toBe(await balanceOf(t.db, m.id));
      }
    });

    it('puts a PERCENT code into exactly one member list', async () => {
      const row = await addCoupon(t, { code: 'RACE-PERCENT', type: 'PERCENT', value: 25 });
      const results = await race('RACE-PERCENT');
      const won = results.filter((r) => r.res.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(results.filter((r) => r.res.statusCode === 422)).toHaveLength(19);
      const [claimed] = await t.db.select().from(coupons).where(eq(coupons.id, row.id));
      expect(claimed?.userId).toBe(won[0]?.m.id);
      const lists = await Promise.all(members.map((m) => m.client.get('/api/coupons')));
      const holders = lists.filter((l) => l.json().data.some((c: { code: string }) => c.code === 'RACE-PERCENT'));
      expect(holders).toHaveLength(1);
    });
  },
);
