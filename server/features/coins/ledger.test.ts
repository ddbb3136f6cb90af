import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { DEMO_MEMBER, seedDemo } from '#server/db/seed/demo.ts';
import { type CoinPush, recordCoinPushes } from '#server/test/coin-pushes.ts';
import { dbState, insertUser, registerAndVerify, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { balanceOf, ledgerSum } from './data.ts';
import { credit, debit, transfer } from './mutations.ts';

let t: TestContext;
let pushed: CoinPush[];
let n = 0;
/** A key no other test uses. */
const key = (label: string) => `ledger-test:${label}:${++n}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  pushed = recordCoinPushes(t);
});

const entriesOf = (userId: number) =>
  t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id));

describe('seed', () => {
  // First: the seed only creates the demo member on an empty database.
  it('gives the demo member 500 welcome coins once, however often it runs', async () => {
    expect(await seedDemo(t.app.ctx, () => {})).toEqual(DEMO_MEMBER);
    expect(await seedDemo(t.app.ctx, () => {})).toEqual(DEMO_MEMBER);
    const demo = await userRow(t, DEMO_MEMBER.email);
    expect(await balanceOf(t.db, demo.id)).toBe(500);
    expect((await entriesOf(demo.id)).map((e) => [e.delta, e.idempotencyKey])).toEqual([[500, 'seed-demo-coins']]);
  });
});

describe('credit and debit', () => {
  it('credits into a new wallet, debits, and answers the balance and the entry', async () => {
    const u = await insertUser(t, 'credit@example.com');
    expect(await balanceOf(t.db, u)).toBe(0);
    const c = await credit(t.app.ctx, { userId: u, amount: 120, reason: 'purchase', idempotencyKey: key('c') });
    expect(c).toMatchObject({ ok: true, balance: 120, replayed: false });
    const d = await debit(t.app.ctx, {
      userId: u,
      amount: 20,
      reason: 'spend',
      reference: 'show:7',
      idempotencyKey: key('d'),
    });
    expect(d).toMatchObject({ ok: true, balance: 100, replayed: false });
    const entries = await entriesOf(u);
    expect(entries.map((e) => [e.id, e.delta, e.balanceAfter, e.reason, e.reference])).toEqual([
      [c.entryId, 120, 120, 'purchase', null],
      [d.ok ? d.entryId : 0, -20, 100, 'spend', 'show:7'],
    ]);
    expect(await ledgerSum(t.db, u)).toBe(100);
    expect(pushed).toEqual([
      { userId: u, coins: 120 },
      { userId: u, coins: 100 },
    ]);
  });

  it('answers a replayed key with the original outcome and changes nothing', async () => {
    const u = await insertUser(t, 'replay@example.com');
    const creditKey = key('credit');
    const first = await credit(t.app.ctx, { userId: u, amount: 50, reason: 'purchase', idempotencyKey: creditKey });
    const debitKey = key('debit');
    const spent = await debit(t.app.ctx, { userId: u, amount: 30, reason: 'spend', idempotencyKey: debitKey });
    const before = await dbState(t);
    pushed.length = 0;
    const again = await credit(t.app.ctx, { userId: u, amount: 50, reason: 'purchase', idempotencyKey: creditKey });
    expect(again).toEqual({ ...first, replayed: true });
    const spentAgain = await debit(t.app.ctx, { userId: u, amount: 30, reason: 'spend', idempotencyKey: debitKey });
    expect(spentAgain).toEqual({ ...spent, replayed: true });
    expect(await dbState(t)).toEqual(before);
    expect(pushed).toEqual([]);
  });

  it('refuses a key reused for a different movement', async () => {
    const u = await insertUser(t, 'reuse@example.com');
    const k = key('reuse');
    await credit(t.app.ctx, { userId: u, amount: 5, reason: 'bonus', idempotencyKey: k });
    const before = await dbState(t);
    await expect(credit(t.app.ctx, { userId: u, amount: 6, reason: 'bonus', idempotencyKey: k })).rejects.toThrow(
      /different coin movement/,
    );
    expect(await dbState(t)).toEqual(before);
  });

  it('answers no_coins for a debit over the balance and writes nothing', async () => {
    const u = await insertUser(t, 'poor@example.com');
    const none = await debit(t.app.ctx, { userId: u, amount: 1, reason: 'spend', idempotencyKey: key('none') });
    expect(none).toEqual({ ok: false, reason: 'no_coins' });
    await credit(t.app.ctx, { userId: u, amount: 10, reason: 'coupon', idempotencyKey: key('c') });
    const before = await dbState(t);
    pushed.length = 0;
    const k = key('over');
    expect(await debit(t.app.ctx, { userId: u, amount: 11, reason: 'spend', idempotencyKey: k })).toEqual({
      ok: false,
      reason: 'no_coins',
    });
    expect(await dbState(t)).toEqual(before);
    expect(pushed).toEqual([]);
    // Nothing was recorded under the key, so the same request succeeds once coins arrive.
    await credit(t.app.ctx, { userId: u, amount: 1, reason: 'coupon', idempotencyKey: key('c') });
    expect(await debit(t.app.ctx, { userId: u, amount: 11, reason: 'spend', idempotencyKey: k })).toMatchObject({
      ok: true,
      balance: 0,
    });
  });

  it('throws on amounts that are not positive integers', async () => {
    const u = await insertUser(t, 'amounts@example.com');
    for (const amount of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER, 2 ** 31]) {
      await expect(
        credit(t.app.ctx, { userId: u, amount, reason: 'bonus', idempotencyKey: key('bad') }),
      ).rejects.toThrow(/positive integer/);
    }
    expect(await entriesOf(u)).toEqual([]);
  });
});

describe('transfer', () => {
  it('moves coins between two wallets and answers both balances', async () => {
    const fan = await insertUser(t, 'fan@example.com');
    const performer = await insertUser(t, 'performer@example.com');
    await credit(t.app.ctx, { userId: fan, amount: 40, reason: 'purchase', idempotencyKey: key('c') });
    pushed.length = 0;
    const k = key('tip');
    const r = await transfer(t.app.ctx, {
      from: fan,
      to: performer,
      amount: 15,
      reference: 'show:1',
      idempotencyKey: k,
    });
    expect(r).toMatchObject({ ok: true, balance: 25, toBalance: 15, replayed: false });
    expect(pushed).toEqual([
      { userId: fan, coins: 25 },
      { userId: performer, coins: 15 },
    ]);
    expect((await entriesOf(performer)).map((e) => [e.delta, e.reason, e.idempotencyKey])).toEqual([
      [15, 'transfer_in', `${k}:in`],
    ]);
    const before = await dbState(t);
    expect(
      await transfer(t.app.ctx, { from: fan, to: performer, amount: 15, reference: 'show:1', idempotencyKey: k }),
    ).toEqual({ ...r, replayed: true });
    expect(await dbState(t)).toEqual(before);
  });

  it('is atomic: without enough coins neither wallet nor ledger changes', async () => {
    const fan = await insertUser(t, 'fan2@example.com');
    const performer = await insertUser(t, 'performer2@example.com');
    await credit(t.app.ctx, { userId: fan, amount: 10, reason: 'purchase', idempotencyKey: key('c') });
    await credit(t.app.ctx, { userId: performer, amount: 3, reason: 'bonus', idempotencyKey: key('c') });
    const before = await dbState(t);
    // Both directions, so the failing debit runs before and after the credit of the other wallet.
    expect(await transfer(t.app.ctx, { from: fan, to: performer, amount: 11, idempotencyKey: key('t') })).toEqual({
      ok: false,
      reason: 'no_coins',
    });
    expect(await transfer(t.app.ctx, { from: performer, to: fan, amount: 4, idempotencyKey: key('t') })).toEqual({
      ok: false,
      reason: 'no_coins',
    });
    expect(await dbState(t)).toEqual(before);
  });
});

describe('GET /api/auth/user', () => {
  it('shows the wallet balance, fresh after each movement', async () => {
    const { client, user } = await registerAndVerify(t, 'api-coins@example.com');
    expect(user.coins).toBe(0);
    expect((await client.get('/api/auth/user')).json().user.coins).toBe(0);
    await credit(t.app.ctx, { userId: user.id, amount: 75, reason: 'purchase', idempotencyKey: key('c') });
    expect((await client.get('/api/auth/user')).json().user.coins).toBe(75);
    await debit(t.app.ctx, { userId: user.id, amount: 5, reason: 'spend', idempotencyKey: key('d') });
    expect((await client.get('/api/session/init')).json().user.coins).toBe(70);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet).toMatchObject({ balance: 70, flagged: false });
  });
});
