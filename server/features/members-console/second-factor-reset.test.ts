import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { memberRecoveryCodes, memberSecondFactor, pendingSignIns } from '#server/db/schema/second-factor.ts';
import { PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { expectUnchanged } from '#server/test/members-console.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { appCode, stepClock, turnOnApp } from '#server/test/second-factor.ts';
import { deskOperator } from '#server/test/support-desk.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let made = 0;
async function memberWithApp() {
  made += 1;
  const email = `sf-reset-${made}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { lang: made === 1 ? 'de' : 'en' });
  return { client, email, id: user.id as number, ...(await turnOnApp(client)) };
}
const url = (id: number) => `/api/admin/members/${id}/second-factor/reset`;

describe('POST /api/admin/members/:id/second-factor/reset', () => {
  it('removes her app, codes and pending sign-ins, forgets remembered browsers, audits the reason and mails her', async () => {
    const clock = stepClock();
    const m = await memberWithApp();
    // A browser she had remembered, and a sign-in waiting for its second step.
    const laptop = t.client();
    expect((await laptop.post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(202);
    const remembered = await laptop.post('/api/auth/second-factor', {
      method: 'totp',
      code: appCode(m.secret, clock.tick()),
      remember: true,
    });
    expect(remembered.statusCode, remembered.body).toBe(200);
    await laptop.post('/api/auth/logout');
    expect((await t.client().post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(202);

    const { operator, client } = await deskOperator(t, ['support']);
    const detail = await client.get(`/api/admin/members/${m.id}`);
    expect(detail.json().second_factor).toBe(true);
    const key = newActionKey();
    const res = await act(client, 'POST', url(m.id), { reason: ' Lost phone, ID checked ' }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'done' });
    expect((await client.get(`/api/admin/members/${m.id}`)).json().second_factor).toBe(false);
    const [row] = await t.db.select().from(memberSecondFactor).where(eq(memberSecondFactor.userId, m.id));
    expect(row).toMatchObject({ totpSecret: '', confirmedAt: null, version: 2 });
    expect(await t.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, m.id))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.second_factor_reset'), eq(auditLog.subjectId, String(m.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: operator.id, reason: 'Lost phone, ID checked', formKey: key });
    expect(JSON.stringify(audit[0])).not.toContain(m.secret);
    const mail = (await t.mails()).find((x) => x.toAddress === m.email && x.template === 'second_factor_reset');
    expect(mail?.locale).toBe('de');
    // The password alone signs her in now, on any browser.
    expect((await t.client().post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(200);
    // Set up again: the browser remembered before the reset is asked.
    clock.tick();
    await turnOnApp(m.client);
    expect((await laptop.post('/api/auth/login', { username: m.email, password: PASSWORD })).statusCode).toBe(202);
    // The same key again is a repeat; a member without an app is left unchanged.
    expect((await act(client, 'POST', url(m.id), { reason: 'Lost phone, ID checked' }, key)).json()).toEqual({
      outcome: 'repeat',
    });
    const { user: plain } = await registerAndVerify(t, 'sf-reset-none@example.com');
    const none = await act(client, 'POST', url(plain.id), { reason: 'Asked twice' }, newActionKey());
    expect(none.json()).toEqual({ outcome: 'unchanged' });
  });

  it('is refused to operators without the members capability, and to members', async () => {
    const m = await memberWithApp();
    const { client: moderator } = await deskOperator(t, ['moderator']);
    await expectUnchanged(t, () => act(moderator, 'POST', url(m.id), { reason: 'Lost phone' }, newActionKey()), 403);
    await expectUnchanged(t, () => m.client.post(url(m.id), { reason: 'Lost phone' }), 403);
    const [row] = await t.db.select().from(memberSecondFactor).where(eq(memberSecondFactor.userId, m.id));
    expect(row?.confirmedAt).not.toBeNull();
  });

  it('refuses a missing reason, an unknown member and a missing action key, changing nothing', async () => {
    const m = await memberWithApp();
    const { client } = await deskOperator(t, ['admin']);
    await expectUnchanged(t, () => act(client, 'POST', url(m.id), { reason: '  ' }, newActionKey()), 422);
    await expectUnchanged(t, () => act(client, 'POST', url(m.id), {}, newActionKey()), 422);
    await expectUnchanged(t, () => act(client, 'POST', url(m.id), { reason: 'x'.repeat(501) }, newActionKey()), 422);
    await expectUnchanged(t, () => act(client, 'POST', url(999_999), { reason: 'Lost phone' }, newActionKey()), 404);
    await expectUnchanged(t, () => client.post(url(m.id), { reason: 'Lost phone' }), 400);
  });
});
