import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { type CoinPush, recordCoinPushes } from '#server/test/coin-pushes.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { balanceOf, ledgerSum } from './data.ts';
import { announceBalance, credit, debit } from './mutations.ts';

/** Movements that commit together with the caller's own writes (a coupon used, an order paid). */
let t: TestContext;
let pushed: CoinPush[];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  pushed = recordCoinPushes(t);
});

class Abort extends Error {}

describe('movements within a caller transaction', () => {
  it('commit with the caller and announce nothing until the caller does', async () => {
    const u = await insertUser(t, 'within-commit@example.com');
    const result = await t.db.transaction(async (tx) => {
      const c = await credit(
        t.app.ctx,
        { userId: u, amount: 40, reason: 'coupon', idempotencyKey: 'within:1' },
        { within: tx },
      );
      const d = await debit(
        t.app.ctx,
        { userId: u, amount: 15, reason: 'spend', idempotencyKey: 'within:2' },
        { within: tx },
      );
      return { c, d };
    });
    expect(result.c).toMatchObject({ ok: true, balance: 40 });
    expect(result.d).toMatchObject({ ok: true, balance: 25 });
    expect(pushed).toEqual([]);
    announceBalance(t.app.ctx, u, 25);
    expect(pushed).toEqual([{ userId: u, coins: 25 }]);
    expect(await balanceOf(t.db, u)).toBe(25);
    expect(await ledgerSum(t.db, u)).toBe(25);
  });

  it('vanish when the caller rolls back: no coin is created by a failed outer step', async () => {
    const u = await insertUser(t, 'within-rollback@example.com');
    await expect(
      t.db.transaction(async (tx) => {
        await credit(
          t.app.ctx,
          { userId: u, amount: 70, reason: 'coupon', idempotencyKey: 'within:3' },
          { within: tx },
        );
        throw new Abort('the coupon was taken meanwhile');
      }),
    ).rejects.toBeInstanceOf(Abort);
    expect(await balanceOf(t.db, u)).toBe(0);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, u))).toEqual([]);
    // The key was never committed, so the movement can happen later.
    const again = await credit(t.app.ctx, { userId: u, amount: 70, reason: 'coupon', idempotencyKey: 'within:3' });
    expect(again).toMatchObject({ ok: true, balance: 70, replayed: false });
  });

  it('answer no_coins inside the caller without spoiling the caller transaction', async () => {
    const u = await insertUser(t, 'within-nocoins@example.com');
    await credit(t.app.ctx, { userId: u, amount: 10, reason: 'bonus', idempotencyKey: 'within:4' });
    const outcome = await t.db.transaction(async (tx) => {
      const d = await debit(
        t.app.ctx,
        { userId: u, amount: 11, reason: 'spend', idempotencyKey: 'within:5' },
        { within: tx },
      );
      // The savepoint rolled back; the outer transaction goes on and can still move coins.
      const c = await credit(
        t.app.ctx,
        { userId: u, amount: 5, reason: 'bonus', idempotencyKey: 'within:6' },
        { within: tx },
      );
      return { d, c };
    });
    expect(outcome.d).toEqual({ ok: false, reason: 'no_coins' });
    expect(outcome.c).toMatchObject({ ok: true, balance: 15 });
    expect(await ledgerSum(t.db, u)).toBe(15);
  });
});
