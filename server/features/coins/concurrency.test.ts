import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '#server/env.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { balanceOf, ledgerSum } from './data.ts';
import { credit, debit, transfer } from './mutations.ts';

// PGlite has one connection and runs transactions one after another, so only a PostgreSQL server
// (TEST_DATABASE_URL, a pool of 20) can show what concurrent transactions do to the balance.
describe.skipIf(!testServices().databaseUrl)(
  'coins under concurrency (needs TEST_DATABASE_URL: real PostgreSQL)',
  () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('lets exactly 100 of 1,000 concurrent debits of 1 through a balance of 100', async () => {
      const u = await insertUser(t, 'race@example.com');
      await credit(t.app.ctx, { userId: u, amount: 100, reason: 'purchase', idempotencyKey: 'race:credit' });
      const results = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          debit(t.app.ctx, { userId: u, amount: 1, reason: 'spend', idempotencyKey: `race:debit:${i}` }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(100);
      expect(results.filter((r) => !r.ok && r.reason === 'no_coins')).toHaveLength(900);
      expect(await balanceOf(t.db, u)).toBe(0);
      // +100 from the credit and -1 for each of the 100 debits.
      expect(await ledgerSum(t.db, u)).toBe(0);
    });

    it('credits once when the same credit arrives 20 times at once', async () => {
      const u = await insertUser(t, 'webhook@example.com');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          credit(t.app.ctx, { userId: u, amount: 250, reason: 'purchase', idempotencyKey: 'psp:event:42' }),
        ),
      );
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => `${r.entryId}/${r.balance}`))).toEqual(new Set([`${results[0]?.entryId}/250`]));
      expect(await balanceOf(t.db, u)).toBe(250);
      expect(await ledgerSum(t.db, u)).toBe(250);
    });

    it('runs opposite transfers between two wallets at once without a deadlock', async () => {
      const a = await insertUser(t, 'opposite-a@example.com');
      const b = await insertUser(t, 'opposite-b@example.com');
      await credit(t.app.ctx, { userId: a, amount: 500, reason: 'purchase', idempotencyKey: 'opposite:a' });
      await credit(t.app.ctx, { userId: b, amount: 500, reason: 'purchase', idempotencyKey: 'opposite:b' });
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          transfer(t.app.ctx, {
            from: i % 2 ? a : b,
            to: i % 2 ? b : a,
            amount: 3,
            idempotencyKey: `opposite:${i}`,
          }),
        ),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      expect((await balanceOf(t.db, a)) + (await balanceOf(t.db, b))).toBe(1000);
      for (const u of [a, b]) expect(await ledgerSum(t.db, u)).toBe(await balanceOf(t.db, u));
    });
  },
);
