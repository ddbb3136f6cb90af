import { count, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { balanceOf, ledgerSum } from './data.ts';
import { credit, debit, transfer } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const USERS = 3;
const who = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 60 });
const op = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), user: who, amount }),
  fc.record({ kind: fc.constant('debit' as const), user: who, amount }),
  fc.record({
    kind: fc.constant('transfer' as const),
    user: who,
    shift: fc.integer({ min: 1, max: USERS - 1 }),
    amount,
  }),
  // Sends an earlier operation of the sequence again, with its key.
  fc.record({ kind: fc.constant('replay' as const), index: fc.nat() }),
);
type Op =
  | { kind: 'credit'; user: number; amount: number }
  | { kind: 'debit'; user: number; amount: number }
  | { kind: 'transfer'; user: number; shift: number; amount: number };
type Sent = { op: Op; key: string; ok: boolean };

let run = 0;

it('keeps sum(ledger) = balance >= 0 for every member over random credits, debits, transfers and replays', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { maxLength: 20 }), async (ops) => {
      run += 1;
      const ids: number[] = [];
      for (let i = 0; i < USERS; i++) ids.push(await insertUser(t, `inv-${run}-${i}@example.com`));
      const id = (i: number) => ids[i] ?? 0;
      // What the balances must be, kept beside the database.
      const model = new Map(ids.map((u) => [u, 0]));
      const sent: Sent[] = [];
      let rows = 0;

      const send = async (o: Op, key: string, replay: Sent | null) => {
        const user = id(o.user);
        const before = model.get(user) ?? 0;
        const covered = before >= o.amount;
        const deps = t.app.ctx;
        if (o.kind === 'credit') {
          const r = await credit(deps, { userId: user, amount: o.amount, reason: 'purchase', idempotencyKey: key });
          expect(r.replayed).toBe(replay !== null);
          if (r.replayed) return true;
          model.set(user, before + o.amount);
          rows += 1;
          return true;
        }
        if (o.kind === 'debit') {
          const r = await debit(deps, { userId: user, amount: o.amount, reason: 'spend', idempotencyKey: key });
          // A refused debit recorded nothing, so its replay is a new attempt.
          if (replay?.ok) {
            expect(r).toMatchObject({ ok: true, replayed: true });
            return true;
          }
          expect(r.ok).toBe(covered);
          if (r.ok) {
            model.set(user, before - o.amount);
            rows += 1;
          }
          return r.ok;
        }
        const to = id((o.user + o.shift) % USERS);
        const r = await transfer(deps, { from: user, to, amount: o.amount, idempotencyKey: key });
        if (replay?.ok) {
          expect(r).toMatchObject({ ok: true, replayed: true });
          return true;
        }
        expect(r.ok).toBe(covered);
        if (r.ok) {
          model.set(user, before - o.amount);
          model.set(to, (model.get(to) ?? 0) + o.amount);
          rows += 2;
        }
        return r.ok;
      };

      for (const [i, o] of ops.entries()) {
        if (o.kind === 'replay') {
          const earlier = sent.length ? sent[o.index % sent.length] : undefined;
          // A refused movement may go through when retried later; from then on its key is taken.
          if (earlier && (await send(earlier.op, earlier.key, earlier))) earlier.ok = true;
          continue;
        }
        const key = `inv:${run}:${i}`;
        sent.push({ op: o, key, ok: await send(o, key, null) });
      }

      for (const u of ids) {
        const balance = await balanceOf(t.db, u);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(model.get(u));
        expect(await ledgerSum(t.db, u)).toBe(balance);
      }
      const [mine] = await t.db.select({ n: count() }).from(coinLedger).where(inArray(coinLedger.userId, ids));
      expect(mine?.n).toBe(rows);
      const repeated = await t.db
        .select({ key: coinLedger.idempotencyKey })
        .from(coinLedger)
        .groupBy(coinLedger.idempotencyKey)
        .having(sql`count(*) > 1`);
      expect(repeated).toEqual([]);
    }),
    { numRuns: 50 },
  );
});
