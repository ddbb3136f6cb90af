import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { expectRefused, PASSWORD, registerAndVerify, sessionRowsOf, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged } from '#server/test/members-console.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { deskOperator } from '#server/test/support-desk.ts';
import { erasedEmail } from './erasure-steps.ts';
import { eraseAccount, reopenAccount } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made = 0;
async function member() {
  made += 1;
  const email = `console-close-${made}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { username: `consoleclose${made}` });
  return { client, email, id: user.id as number };
}
const url = (id: number) => `/api/admin/members/${id}/close`;
const request = { reference: 'Letter 2026-114', reason: 'She asked in writing to close her account' };
const DAY = 86_400_000;

describe('POST /api/admin/members/:id/close', () => {
  it('support closes on her written request: closing, sessions ended, mailed, audited with operator and reference', async () => {
    const m = await member();
    const { operator, client } = await deskOperator(t, ['support']);
    const key = newActionKey();
    const res = await act(client, 'POST', url(m.id), request, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'done', status: 'closing', sessionsEnded: 1 });
    expect((await userRow(t, m.email)).status).toBe('closing');
    expect(await sessionRowsOf(t, m.id)).toEqual([]);
    expect((await m.client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await t.mails()).some((mail) => mail.toAddress === m.email)).toBe(true);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(m.id)), eq(auditLog.action, 'member.close')));
    expect(entries).toMatchObject([
      { operatorId: operator.id, reason: request.reason, formKey: key, after: { reference: request.reference } },
    ]);
    // The same key again is a repeat; another key finds it closing already: unchanged, nothing done.
    expect((await act(client, 'POST', url(m.id), request, key)).json()).toMatchObject({ outcome: 'repeat' });
    const again = await expectUnchanged(t, () => act(client, 'POST', url(m.id), request), 200);
    expect(again.json()).toMatchObject({ outcome: 'unchanged', status: 'closing', erasesAt: null });
  });

  it('an administrator may close; a moderator, a member and a visitor may not', async () => {
    const m = await member();
    const { client: moderator } = await deskOperator(t, ['moderator']);
    await expectUnchanged(t, () => act(moderator, 'POST', url(m.id), request), 403);
    await expectUnchanged(t, () => act(m.client, 'POST', url(m.id), request), 403);
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectUnchanged(t, () => act(visitor, 'POST', url(m.id), request), 401);
    const { client: admin } = await deskOperator(t, ['admin']);
    expect((await act(admin, 'POST', url(m.id), request)).json()).toMatchObject({ outcome: 'done' });
  });

  it('a blocked member support closes stays shut: no sign-in reopens her account in the grace period', async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['support']);
    const blocked = await act(client, 'POST', `/api/admin/members/${m.id}/block`, { reason: 'Chargeback fraud' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await act(client, 'POST', url(m.id), request)).json()).toMatchObject({ outcome: 'done' });
    expect(await userRow(t, m.email)).toMatchObject({ status: 'closing', closingFrom: 'blocked' });

    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const login = await expectRefused(
      t,
      () => c.post('/api/auth/login', { username: m.email, password: PASSWORD }),
      401,
      'unknown_credentials',
    );
    expect(login.message).toBe('user_blocked');
    await expectRefused(t, () => c.post('/api/auth/token_login/send', { email: m.email }), 403, 'user_blocked');
    await expectRefused(t, () => c.post('/api/auth/send', { email: m.email }), 403, 'user_blocked');
    // Every other way in ends in the session's start, which refuses to reopen it.
    await expect(reopenAccount(t.app.ctx, m.id)).rejects.toMatchObject({ code: 'user_blocked' });
    expect(await userRow(t, m.email)).toMatchObject({ status: 'closing', closingFrom: 'blocked' });
    expect(await sessionRowsOf(t, m.id)).toEqual([]);

    // One support closed while active signs in within the grace period and has her account back.
    const other = await member();
    expect((await act(client, 'POST', url(other.id), request)).statusCode).toBe(200);
    const back = await c.post('/api/auth/login', { username: other.email, password: PASSWORD });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ reopened: true });
    expect(await userRow(t, other.email)).toMatchObject({ status: 'active', closingFrom: null });
  });

  it('refuses a missing reference or reason, oversized fields and unknown members, changing nothing', async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['support']);
    for (const body of [{ reason: 'x' }, { reference: 'x' }, { reference: ' ', reason: 'x' }, {}]) {
      await expectUnchanged(t, () => act(client, 'POST', url(m.id), body), 422);
    }
    await expectUnchanged(t, () => act(client, 'POST', url(m.id), { ...request, reference: 'r'.repeat(101) }), 422);
    await expectUnchanged(t, () => act(client, 'POST', url(99_999_999), request), 404);
    expect((await userRow(t, m.email)).status).toBe('active');
  });

  it('after the erasure the member screen shows the anonymous id and the kept ledger only', async () => {
    const m = await member();
    await credit(t.app.ctx, { userId: m.id, amount: 50, reason: 'bonus', idempotencyKey: `test:close:${m.id}` });
    const { client } = await deskOperator(t, ['support']);
    expect((await act(client, 'POST', url(m.id), request)).statusCode).toBe(200);
    expect(await eraseAccount(t.app.ctx, m.id, new Date(Date.now() + 15 * DAY))).toEqual({ forfeited: 50 });

    const detail = await client.get(`/api/admin/members/${m.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      account: { id: m.id, email: erasedEmail(m.id), name: null, nickname: null, status: 'cancelled', balance: 0 },
      sessions: [],
    });
    expect(detail.body).not.toContain(m.email);
    expect(detail.body).not.toContain(`consoleclose${made}`);
    const ledger = (await client.get(`/api/admin/members/${m.id}/ledger`)).json();
    expect(ledger.rows.map((r: { reason: string }) => r.reason)).toEqual(['forfeit', 'bonus']);
    // Her old address finds nobody.
    expect((await client.get(`/api/admin/members?q=${encodeURIComponent(m.email)}`)).json()).toEqual({
      rows: [],
      total: 0,
    });
    const login = await t.client().post('/api/auth/login', { username: m.email, password: PASSWORD });
    expect(login.statusCode).not.toBe(200);
  });
});
