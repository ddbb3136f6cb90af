import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged } from '#server/test/members-console.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { closeAll, listenLocal, nextEvent, openSocket } from '#server/test/sockets.ts';
import { deskOperator } from '#server/test/support-desk.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
afterEach(closeAll);
afterAll(() => t.close());

let made = 0;
async function member(coins = 0) {
  made += 1;
  const { client, user } = await registerAndVerify(t, `correct-${made}@example.com`);
  if (coins)
    await credit(t.app.ctx, { userId: user.id, amount: coins, reason: 'bonus', idempotencyKey: `seed-${user.id}` });
  return { client, id: user.id as number };
}

const corrections = (userId: number) =>
  t.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.reason, 'correction')));
const audited = (userId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(userId))));

const urlOf = (id: number) => `/api/admin/members/${id}/correction`;

describe('POST /api/admin/members/:id/correction', () => {
  it('credits through the ledger, audited in the same step under the key, and the member hears her balance; a key books once', async () => {
    const m = await member(100);
    const socket = await openSocket(baseUrl, m.client);
    const heard = nextEvent(socket, 'user:coins');
    const { operator, client } = await deskOperator(t, ['admin']);
    const key = newActionKey();
    const body = { direction: 'credit', amount: 40, reason: 'Stream outage goodwill' };
    const res = await act(client, 'POST', urlOf(m.id), body, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'done', balance: 140 });
    expect(await heard).toEqual([{ coins: 140 }]);
    expect(await balanceOf(t.db, m.id)).toBe(140);
    expect(await ledgerSum(t.db, m.id)).toBe(140);
    const [entry] = await corrections(m.id);
    expect(entry).toMatchObject({ delta: 40, balanceAfter: 140, reference: `operator:${operator.id}` });
    expect(await audited(m.id)).toMatchObject([
      {
        operatorId: operator.id,
        action: 'member.coins_credit',
        before: { balance: 100 },
        after: { balance: 140, ledgerEntry: entry?.id },
        reason: 'Stream outage goodwill',
        formKey: key,
      },
    ]);

    // The same key again (a double click, a retry): booked once.
    const again = await expectUnchanged(t, () => act(client, 'POST', urlOf(m.id), body, key), 200);
    expect(again.json()).toEqual({ outcome: 'repeat', balance: 140 });
    const twice = newActionKey();
    const answers = await Promise.all([
      act(client, 'POST', urlOf(m.id), body, twice),
      act(client, 'POST', urlOf(m.id), body, twice),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['done', 'repeat']);
    expect((await corrections(m.id)).length).toBe(2);
    expect(await balanceOf(t.db, m.id)).toBe(180);
    expect(await ledgerSum(t.db, m.id)).toBe(180);
    // The key used for another amount or member: a conflict, nothing booked.
    await expectUnchanged(t, () => act(client, 'POST', urlOf(m.id), { ...body, amount: 41 }, key), 409);
    const other = await member();
    await expectUnchanged(t, () => act(client, 'POST', urlOf(other.id), body, key), 409);
  });

  it('debits down to zero but never below: a debit the balance does not cover is refused on its amount, nothing booked', async () => {
    const m = await member(50);
    const { client } = await deskOperator(t, ['admin']);
    const over = await expectUnchanged(
      t,
      () => act(client, 'POST', urlOf(m.id), { direction: 'debit', amount: 51, reason: 'Duplicate credit' }),
      422,
    );
    expect(over.json()).toMatchObject({ error: 'validation_failed', errors: { amount: ['errors.console.no_coins'] } });
    const ok = await act(client, 'POST', urlOf(m.id), { direction: 'debit', amount: 50, reason: 'Duplicate credit' });
    expect(ok.json()).toEqual({ outcome: 'done', balance: 0 });
    expect(await balanceOf(t.db, m.id)).toBe(0);
    expect(await ledgerSum(t.db, m.id)).toBe(0);
    expect(await audited(m.id)).toMatchObject([
      { action: 'member.coins_debit', before: { balance: 50 }, after: { balance: 0 } },
    ]);
    // A member without a wallet: nothing to take.
    const empty = await member();
    await expectUnchanged(
      t,
      () => act(client, 'POST', urlOf(empty.id), { direction: 'debit', amount: 1, reason: 'x' }),
      422,
    );
  });

  it('refuses bad amounts, directions, reasons and keys, and every role but an administrator, changing nothing', async () => {
    const m = await member(10);
    const { client } = await deskOperator(t, ['admin']);
    const good = { direction: 'credit', amount: 5, reason: 'Fix' };
    const errorsOf = async (body: unknown) =>
      (await expectUnchanged(t, () => act(client, 'POST', urlOf(m.id), body), 422)).json().errors;
    for (const amount of [0, -5, 1.5, 1_000_001, 99_999_999_999]) {
      expect(await errorsOf({ ...good, amount }), String(amount)).toEqual({ amount: ['errors.console.amount_range'] });
    }
    for (const amount of ['5', 'five', '1e3', null]) {
      expect(await errorsOf({ ...good, amount })).toEqual({ amount: ['errors.validations.type.integer'] });
    }
    expect(await errorsOf({ direction: 'credit', reason: 'x' })).toEqual({ amount: ['errors.validations.required'] });
    for (const direction of ['', 'transfer', 'CREDIT']) {
      expect(await errorsOf({ ...good, direction })).toEqual({ direction: ['errors.validations.invalid'] });
    }
    expect(await errorsOf({ ...good, reason: '' })).toEqual({ reason: ['errors.validations.required'] });
    expect(await errorsOf({ ...good, reason: 'tab\tbell\u0007' })).toEqual({
      reason: ['errors.validations.control_characters'],
    });
    for (const key of ['', 'short', 'x'.repeat(65), 'bad key with spaces!']) {
      await expectUnchanged(t, () => client.request('POST', urlOf(m.id), good, { 'idempotency-key': key }), 400);
    }
    await expectUnchanged(t, () => client.request('POST', urlOf(m.id), good), 400);
    const support = await deskOperator(t, ['support']);
    await expectUnchanged(t, () => act(support.client, 'POST', urlOf(m.id), good), 403);
    await expectUnchanged(t, () => act(client, 'POST', urlOf(99_999_999), good), 404);
    expect(await balanceOf(t.db, m.id)).toBe(10);
  }, 120_000);
});
