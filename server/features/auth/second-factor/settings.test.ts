import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberRecoveryCodes, memberSecondFactor } from '#server/db/schema/second-factor.ts';
import { expectInvalid, expectRefused, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { appCode, stepClock, turnOnApp } from '#server/test/second-factor.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'sf-guards@example.com')).client;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const BASE = '/api/users/second-factor';
const state = async (c: TestClient) => (await c.get(BASE)).json().second_factor;
const wrong = { code: ['errors.validations.second_factor_wrong'] };

describe('setting the authenticator app up', () => {
  it('needs her password, then a code of the app; answers ten recovery codes once and mails a notice', async () => {
    const { client, user } = await registerAndVerify(t, 'sf-setup@example.com', { lang: 'de' });
    expect(await state(client)).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0, since: null });
    await expectInvalid(t, () => client.post(`${BASE}/totp`, {}), { password: ['errors.validations.required'] });
    await expectInvalid(t, () => client.post(`${BASE}/totp`, { password: 'not-hers-123' }), {
      password: ['errors.validations.password_wrong'],
    });
    const first = (await client.post(`${BASE}/totp`, { password: PASSWORD })).json();
    const setup = await client.post(`${BASE}/totp`, { password: PASSWORD });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_uri, qr_svg } = setup.json();
    expect(secret).not.toBe(first.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(otpauth_uri).toContain('sf-setup%40example.com');
    expect(qr_svg).toMatch(/^<svg/);
    // Not on before it is confirmed, and kept sealed: the row never holds the key itself.
    expect((await state(client)).totp).toBe(false);
    const [row] = await t.db.select().from(memberSecondFactor).where(eq(memberSecondFactor.userId, user.id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);
    await expectInvalid(t, () => client.post(`${BASE}/totp/confirm`, { code: appCode(first.secret) }), wrong);
    const confirm = await client.post(`${BASE}/totp/confirm`, { code: appCode(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    // No look-alikes (0/o, 1/l/i): she copies them by hand.
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const stored = await t.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect(stored.map((r) => r.codeHash).join()).not.toContain((codes[0] ?? '').replace('-', ''));
    const now = await state(client);
    expect(now).toMatchObject({ totp: true, recovery_codes_left: 10, passkeys: 0 });
    expect(typeof now.since).toBe('string');
    // Shown once: a second confirmation and a second setup are refused.
    await expectRefused(t, () => client.post(`${BASE}/totp/confirm`, { code: appCode(secret) }), 409, 'conflict');
    await expectRefused(t, () => client.post(`${BASE}/totp`, { password: PASSWORD }), 409, 'conflict');
    const notice = (await t.mails()).find(
      (m) => m.toAddress === 'sf-setup@example.com' && m.template === 'second_factor_on',
    );
    expect(notice?.subject).toContain('eingeschaltet');
    expect(notice?.textBody).not.toContain(secret);
  });

  it('refuses a confirmation without an open setup', async () => {
    const { client } = await registerAndVerify(t, 'sf-nosetup@example.com');
    await expectRefused(t, () => client.post(`${BASE}/totp/confirm`, { code: '123456' }), 409, 'conflict');
    await expectRefused(t, () => client.post(`${BASE}/recovery-codes`, { code: '123456' }), 409, 'conflict');
    await expectRefused(t, () => client.post(`${BASE}/off`, { password: PASSWORD, code: '123456' }), 409, 'conflict');
  });

  it('answers a code that is not six digits with its own field error', async () => {
    await expectInvalid(t, () => member.post(`${BASE}/totp/confirm`, { code: '12345' }), {
      code: ['errors.validations.second_factor_code'],
    });
  });
});

describe('recovery codes and turning it off', () => {
  it('makes new recovery codes for a code of the app; the old ones stop working', async () => {
    const clock = stepClock();
    const { client, user } = await registerAndVerify(t, 'sf-regen@example.com');
    const { secret, codes } = await turnOnApp(client);
    clock.tick();
    await expectInvalid(t, () => client.post(`${BASE}/recovery-codes`, { code: '000000' }), wrong);
    const res = await client.post(`${BASE}/recovery-codes`, { code: appCode(secret) });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    // The same code again is a replay.
    await expectInvalid(t, () => client.post(`${BASE}/recovery-codes`, { code: appCode(secret) }), wrong);
    clock.tick();
    // An old recovery code no longer turns it off; a new one does, with her password.
    await expectInvalid(t, () => client.post(`${BASE}/off`, { password: PASSWORD, code: codes[0] }), wrong);
    await expectInvalid(t, () => client.post(`${BASE}/off`, { code: fresh[0] }), {
      password: ['errors.validations.required'],
    });
    await expectInvalid(t, () => client.post(`${BASE}/off`, { password: 'wrong-one-123', code: fresh[0] }), {
      password: ['errors.validations.password_wrong'],
    });
    const off = await client.post(`${BASE}/off`, { password: PASSWORD, code: fresh[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().second_factor).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0, since: null });
    const [row] = await t.db.select().from(memberSecondFactor).where(eq(memberSecondFactor.userId, user.id));
    expect(row).toMatchObject({ totpSecret: '', confirmedAt: null, version: 2 });
    expect(await t.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, user.id))).toEqual([]);
    expect(
      (await t.mails()).some((m) => m.toAddress === 'sf-regen@example.com' && m.template === 'second_factor_off'),
    ).toBe(true);
  });

  it('turns off with a code of the app too, and can be set up again', async () => {
    const clock = stepClock();
    const { client } = await registerAndVerify(t, 'sf-off-app@example.com');
    const { secret } = await turnOnApp(client);
    clock.tick();
    const off = await client.post(`${BASE}/off`, { password: PASSWORD, code: appCode(secret) });
    expect(off.statusCode, off.body).toBe(200);
    clock.tick();
    await turnOnApp(client);
    expect((await state(client)).totp).toBe(true);
  });

  it('counts wrong codes: 10 in 15 minutes, then 429', async () => {
    const { client } = await registerAndVerify(t, 'sf-count@example.com');
    await turnOnApp(client);
    for (let i = 0; i < 9; i++) {
      expect((await client.post(`${BASE}/recovery-codes`, { code: '000000' })).statusCode).toBe(422);
    }
    await expectRefused(t, () => client.post(`${BASE}/recovery-codes`, { code: '000000' }), 429, 'throttle');
  });

  it('refuses a visitor with 401', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => visitor.get(BASE), 401, 'unauthenticated');
    await expectRefused(t, () => visitor.post(`${BASE}/totp`, { password: PASSWORD }), 401, 'unauthenticated');
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: `${BASE}/totp`, body: { password: PASSWORD }, as: 'member' },
    { method: 'POST', url: `${BASE}/totp/confirm`, body: { code: '123456' }, as: 'member' },
    { method: 'POST', url: `${BASE}/recovery-codes`, body: { code: '123456' }, as: 'member' },
    { method: 'POST', url: `${BASE}/off`, body: { password: PASSWORD, code: '123456' }, as: 'member' },
  ],
);
