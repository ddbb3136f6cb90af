import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { balanceOf, ledgerSum } from './data.ts';
import { credit, debit, reclaim } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let users = 0;
const newUser = () => insertUser(t, `reclaim-${++users}@example.com`);
const walletOf = async (userId: number) => (await t.db.select().from(wallets).where(eq(wallets.userId, userId)))[0];

describe('reclaim', () => {
  it('takes the whole amount when the wallet covers it, once per key', async () => {
    const u = await newUser();
    await credit(t.app.ctx, { userId: u, amount: 275, reason: 'purchase', idempotencyKey: `r:${u}:c` });
    const r = await reclaim(t.app.ctx, { userId: u, amount: 275, reason: 'refund', idempotencyKey: `r:${u}:refund` });
    expect(r).toEqual({ balance: 0, taken: 275, shortfall: 0, replayed: false });
    const again = await reclaim(t.app.ctx, {
      userId: u,
      amount: 275,
      reason: 'refund',
      idempotencyKey: `r:${u}:refund`,
    });
    expect(again).toEqual({ balance: 0, taken: 275, shortfall: 0, replayed: true });
    expect(await walletOf(u)).toMatchObject({ balance: 0, flagged: false });
    expect(await ledgerSum(t.db, u)).toBe(0);
  });

  it('never goes below zero: takes what is left, answers the shortfall and flags the wallet', async () => {
    const u = await newUser();
    await credit(t.app.ctx, { userId: u, amount: 100, reason: 'purchase', idempotencyKey: `r:${u}:c` });
    await debit(t.app.ctx, { userId: u, amount: 70, reason: 'spend', idempotencyKey: `r:${u}:d` });
    const r = await reclaim(t.app.ctx, { userId: u, amount: 100, reason: 'chargeback', idempotencyKey: `r:${u}:cb` });
    expect(r).toEqual({ balance: 0, taken: 30, shortfall: 70, replayed: false });
    expect(await walletOf(u)).toMatchObject({ balance: 0, flagged: true });
    const rows = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, u));
    expect(rows.at(-1)).toMatchObject({ delta: -30, reason: 'chargeback', balanceAfter: 0 });
    expect(await ledgerSum(t.db, u)).toBe(0);
  });

  it('flags a member without a wallet and writes no ledger row', async () => {
    const u = await newUser();
    const r = await reclaim(t.app.ctx, { userId: u, amount: 50, reason: 'chargeback', idempotencyKey: `r:${u}:cb` });
    expect(r).toEqual({ balance: 0, taken: 0, shortfall: 50, replayed: false });
    expect(await walletOf(u)).toMatchObject({ balance: 0, flagged: true });
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, u))).toEqual([]);
  });

  it('keeps sum(ledger) = balance >= 0 over random credits, debits and reclaims', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('credit' as const, 'debit' as const, 'reclaim' as const),
            amount: fc.integer({ min: 1, max: 80 }),
          }),
          { maxLength: 15 },
        ),
        async (ops) => {
          const u = await newUser();
          let model = 0;
          let shortfall = 0;
          for (const [i, o] of ops.entries()) {
            const key = `p:${u}:${i}`;
            if (o.kind === 'credit') {
              await credit(t.app.ctx, { userId: u, amount: o.amount, reason: 'purchase', idempotencyKey: key });
              model += o.amount;
            } else if (o.kind === 'debit') {
              const d = await debit(t.app.ctx, { userId: u, amount: o.amount, reason: 'spend', idempotencyKey: key });
              if (d.ok) model -= o.amount;
            } else {
              const r = await reclaim(t.app.ctx, {
                userId: u,
                amount: o.amount,
                reason: 'refund',
                idempotencyKey: key,
              });
              expect(r.taken + r.shortfall).toBe(o.amount);
              model -= r.taken;
              shortfall += r.shortfall;
            }
            const balance = await balanceOf(t.db, u);
            expect(balance).toBe(model);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(await ledgerSum(t.db, u)).toBe(balance);
          }
          expect((await walletOf(u))?.flagged ?? false).toBe(shortfall > 0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
