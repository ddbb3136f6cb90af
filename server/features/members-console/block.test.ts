import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { users } from '#server/db/schema/users.ts';
import {
  expectRefused,
  FORM_MS,
  mailTo,
  PASSWORD,
  registerAndVerify,
  sessionRowsOf,
  userRow,
} from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestContext } from '#server/test/harness.ts';
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
async function member() {
  made += 1;
  const email = `blockme-${made}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { username: `blockme${made}` });
  return { client, email, id: user.id as number };
}

const auditOf = (userId: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(userId)), eq(auditLog.action, action)));

const visitor = async () => {
  const c = t.client();
  await c.get('/api/auth/csrf-cookie');
  return c;
};

describe('POST /api/admin/members/:id/block and /unblock', () => {
  it('blocks with a reason: status, sessions ended, sockets told user:logout, audited under the key; then every way in is refused', async () => {
    const m = await member();
    const laptop = await visitor();
    expect((await laptop.post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await sessionRowsOf(t, m.id)).length).toBe(2);
    // A sign-in link mailed before the block.
    expect((await (await visitor()).post('/api/auth/token_login/send', { email: m.email })).statusCode).toBe(200);
    const { token: link } = linkFrom((await mailTo(t, m.email)).textBody, '/token_login');
    await t.app.ctx.throttle.reset(`token_login:mail:id:${m.id}`);
    const socket = await openSocket(baseUrl, m.client);
    const loggedOut = nextEvent(socket, 'user:logout');

    const { operator, client } = await deskOperator(t, ['support']);
    const key = newActionKey();
    const url = `/api/admin/members/${m.id}/block`;
    const res = await act(client, 'POST', url, { reason: '  Chargeback fraud ' }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'done', status: 'blocked', sessionsEnded: 2 });
    await loggedOut;
    expect((await userRow(t, m.email)).status).toBe('blocked');
    expect(await sessionRowsOf(t, m.id)).toEqual([]);
    expect(await auditOf(m.id, 'member.block')).toMatchObject([
      {
        operatorId: operator.id,
        before: { status: 'active' },
        after: { status: 'blocked', sessionsEnded: 2 },
        reason: 'Chargeback fraud',
        formKey: key,
      },
    ]);
    expect((await client.get(`/api/admin/members/${m.id}`)).json().account.status).toBe('blocked');

    // Her old browser is signed out; every door answers user_blocked.
    expect((await m.client.get('/api/auth/user')).statusCode).toBe(401);
    const c = await visitor();
    const login = await expectRefused(
      t,
      () => c.post('/api/auth/login', { username: m.email, password: PASSWORD }),
      401,
      'unknown_credentials',
    );
    expect(login.message).toBe('user_blocked');
    await expectRefused(t, () => c.post('/api/auth/send', { email: m.email }), 403, 'user_blocked');
    await expectRefused(t, () => c.post('/api/auth/token_login/send', { email: m.email }), 403, 'user_blocked');
    await expectRefused(t, () => c.post('/api/auth/token_login', { token: link }), 403, 'user_blocked');
    const register = { email: m.email, password: PASSWORD, terms_check: true, form_ms: FORM_MS };
    await expectRefused(t, () => c.post('/api/register', register), 403, 'user_blocked');

    // The same key again is a repeat; a new block of a blocked member changes nothing and says so.
    const repeat = await expectUnchanged(t, () => act(client, 'POST', url, { reason: 'again' }, key), 200);
    expect(repeat.json()).toEqual({ outcome: 'repeat', status: 'blocked', sessionsEnded: 2 });
    const again = await expectUnchanged(t, () => act(client, 'POST', url, { reason: 'again' }), 200);
    expect(again.json()).toEqual({ outcome: 'unchanged', status: 'blocked', sessionsEnded: 0 });
  });

  it('acts once when one key arrives twice at once', async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['admin']);
    const key = newActionKey();
    const url = `/api/admin/members/${m.id}/block`;
    const answers = await Promise.all([
      act(client, 'POST', url, { reason: 'Twice' }, key),
      act(client, 'POST', url, { reason: 'Twice' }, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['done', 'repeat']);
    expect(await auditOf(m.id, 'member.block')).toHaveLength(1);
  });

  it("unblocks with a reason: active again, audited, she can sign in, and colleagues' screens hear of it", async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['admin']);
    await act(client, 'POST', `/api/admin/members/${m.id}/block`, { reason: 'Spam' });
    const colleague = await deskOperator(t, ['support']);
    const consoleSocket = await openSocket(baseUrl, colleague.client, { auth: { as: 'operator' } });
    const heard = nextEvent(consoleSocket, 'console:changed');
    const url = `/api/admin/members/${m.id}/unblock`;
    const key = newActionKey();
    const res = await act(client, 'POST', url, { reason: 'Cleared' }, key);
    expect(res.json()).toEqual({ outcome: 'done', status: 'active', sessionsEnded: 0 });
    expect((await userRow(t, m.email)).status).toBe('active');
    expect(await heard).toEqual([{ topics: ['members'] }]);
    expect(await auditOf(m.id, 'member.unblock')).toMatchObject([
      { before: { status: 'blocked' }, after: { status: 'active' }, reason: 'Cleared', formKey: key },
    ]);
    const c = await visitor();
    expect((await c.post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(200);
    const repeat = await expectUnchanged(t, () => act(client, 'POST', url, { reason: 'again' }, key), 200);
    expect(repeat.json().outcome).toBe('repeat');
    const again = await expectUnchanged(t, () => act(client, 'POST', url, { reason: 'again' }), 200);
    expect(again.json().outcome).toBe('unchanged');
  });

  it('leaves a cancelled account alone', async () => {
    const m = await member();
    await t.db.update(users).set({ status: 'cancelled' }).where(eq(users.id, m.id));
    const { client } = await deskOperator(t, ['admin']);
    for (const action of ['block', 'unblock']) {
      const res = await expectUnchanged(
        t,
        () => act(client, 'POST', `/api/admin/members/${m.id}/${action}`, { reason: 'x' }),
        200,
      );
      expect(res.json()).toMatchObject({ outcome: 'unchanged', status: 'cancelled' });
    }
  });

  it('refuses missing keys, bad reasons, malformed and oversized bodies, and unknown members, changing nothing', async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['support']);
    const url = `/api/admin/members/${m.id}/block`;
    for (const key of [undefined, '', 'short', 'x'.repeat(65), 'bad key with spaces!']) {
      const headers: Record<string, string> = key === undefined ? {} : { 'idempotency-key': key };
      const res = await expectUnchanged(t, () => client.request('POST', url, { reason: 'ok' }, headers), 400);
      expect(res.json()).toMatchObject({ error: 'bad_request', message: 'action_key' });
    }
    const fields = async (body: unknown) =>
      (await expectUnchanged(t, () => act(client, 'POST', url, body), 422)).json().errors;
    expect(await fields({})).toEqual({ reason: ['errors.validations.required'] });
    expect(await fields({ reason: '   ' })).toEqual({ reason: ['errors.validations.required'] });
    expect(await fields({ reason: 'x'.repeat(501) })).toEqual({ reason: ['errors.validations.too_long'] });
    expect(await fields({ reason: 'bell\u0007' })).toEqual({ reason: ['errors.validations.control_characters'] });
    expect(await fields({ reason: 5 })).toEqual({ reason: ['errors.validations.type.text'] });
    const json = { 'content-type': 'application/json', 'idempotency-key': newActionKey(), ...client.xsrf() };
    await expectUnchanged(t, () => client.raw('POST', url, { payload: '{"reason":', headers: json }), 400);
    const huge = JSON.stringify({ reason: 'x'.repeat(70_000) });
    await expectUnchanged(t, () => client.raw('POST', url, { payload: huge, headers: json }), 413);
    const form = { ...json, 'content-type': 'application/x-www-form-urlencoded' };
    await expectUnchanged(t, () => client.raw('POST', url, { payload: 'reason=form', headers: form }), 415);
    const noCsrf = { 'content-type': 'application/json', 'idempotency-key': newActionKey() };
    await expectUnchanged(t, () => client.raw('POST', url, { payload: '{"reason":"x"}', headers: noCsrf }), 419);
    await expectUnchanged(t, () => act(client, 'POST', '/api/admin/members/99999999/block', { reason: 'x' }), 404);
    await expectUnchanged(t, () => act(client, 'POST', '/api/admin/members/abc/block', { reason: 'x' }), 422);
    expect((await userRow(t, m.email)).status).toBe('active');
  }, 120_000);

  it('refuses a key used for another action with 409', async () => {
    const m = await member();
    const other = await member();
    const { client } = await deskOperator(t, ['admin']);
    const key = newActionKey();
    expect((await act(client, 'POST', `/api/admin/members/${m.id}/block`, { reason: 'x' }, key)).statusCode).toBe(200);
    const res = await expectUnchanged(
      t,
      () => act(client, 'POST', `/api/admin/members/${other.id}/block`, { reason: 'x' }, key),
      409,
    );
    expect(res.json()).toMatchObject({ error: 'conflict', message: 'action_key_used' });
  });
});
