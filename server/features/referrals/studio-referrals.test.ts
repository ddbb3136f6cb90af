import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioReferrals } from '#common/api/referrals.ts';
import { REFERRAL_ACTIVE_MAX, REFERRAL_CODE_ERRORS } from '#common/domain/referral-codes.ts';
import { referralCodes } from '#server/db/schema/referrals.ts';
import { streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestOperator } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
let member: TestClient;
let guarded: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'studio-referral-member@example.com')).client;
  guarded = await studioClient(t, (await createTestPerformer(t)).performer.email);
});
afterAll(() => t.close());

async function performer() {
  const made = await createTestPerformer(t);
  return { ...made, client: await studioClient(t, made.performer.email) };
}
const list = async (client: TestClient): Promise<StudioReferrals> => {
  const res = await client.get('/api/studio/referrals');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const issue = (client: TestClient, body: unknown) => client.post('/api/studio/referrals', body);
const retire = (client: TestClient, code: string) => client.post(`/api/studio/referrals/${code}/retire`, {});

describe('her referral codes in the studio', () => {
  it('issues her own text in upper case and a generated one, and lists them newest first', async () => {
    const lena = await performer();
    expect(await list(lena.client)).toEqual({ codes: [], active: 0, activeMax: REFERRAL_ACTIVE_MAX });

    const chosen = await issue(lena.client, { code: '  lena-vip ' });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json()).toEqual({
      code: 'LENA-VIP',
      state: 'active',
      uses: 0,
      signUps: 0,
      firstPurchases: 0,
      firstPurchaseCoins: 0,
      createdAt: expect.any(String),
      retiredAt: null,
    });
    for (const body of [{}, { code: '' }, { code: '   ' }]) {
      const generated = await issue(lena.client, body);
      expect(generated.statusCode, generated.body).toBe(201);
      expect(generated.json().code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    }
    const listed = await list(lena.client);
    expect(listed.active).toBe(4);
    expect(listed.codes.map((c) => c.code)).toContain('LENA-VIP');
    const [row] = await t.db.select().from(referralCodes).where(eq(referralCodes.code, 'LENA-VIP'));
    expect(row).toMatchObject({ showId: lena.show.id, issuer: 'performer', operatorId: null, retiredAt: null });
  });

  it('refuses a text too short, too long, with other characters, or taken in any case, changing nothing', async () => {
    const mia = await performer();
    const other = await performer();
    expect((await issue(other.client, { code: 'Mia-Taken' })).statusCode).toBe(201);
    const field = (key: string) => ({ code: [key] });
    await expectInvalid(t, () => issue(mia.client, { code: 'ab' }), field(REFERRAL_CODE_ERRORS.length));
    await expectInvalid(t, () => issue(mia.client, { code: 'X'.repeat(21) }), field(REFERRAL_CODE_ERRORS.length));
    for (const bad of ['mia vip', 'mia_vip', '-miavip', 'mia--vip', 'MÜLLER']) {
      await expectInvalid(t, () => issue(mia.client, { code: bad }), field(REFERRAL_CODE_ERRORS.characters));
    }
    await expectInvalid(t, () => issue(mia.client, { code: 'mia-taken' }), field(REFERRAL_CODE_ERRORS.taken));
    await expectInvalid(t, () => issue(mia.client, { code: 'X'.repeat(65) }), field('errors.validations.too_long'));
    await expectInvalid(t, () => issue(mia.client, { code: 42 }), { code: ['errors.validations.type.text'] });
    await expectRefused(t, () => issue(mia.client, { code: 'MIA-1', showId: 1 }), 422, 'validation_failed');
    await expectRefused(t, () => issue(mia.client, []), 422, 'validation_failed');
    expect((await list(mia.client)).codes).toEqual([]);
  });

  it('holds at most the active maximum; a retired code frees a place, keeps its text taken and its figures', async () => {
    const ana = await performer();
    for (let i = 0; i < REFERRAL_ACTIVE_MAX; i++) {
      expect((await issue(ana.client, { code: `ANA-${i}` })).statusCode).toBe(201);
    }
    await expectInvalid(t, () => issue(ana.client, {}), { code: [REFERRAL_CODE_ERRORS.tooMany] });

    const retired = await retire(ana.client, 'ana-0');
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ code: 'ANA-0', state: 'retired', retiredAt: expect.any(String) });
    // Again: nothing to change, the same answer.
    expect((await retire(ana.client, 'ANA-0')).json()).toEqual(retired.json());
    expect((await list(ana.client)).active).toBe(REFERRAL_ACTIVE_MAX - 1);
    await expectInvalid(t, () => issue(ana.client, { code: 'ana-0' }), { code: [REFERRAL_CODE_ERRORS.taken] });
    expect((await issue(ana.client, { code: 'ANA-NEW' })).statusCode).toBe(201);
  });

  it('issues one code for two requests racing for her last place', async () => {
    const zoe = await performer();
    for (let i = 0; i < REFERRAL_ACTIVE_MAX - 1; i++) await issue(zoe.client, {});
    const answers = await Promise.all([issue(zoe.client, {}), issue(zoe.client, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect((await list(zoe.client)).active).toBe(REFERRAL_ACTIVE_MAX);
  });

  it('refuses a retired code at the index as it refuses an unknown one', async () => {
    const eva = await performer();
    streamsOnAir(t);
    expect((await issue(eva.client, { code: 'EVA-LIVE' })).statusCode).toBe(201);
    expect((await retire(eva.client, 'EVA-LIVE')).statusCode).toBe(200);
    const guest = await visitorClient(t);
    for (const code of ['eva-live', 'EVA-NEVER']) {
      await expectInvalid(t, () => guest.post('/api/ruf/stream', { code }), { code: ['errors.referral.unknown'] });
    }
  });

  it('answers 404 for another performer’s code, a platform code of her show and one that never was', async () => {
    const kim = await performer();
    const ivy = await performer();
    expect((await issue(ivy.client, { code: 'IVY-OWN' })).statusCode).toBe(201);
    const operator = await createTestOperator(t, { roles: ['admin'] });
    await t.db
      .insert(referralCodes)
      .values({ code: 'KIM-PLATFORM', showId: kim.show.id, issuer: 'platform', operatorId: operator.id });
    for (const code of ['IVY-OWN', 'KIM-PLATFORM', 'NEVER-WAS', 'x'.repeat(64)]) {
      await expectRefused(t, () => retire(kim.client, code), 404, 'not_found');
    }
    expect((await retire(kim.client, 'x'.repeat(65))).statusCode).toBe(422);
    expect((await list(kim.client)).codes).toEqual([]);
  });

  it('answers 401 to a visitor and to a member', async () => {
    const visitor = await visitorClient(t);
    for (const client of [visitor, member]) {
      expect((await client.get('/api/studio/referrals')).statusCode).toBe(401);
      await expectRefused(t, () => issue(client, { code: 'NOBODY-1' }), 401, 'unauthenticated');
      await expectRefused(t, () => retire(client, 'IVY-OWN'), 401, 'unauthenticated');
    }
  });
});

describeWriteGuards(
  () => ({ t, member, performer: guarded }),
  [
    { method: 'POST', url: '/api/studio/referrals', body: { code: 'GUARD-1' }, as: 'performer' },
    { method: 'POST', url: '/api/studio/referrals/GUARD-1/retire', body: {}, as: 'performer' },
  ],
);
