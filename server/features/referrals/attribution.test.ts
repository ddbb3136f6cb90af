import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioReferralCode } from '#common/api/referrals.ts';
import { referralSignups } from '#server/db/schema/referrals.ts';
import {
  type Catalog,
  initPurchase,
  loadCatalog,
  orderRow,
  sandboxEvent,
  sendPostback,
} from '#server/features/billing/billing-fixtures.ts';
import { createShow } from '#server/test/catalog.ts';
import { chatMember, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { FORM_MS, mailTo } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
let c: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = await loadCatalog(t);
});
afterAll(() => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  streamsOnAir(t);
});

let n = 0;
/** A performer with one code of her own, and her studio. */
async function performerWithCode(code: string) {
  // Online with her free chat off: only a code lets a visitor in.
  const show = await createShow(t.db, { showName: `Referrer ${code}`, online: true, free: false });
  const made = await createTestPerformer(t, { show });
  const studio = await studioClient(t, made.performer.email);
  expect((await studio.post('/api/studio/referrals', { code })).statusCode).toBe(201);
  const figures = async (): Promise<StudioReferralCode | undefined> =>
    (await studio.get('/api/studio/referrals')).json().codes.find((r: StudioReferralCode) => r.code === code);
  return { ...made, studio, figures };
}

/** Signs up in this browser and follows the activation link (a purchase needs a verified account). */
async function signUp(client: TestClient) {
  const email = `referred-${++n}-${Date.now()}@example.com`;
  const res = await client.post('/api/register', {
    email,
    password: 'violet-Harbour-42',
    terms_check: true,
    form_ms: FORM_MS,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token } = linkFrom((await mailTo(t, email)).textBody, '/users/activate');
  expect((await client.post('/api/register/validate', { token })).statusCode).toBe(200);
  return res.json().user.id as number;
}

/** A paid card order of 250 coins (+25 bonus), paid by the sandbox PSP's signed postback. */
async function pay(client: TestClient) {
  const { id } = await initPurchase(client, c);
  const event = sandboxEvent(await orderRow(t, id));
  expect((await sendPostback(t, event)).statusCode).toBe(200);
  return event;
}

describe('what a referral code brought', () => {
  it('credits a sign-up after a redeemed code, and her first paid order once', async () => {
    const lena = await performerWithCode('LENA-ATTR');
    const visitor = await visitorClient(t);
    expect((await visitor.post('/api/ruf/stream', { code: 'lena-attr' })).statusCode).toBe(200);
    expect(await lena.figures()).toMatchObject({ uses: 1, signUps: 0, firstPurchases: 0 });

    const userId = await signUp(visitor);
    expect(await lena.figures()).toMatchObject({ signUps: 1, firstPurchases: 0, firstPurchaseCoins: 0 });

    const first = await pay(visitor);
    // A replayed postback and a second order count nothing more.
    expect((await sendPostback(t, first)).statusCode).toBe(200);
    await pay(visitor);
    expect(await lena.figures()).toMatchObject({ signUps: 1, firstPurchases: 1, firstPurchaseCoins: 250 });
    const [row] = await t.db.select().from(referralSignups).where(eq(referralSignups.userId, userId));
    expect(row).toMatchObject({ code: 'LENA-ATTR', firstPurchaseCoins: 250, firstPurchaseAt: expect.any(Date) });

    // Retired, the code keeps what it brought.
    expect((await lena.studio.post('/api/studio/referrals/LENA-ATTR/retire', {})).statusCode).toBe(200);
    expect(await lena.figures()).toMatchObject({ state: 'retired', signUps: 1, firstPurchases: 1 });
  });

  it('credits the code redeemed last, and nothing without a code or for a refused one', async () => {
    const mia = await performerWithCode('MIA-FIRST');
    const ivy = await performerWithCode('IVY-LAST');
    const visitor = await visitorClient(t);
    expect((await visitor.post('/api/ruf/stream', { code: 'MIA-FIRST' })).statusCode).toBe(200);
    expect((await visitor.post('/api/ruf/stream', { code: 'IVY-LAST' })).statusCode).toBe(200);
    expect((await visitor.post('/api/ruf/stream', { code: 'NOT-A-CODE' })).statusCode).toBe(422);
    await signUp(visitor);
    expect(await mia.figures()).toMatchObject({ uses: 1, signUps: 0 });
    expect(await ivy.figures()).toMatchObject({ uses: 1, signUps: 1 });

    const plain = await visitorClient(t);
    await signUp(plain);
    await pay(plain);
    expect(await ivy.figures()).toMatchObject({ signUps: 1, firstPurchases: 0 });
  });

  it('credits nothing to a member who redeems a code, having signed up already', async () => {
    const zoe = await performerWithCode('ZOE-MEMBER');
    const { client } = await chatMember(t, `already-member-${Date.now()}@example.com`, 'AlreadyHere', 0);
    expect((await client.post('/api/ruf/stream', { code: 'ZOE-MEMBER' })).statusCode).toBe(200);
    await pay(client);
    expect(await zoe.figures()).toMatchObject({ uses: 1, signUps: 0, firstPurchases: 0 });
  });
});
