import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger } from '#server/db/schema/coins.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { phoneHash } from './codes.ts';
import { codeFor, freshNumber, smsRows } from './testing.ts';

// PGlite runs one transaction after another; only a PostgreSQL server shows what two members
// redeeming one number at the same moment do.
describe.skipIf(!testServices().databaseUrl)('free coins under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('credits exactly one of several members verifying the same number at once', async () => {
    const typed = freshNumber();
    const members = [];
    for (let i = 0; i < 6; i++) {
      const m = await registerAndVerify(t, `sms-race-${i}@example.com`);
      const { code, phone } = await codeFor(t, m.client, typed);
      await t.app.ctx.throttle.reset(`free-coins:send:number:${phoneHash(t.config.sessionSecret, phone)}`);
      members.push({ ...m, code });
    }
    const results = await Promise.all(members.map((m) => m.client.post('/api/free_coins/verify', { code: m.code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const r of results.filter((r) => r.statusCode === 422)) {
      expect(r.json().errors).toEqual({ code: ['free_coins.errors.number_used'] });
    }
    const balances = await Promise.all(members.map((m) => balanceOf(t.db, m.user.id)));
    expect(balances.sort((a, b) => b - a)).toEqual([20, 0, 0, 0, 0, 0]);
    for (const m of members) expect(await ledgerSum(t.db, m.user.id)).toBe(await balanceOf(t.db, m.user.id));
    expect((await smsRows(t)).filter((r) => r.verifiedAt)).toHaveLength(1);
  });

  it('credits a member once when the same code is sent twice at once', async () => {
    const { client, user } = await registerAndVerify(t, 'sms-double@example.com');
    const { code } = await codeFor(t, client);
    const results = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/free_coins/verify', { code })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 409, 422].includes(r.statusCode))).toBe(true);
    expect(await balanceOf(t.db, user.id)).toBe(20);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))).toHaveLength(1);
  });
});
