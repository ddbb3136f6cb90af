import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged, openMember, postForm } from '#server/test/members-console.ts';
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

async function admin() {
  return deskOperator(t, ['admin']);
}

describe('balance corrections', () => {
  it('credits through the ledger, audited in the same step, and the member hears her balance', async () => {
    const m = await member(100);
    const socket = await openSocket(baseUrl, m.client);
    const heard = nextEvent(socket, 'user:coins');
    const { operator, client } = await admin();
    const { form } = await openMember(client, m.id);
    const fields = { ...form, direction: 'credit', amount: '40', reason: 'Stream outage goodwill' };
    const res = await postForm(client, `/admin/members/${m.id}/correction`, fields);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/admin/members/${m.id}?done=corrected&n=140#notice`);
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
      },
    ]);
    expect((await client.raw('GET', res.headers.location as string)).body).toContain(
      'The correction is booked. New balance: 140 coins.',
    );

    // The same form again (a double click, a reload of the post): booked once.
    const again = await expectUnchanged(t, () => postForm(client, `/admin/members/${m.id}/correction`, fields), 303);
    expect(again.headers.location).toContain('done=correctedBefore');
    const [first, second] = await Promise.all([
      postForm(client, `/admin/members/${m.id}/correction`, { ...fields, key: 'double-click-key-0001' }),
      postForm(client, `/admin/members/${m.id}/correction`, { ...fields, key: 'double-click-key-0001' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect((await corrections(m.id)).length).toBe(2);
    expect(await balanceOf(t.db, m.id)).toBe(180);
    expect(await ledgerSum(t.db, m.id)).toBe(180);
    // The key used for something else: reload, nothing booked.
    const changed = await expectUnchanged(
      t,
      () => postForm(client, `/admin/members/${m.id}/correction`, { ...fields, amount: '41' }),
      409,
    );
    expect(changed.body).toContain('Please reload the page');
  });

  it('debits down to zero but never below: a debit the balance does not cover is refused, nothing booked', async () => {
    const m = await member(50);
    const { client } = await admin();
    const url = `/admin/members/${m.id}/correction`;
    const { form } = await openMember(client, m.id);
    const over = await expectUnchanged(
      t,
      () => postForm(client, url, { ...form, direction: 'debit', amount: '51', reason: 'Duplicate credit' }),
      422,
    );
    expect(over.body).toContain('The balance does not cover this debit');
    expect(over.body).toContain('value="51"');
    const ok = await postForm(client, url, { ...form, direction: 'debit', amount: '50', reason: 'Duplicate credit' });
    expect(ok.headers.location).toContain('done=corrected&n=0');
    expect(await balanceOf(t.db, m.id)).toBe(0);
    expect(await ledgerSum(t.db, m.id)).toBe(0);
    expect(await audited(m.id)).toMatchObject([
      { action: 'member.coins_debit', before: { balance: 50 }, after: { balance: 0 } },
    ]);
    // A member without a wallet: nothing to take.
    const empty = await member();
    const page = await openMember(client, empty.id);
    await expectUnchanged(
      t,
      () =>
        postForm(client, `/admin/members/${empty.id}/correction`, {
          ...page.form,
          direction: 'debit',
          amount: '1',
          reason: 'x',
        }),
      422,
    );
  });

  it('refuses bad amounts, directions, reasons, keys and forged forms, changing nothing', async () => {
    const m = await member(10);
    const { client } = await admin();
    const url = `/admin/members/${m.id}/correction`;
    const { form } = await openMember(client, m.id);
    const good = { ...form, direction: 'credit', amount: '5', reason: 'Fix' };
    for (const amount of ['', '0', '-5', '1.5', '1e3', '1000001', '99999999999', 'five', ' ']) {
      const res = await expectUnchanged(t, () => postForm(client, url, { ...good, amount }), 422);
      expect(res.body).toContain('Enter a whole number of coins from 1 to 1000000.');
    }
    for (const direction of ['', 'transfer', 'CREDIT']) {
      await expectUnchanged(t, () => postForm(client, url, { ...good, direction }), 422);
    }
    await expectUnchanged(t, () => postForm(client, url, { ...good, reason: '' }), 422);
    await expectUnchanged(t, () => postForm(client, url, { ...good, reason: 'tab\tbell\u0007' }), 422);
    for (const key of ['', 'short', 'x'.repeat(65), 'bad key with spaces!']) {
      await expectUnchanged(t, () => postForm(client, url, { ...good, key }), 403);
    }
    await expectUnchanged(t, () => postForm(client, url, { ...good, token: 'forged' }), 403);
    await expectUnchanged(t, () => postForm(client, url, good, { origin: 'https://evil.example' }), 403);
    const support = await deskOperator(t, ['support']);
    await expectUnchanged(t, () => postForm(support.client, url, good), 403);
    expect(await balanceOf(t.db, m.id)).toBe(10);
  });
});
