import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_GRACE_DAYS } from '#common/constants.ts';
import { memberRecoveryCodes, memberSecondFactor, pendingSignIns } from '#server/db/schema/second-factor.ts';
import { users } from '#server/db/schema/users.ts';
import { expectInvalid, PASSWORD, registerAndVerify, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { appCode, stepClock, turnOnApp } from '#server/test/second-factor.ts';
import { ERASURE_STEPS } from './erasure-steps.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const wrong = { code: ['errors.validations.second_factor_wrong'] };

describe('closing an account with the second factor on', () => {
  it('takes a code of her app instead of the password', async () => {
    const clock = stepClock();
    const { client } = await registerAndVerify(t, 'sf-close-app@example.com');
    const { secret } = await turnOnApp(client);
    clock.tick();
    await expectInvalid(t, () => client.post('/api/user/cancel', { code: '000000', confirmed: true }), wrong);
    const res = await client.post('/api/user/cancel', { code: appCode(secret), confirmed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, confirm_mailed: false });
    expect((await userRow(t, 'sf-close-app@example.com')).status).toBe('closing');
  });

  it('takes a recovery code; with a password as well, both must hold', async () => {
    const { client } = await registerAndVerify(t, 'sf-close-both@example.com');
    const { codes } = await turnOnApp(client);
    await expectInvalid(
      t,
      () => client.post('/api/user/cancel', { password: 'not-hers-123', code: codes[0], confirmed: true }),
      { password: ['errors.validations.password_wrong'] },
    );
    const res = await client.post('/api/user/cancel', { password: PASSWORD, code: codes[1], confirmed: true });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a malformed code with a field error', async () => {
    const { client } = await registerAndVerify(t, 'sf-close-bad@example.com');
    await turnOnApp(client);
    const res = await client.post('/api/user/cancel', { code: '12-34', confirmed: true });
    expect(res.statusCode).toBe(422);
    expect((await userRow(t, 'sf-close-bad@example.com')).status).toBe('active');
  });

  it('still takes the password alone', async () => {
    const { client } = await registerAndVerify(t, 'sf-close-pw@example.com');
    await turnOnApp(client);
    expect((await client.post('/api/user/cancel', { password: PASSWORD, confirmed: true })).statusCode).toBe(200);
  });
});

describe('the erasure', () => {
  it('deletes her app key, recovery codes and pending sign-ins', async () => {
    expect(ERASURE_STEPS.map((s) => s.table)).toEqual(
      expect.arrayContaining(['member_second_factor', 'member_recovery_codes', 'pending_sign_ins']),
    );
    const { client, user } = await registerAndVerify(t, 'sf-erase@example.com');
    await turnOnApp(client);
    expect(
      (await t.client().post('/api/auth/login', { username: 'sf-erase@example.com', password: PASSWORD })).statusCode,
    ).toBe(202);
    expect((await client.post('/api/user/cancel', { password: PASSWORD, confirmed: true })).statusCode).toBe(200);
    // As the hourly job finds it: once within the grace period, once after it.
    await t.app.ctx.scheduler.runDue(new Date(Date.now() + (ACCOUNT_GRACE_DAYS - 1) * DAY));
    await t.app.ctx.scheduler.runDue(new Date(Date.now() + (ACCOUNT_GRACE_DAYS + 1) * DAY));
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.status).toBe('cancelled');
    expect(await t.db.select().from(memberSecondFactor).where(eq(memberSecondFactor.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, user.id))).toEqual([]);
  });
});
