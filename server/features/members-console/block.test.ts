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

describe('blocking a member', () => {
  it('blocks with a reason: status, sessions ended, sockets told user:logout, audited; then every way in is refused', async () => {
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
    const { form } = await openMember(client, m.id);
    const res = await postForm(client, `/admin/members/${m.id}/block`, {
      token: form.token,
      reason: 'Chargeback fraud',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/admin/members/${m.id}?done=blocked&n=2#notice`);
    await loggedOut;
    expect((await userRow(t, m.email)).status).toBe('blocked');
    expect(await sessionRowsOf(t, m.id)).toEqual([]);
    const [entry] = await auditOf(m.id, 'member.block');
    expect(entry).toMatchObject({
      operatorId: operator.id,
      before: { status: 'active' },
      after: { status: 'blocked', sessionsEnded: 2 },
      reason: 'Chargeback fraud',
    });
    const page = (await client.raw('GET', res.headers.location as string)).body;
    expect(page).toContain('The member is blocked. Sessions ended: 2.');
    expect(page).toContain(`action="/admin/members/${m.id}/unblock"`);

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

    // A second block changes nothing and says so.
    const again = await expectUnchanged(
      t,
      () => postForm(client, `/admin/members/${m.id}/block`, { token: form.token, reason: 'again' }),
      303,
    );
    expect(again.headers.location).toContain('done=notActive');
  });

  it('unblocks with a reason: active again, audited, she can sign in', async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['admin']);
    const { form } = await openMember(client, m.id);
    await postForm(client, `/admin/members/${m.id}/block`, { token: form.token, reason: 'Spam' });
    const res = await postForm(client, `/admin/members/${m.id}/unblock`, { token: form.token, reason: 'Cleared' });
    expect(res.headers.location).toContain('done=unblocked');
    expect((await userRow(t, m.email)).status).toBe('active');
    expect(await auditOf(m.id, 'member.unblock')).toMatchObject([
      { before: { status: 'blocked' }, after: { status: 'active' }, reason: 'Cleared' },
    ]);
    const c = await visitor();
    expect((await c.post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(200);
    const again = await expectUnchanged(
      t,
      () => postForm(client, `/admin/members/${m.id}/unblock`, { token: form.token, reason: 'again' }),
      303,
    );
    expect(again.headers.location).toContain('done=notBlocked');
  });

  it('leaves a cancelled account alone', async () => {
    const m = await member();
    await t.db.update(users).set({ status: 'cancelled' }).where(eq(users.id, m.id));
    const { client } = await deskOperator(t, ['admin']);
    const { res, form } = await openMember(client, m.id);
    expect(res.body).toContain('The account is cancelled');
    for (const action of ['block', 'unblock']) {
      await expectUnchanged(
        t,
        () => postForm(client, `/admin/members/${m.id}/${action}`, { token: form.token, reason: 'x' }),
        303,
      );
    }
  });

  it('refuses forged, incomplete and malformed forms, changing nothing', async () => {
    const m = await member();
    const { client } = await deskOperator(t, ['support']);
    const { form } = await openMember(client, m.id);
    const url = `/admin/members/${m.id}/block`;
    const forged = [
      () => postForm(client, url, { reason: 'no token' }),
      () => postForm(client, url, { token: 'forged', reason: 'wrong token' }),
      () => postForm(client, url, { token: form.token, reason: 'foreign' }, { origin: 'https://evil.example' }),
      () => postForm(client, url, { token: form.token, reason: 'cross-site' }, { 'sec-fetch-site': 'cross-site' }),
    ];
    for (const send of forged) expect((await expectUnchanged(t, send, 403)).body).toContain('The form has expired');
    const invalid = [
      () => postForm(client, url, { token: form.token }),
      () => postForm(client, url, { token: form.token, reason: '   ' }),
      () => postForm(client, url, { token: form.token, reason: 'x'.repeat(501) }),
      () => postForm(client, url, { token: form.token, reason: 'bell\u0007' }),
    ];
    for (const send of invalid) expect((await expectUnchanged(t, send, 422)).body).toContain('role="alert"');
    expect(
      (await expectUnchanged(t, () => postForm(client, url, { token: form.token, reason: 'x'.repeat(20_000) }), 413))
        .statusCode,
    ).toBe(413);
    await expectUnchanged(
      t,
      () => client.raw('POST', url, { payload: '{"reason":"json"}', headers: { 'content-type': 'application/json' } }),
      403,
    );
    await expectUnchanged(
      t,
      () => postForm(client, '/admin/members/99999999/block', { token: form.token, reason: 'x' }),
      404,
    );
    await expectUnchanged(
      t,
      () => postForm(client, '/admin/members/abc/block', { token: form.token, reason: 'x' }),
      404,
    );
    // A token of another operator's session is no token of this one.
    const other = await deskOperator(t, ['support']);
    await expectUnchanged(t, () => postForm(other.client, url, { token: form.token, reason: 'borrowed' }), 403);
    expect((await userRow(t, m.email)).status).toBe('active');
  });
});
