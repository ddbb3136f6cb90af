import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, phoneCalls } from '#server/db/schema/billing.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { ageCheckedMember, connect, event, initCall, sendRaw } from './test-helpers.ts';

// PGlite runs one transaction at a time; only a PostgreSQL server shows concurrent deliveries.
describe.skipIf(!testServices().databaseUrl)('voice-call callbacks under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('credits once when the same minute callback arrives 20 times at once', async () => {
    const { client, user } = await ageCheckedMember(t, 'race-minute@example.com');
    const { call } = await initCall(client);
    const providerCall = await connect(t, call);
    const minute = event('call.minute', { reference: String(call.id), call: providerCall, minute: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendRaw(t, minute)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.json().outcome)).toEqual(Array(20).fill('applied'));
    expect(await balanceOf(t.db, user.id)).toBe(12);
    expect(await ledgerSum(t.db, user.id)).toBe(12);
    const [row] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, call.id));
    expect(row).toMatchObject({ minutesBilled: 1, coinsCredited: 12 });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.callId, call.id))).toHaveLength(2);
  });

  it('credits each minute once when different events for the same minute race', async () => {
    const { client, user } = await ageCheckedMember(t, 'race-minute-ids@example.com');
    const { call } = await initCall(client);
    const providerCall = await connect(t, call);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sendRaw(t, event('call.minute', { reference: String(call.id), call: providerCall, minute: (i % 2) + 1 })),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(2);
    expect(await balanceOf(t.db, user.id)).toBe(24);
    expect(await ledgerSum(t.db, user.id)).toBe(24);
    const [row] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, call.id));
    expect(row).toMatchObject({ minutesBilled: 2, coinsCredited: 24 });
  });

  it('starts one awaited call when a member starts twenty at once', async () => {
    const { client, user } = await ageCheckedMember(t, 'race-init@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/billing/init_phonecall', { paymenttypeid: 2, productid: 5 })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await t.db.select().from(phoneCalls).where(eq(phoneCalls.userId, user.id))).toHaveLength(1);
  });
});
