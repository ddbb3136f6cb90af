import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralCodes } from '#server/db/schema/referrals.ts';
import { createShow } from '#server/test/catalog.ts';
import { streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { seedDemoReferralCodes } from './demo-referrals.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const local = { env: 'development', seedDemo: true } as const;

describe('demo referral codes', () => {
  it('are none in production, without SEED_DEMO, or without shows', async () => {
    expect(await seedDemoReferralCodes(t.db, local)).toEqual([]);
    await createShow(t.db, { showName: 'Prod Closed', free: false });
    expect(await seedDemoReferralCodes(t.db, { env: 'production', seedDemo: true })).toEqual([]);
    expect(await seedDemoReferralCodes(t.db, { env: 'development', seedDemo: false })).toEqual([]);
    expect(await t.db.select().from(referralCodes)).toEqual([]);
  });

  it('open native shows whose free chat is off, once, and work on the index form', async () => {
    await createShow(t.db, { showName: 'Partner Closed', free: false, contentproviderId: 2 });
    await createShow(t.db, { showName: 'Open Free', free: true });
    const second = await createShow(t.db, { showName: 'Second Closed', free: false, online: true });
    const printed = await seedDemoReferralCodes(t.db, local);
    expect(printed).toEqual([
      { code: 'DEMO-VIP1', showName: 'Prod Closed' },
      { code: 'DEMO-VIP2', showName: 'Second Closed' },
    ]);
    const rows = await t.db.select().from(referralCodes);
    expect(rows.map((r) => r.code).sort()).toEqual(['DEMO-EXPIRED', 'DEMO-VIP1', 'DEMO-VIP2']);
    expect(await seedDemoReferralCodes(t.db, local)).toEqual(printed);
    expect(await t.db.select().from(referralCodes)).toEqual(rows);

    streamsOnAir(t);
    const guest = await visitorClient(t);
    const ok = await guest.post('/api/ruf/stream', { code: 'demo-vip2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().universalId).toBe(second.universalId);
    const expired = await guest.post('/api/ruf/stream', { code: 'DEMO-EXPIRED' });
    expect(expired.json().errors).toEqual({ code: ['errors.referral.expired'] });
  });
});
