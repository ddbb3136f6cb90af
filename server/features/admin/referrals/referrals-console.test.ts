import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleReferralCode } from '#common/api/admin-referrals.ts';
import type { OperatorRole } from '#common/domain/console-policy.ts';
import { REFERRAL_CODE_ERRORS } from '#common/domain/referral-codes.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { referralCodes } from '#server/db/schema/referrals.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, newActionKey, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
let admin: TestClient;
let show: TestShow;
beforeAll(async () => {
  t = await createTestApp();
  const op = await createTestOperator(t, { roles: ['admin'], name: 'Referral Rita' });
  admin = t.client();
  await signIn(admin, op);
  show = await createShow(t.db, { showName: 'Platform Pia', online: true, free: false });
});
afterAll(() => t.close());

async function operator(roles: OperatorRole[]) {
  const op = await createTestOperator(t, { roles });
  const client = t.client();
  await signIn(client, op);
  return client;
}
const issue = (client: TestClient, body: unknown, key?: string) =>
  act(client, 'POST', '/api/admin/referrals', body, key);
const retire = (client: TestClient, code: string, key?: string) =>
  act(client, 'POST', `/api/admin/referrals/${code}/retire`, {}, key);
const codes = async (): Promise<ConsoleReferralCode[]> => {
  const res = await admin.get('/api/admin/referrals');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().codes;
};
const allRows = () => t.db.select().from(referralCodes).orderBy(referralCodes.code);
const audits = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('referral codes in the console', () => {
  it('issues a platform code once per action key, audited, and lists it with the performers’ codes', async () => {
    const key = newActionKey();
    const first = await issue(admin, { code: 'pia-summer', show: show.universalId }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      outcome: 'done',
      code: {
        code: 'PIA-SUMMER',
        issuer: 'platform',
        showId: show.id,
        universalId: show.universalId,
        showName: 'Platform Pia',
        operatorName: 'Referral Rita',
        state: 'active',
        uses: 0,
        signUps: 0,
        firstPurchases: 0,
        firstPurchaseCoins: 0,
        createdAt: expect.any(String),
        retiredAt: null,
      },
    });
    const again = await issue(admin, { code: 'other-text', show: show.universalId }, key);
    expect(again.json()).toMatchObject({ outcome: 'repeat', code: { code: 'PIA-SUMMER' } });
    expect(await audits('referral.issue')).toHaveLength(1);
    expect((await audits('referral.issue'))[0]).toMatchObject({
      subjectType: 'referral_code',
      subjectId: 'PIA-SUMMER',
    });

    const generated = await issue(admin, { show: show.universalId });
    expect(generated.json().code.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const lena = await createTestPerformer(t);
    const studio = await studioClient(t, lena.performer.email);
    expect((await studio.post('/api/studio/referrals', { code: 'LENA-OWN' })).statusCode).toBe(201);
    const listed = await codes();
    expect(listed.find((c) => c.code === 'LENA-OWN')).toMatchObject({
      issuer: 'performer',
      showName: lena.show.showName,
      operatorName: null,
      state: 'active',
    });
    expect(listed.find((c) => c.code === 'PIA-SUMMER')?.operatorName).toBe('Referral Rita');

    // A platform code opens the show at the index like hers.
    streamsOnAir(t);
    const guest = await visitorClient(t);
    const opened = await guest.post('/api/ruf/stream', { code: 'pia-summer' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await codes()).find((c) => c.code === 'PIA-SUMMER')?.uses).toBe(1);
  });

  it('retires any code once, audited; a retired code is refused at the index, its figures stay', async () => {
    const mia = await createTestPerformer(t);
    const studio = await studioClient(t, mia.performer.email);
    expect((await studio.post('/api/studio/referrals', { code: 'MIA-LEAKED' })).statusCode).toBe(201);
    const key = newActionKey();
    const done = await retire(admin, 'mia-leaked', key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'done', code: { code: 'MIA-LEAKED', state: 'retired' } });
    expect((await retire(admin, 'MIA-LEAKED', key)).json().outcome).toBe('repeat');
    expect((await retire(admin, 'MIA-LEAKED')).json().outcome).toBe('unchanged');
    expect(await audits('referral.retire')).toHaveLength(1);
    const listedByHer = (await studio.get('/api/studio/referrals')).json().codes;
    expect(listedByHer).toEqual([expect.objectContaining({ code: 'MIA-LEAKED', state: 'retired' })]);
    const guest = await visitorClient(t);
    expect((await guest.post('/api/ruf/stream', { code: 'MIA-LEAKED' })).json().errors).toEqual({
      code: ['errors.referral.unknown'],
    });
    expect((await retire(admin, 'NEVER-WAS')).statusCode).toBe(404);
  });

  it('refuses a bad text, a taken one, an unknown show and broken bodies, changing nothing', async () => {
    expect((await issue(admin, { code: 'TAKEN-ONE', show: show.universalId })).statusCode).toBe(200);
    const before = await allRows();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ code: 'ab', show: show.universalId }, { code: [REFERRAL_CODE_ERRORS.length] }],
      [{ code: 'a b c d', show: show.universalId }, { code: [REFERRAL_CODE_ERRORS.characters] }],
      [{ code: 'taken-one', show: show.universalId }, { code: [REFERRAL_CODE_ERRORS.taken] }],
      [{ code: 'NEW-ONE', show: '999999999' }, { show: ['errors.console.referrals.show'] }],
      [{ code: 'NEW-ONE', show: 42 }, { show: ['errors.console.referrals.show'] }],
      [{ code: 'NEW-ONE', show: '  ' }, { show: ['errors.console.referrals.show'] }],
      [{ code: 'NEW-ONE', show: 'x'.repeat(41) }, { show: ['errors.console.referrals.show'] }],
      [{ code: 'NEW-ONE' }, { show: ['errors.console.referrals.show'] }],
      [{ code: 'x'.repeat(65), show: show.universalId }, { code: ['errors.validations.too_long'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await issue(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await issue(admin, { code: 'NEW-ONE', show: show.universalId, operatorId: 1 })).statusCode).toBe(422);
    const broken = await admin.raw('POST', '/api/admin/referrals', {
      payload: '{"code":',
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey(), ...admin.xsrf() },
    });
    expect(broken.statusCode).toBe(400);
    const huge = await issue(admin, { code: 'x'.repeat(70_000), show: show.universalId });
    expect(huge.statusCode).toBe(413);
    const missingKey = await admin.post('/api/admin/referrals', { code: 'NEW-ONE', show: show.universalId });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json()).toMatchObject({ message: 'action_key' });
    const noCsrf = await admin.raw('POST', '/api/admin/referrals', {
      payload: JSON.stringify({ code: 'NEW-ONE', show: show.universalId }),
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey() },
    });
    expect(noCsrf.statusCode).toBe(419);
    expect(await allRows()).toEqual(before);
  });
});

describe('who may use the referral codes', () => {
  async function tryEverything(client: TestClient) {
    return [
      (await client.get('/api/admin/referrals')).statusCode,
      (await issue(client, { code: 'NOPE-CODE', show: show.universalId })).statusCode,
      (await retire(client, 'TAKEN-ONE')).statusCode,
    ];
  }

  it('refuses visitors and performers with 401, members with 403, and changes nothing', async () => {
    const before = await allRows();
    const member = (await registerAndVerify(t, `referral-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    expect(await tryEverything(t.client())).toEqual([401, 401, 401]);
    expect(await tryEverything(studio)).toEqual([401, 401, 401]);
    expect(await tryEverything(member)).toEqual([403, 403, 403]);
    expect(await allRows()).toEqual(before);
  });

  it('refuses moderators and support (without `payouts`) with 403, and changes nothing', async () => {
    const before = await allRows();
    for (const roles of [['moderator'], ['support'], ['moderator', 'support']] as OperatorRole[][]) {
      expect(await tryEverything(await operator(roles)), String(roles)).toEqual([403, 403, 403]);
    }
    expect(await allRows()).toEqual(before);
  });
});
