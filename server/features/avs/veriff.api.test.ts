import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageChecks } from '#server/db/schema/avs.ts';
import { users } from '#server/db/schema/users.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { veriffDecision, veriffSession } from '#server/test/veriff.ts';
import { avsState, expectNoChange } from './testing.ts';

const API_KEY = 'f3a1c0de-0000-4000-8000-000000000001';
const SECRET = 'c0ffee00-1111-4222-8333-444455556666';
const CALLBACK = '/api/avs/callback/veriff';

let t: TestContext;
let veriff: FakeProvider;
beforeAll(async () => {
  veriff = await fakeProvider();
  t = await createTestApp({
    env: {
      AVS_PROVIDER: 'veriff',
      VERIFF_API_KEY: API_KEY,
      VERIFF_SHARED_SECRET: SECRET,
      VERIFF_API_URL: veriff.url,
      PROVIDER_TIMEOUT_MS: '500',
    },
  });
});
afterAll(async () => {
  await t.close();
  await veriff.close();
});

let n = 0;
/** A member who started a check at (the fake) Veriff: its row and our reference there. */
async function started() {
  n += 1;
  const { client, user } = await registerAndVerify(t, `veriff-${n}@example.com`);
  veriff.answer(veriffSession(`session-${n}`));
  const res = await client.post('/api/avs/start', { target: 'voicecall' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().link).toBe(`https://alchemy.veriff.com/v/session-${n}`);
  const [row] = await t.db.select().from(ageChecks).where(eq(ageChecks.id, res.json().id));
  if (!row) throw new Error('no check');
  return { client, userId: user.id, check: row, sessionId: `session-${n}` };
}

/** Veriff's decision webhook for a session, signed as Veriff signs it. */
const decision = (vendorData: string, sessionId: string, extra: Record<string, unknown> = {}, secret = SECRET) =>
  veriffDecision(
    t,
    { url: CALLBACK, apiKey: API_KEY, secret: SECRET },
    vendorData,
    sessionId,
    { person: { dateOfBirth: '1990-03-30' }, ...extra },
    secret,
  );

describe('POST /api/avs/start with Veriff', () => {
  it('opens a Veriff session for our reference and returns the member to /avs', async () => {
    const { check, sessionId } = await started();
    const req = veriff.received.at(-1);
    expect(req?.url).toBe('/v1/sessions');
    expect(req?.headers['x-auth-client']).toBe(API_KEY);
    const sent = JSON.parse(req?.body ?? '{}');
    expect(sent.verification.vendorData).toBe(check.providerRef);
    expect(sent.verification.callback).toBe(`http://localhost:3000/avs?target=voicecall&check=${check.id}`);
    expect(check).toMatchObject({ provider: 'veriff', state: 'pending' });
    expect(sessionId).toMatch(/^session-/);
  });

  it('answers 503 and keeps no check when Veriff fails or does not answer in time', async () => {
    const { client } = await registerAndVerify(t, 'veriff-down@example.com');
    for (const reply of [
      { status: 500, body: { status: 'fail' } },
      { status: 201, body: {}, delayMs: 2000 },
    ]) {
      veriff.answer(reply);
      await expectNoChange(t, () => client.post('/api/avs/start', { target: 'voicecall' }), 503, 'unavailable');
    }
  });
});

describe('POST /api/avs/callback/veriff', () => {
  it('passes the member once on an approved adult; a replay changes nothing', async () => {
    const { client, userId, check, sessionId } = await started();
    const send = decision(check.providerRef, sessionId);
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await client.get(`/api/avs/status?check=${check.id}`)).json()).toMatchObject({
      agechecked: true,
      check: { state: 'passed', failure: null },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user?.ageVerifiedAt).toBeInstanceOf(Date);
    const replay = await expectNoChange(t, send, 200);
    expect(replay.json()).toEqual({ ok: true, outcome: 'replayed' });
  });

  it('fails a minor even when Veriff approved the document', async () => {
    const { client, check, sessionId } = await started();
    const adultNext = new Date();
    adultNext.setUTCFullYear(adultNext.getUTCFullYear() - 18);
    adultNext.setUTCDate(adultNext.getUTCDate() + 1);
    const res = await decision(check.providerRef, sessionId, {
      person: { dateOfBirth: adultNext.toISOString().slice(0, 10) },
    })();
    expect(res.json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await client.get(`/api/avs/status?check=${check.id}`)).json()).toMatchObject({
      agechecked: false,
      check: { state: 'failed', failure: 'underage' },
    });
  });

  it('acknowledges a resubmission request and changes nothing', async () => {
    const { check, sessionId } = await started();
    const res = await expectNoChange(
      t,
      decision(check.providerRef, sessionId, { status: 'resubmission_requested' }),
      200,
    );
    expect(res.json()).toEqual({ ok: true, outcome: 'ignored' });
  });

  it('refuses forged, stale, malformed and unknown decisions and changes nothing', async () => {
    const { check, sessionId } = await started();
    const valid = decision(check.providerRef, sessionId);
    await expectNoChange(t, () => valid('0'.repeat(64)), 403, 'forbidden');
    await expectNoChange(t, decision(check.providerRef, sessionId, {}, 'not-the-secret'), 403, 'forbidden');
    await expectNoChange(t, () => valid(undefined, 'another-integration'), 403, 'forbidden');
    const old = decision(check.providerRef, sessionId, { decisionTime: '2020-01-01T00:00:00Z' });
    await expectNoChange(t, old, 403, 'forbidden');
    await expectNoChange(t, decision(check.providerRef, sessionId, { status: 'paid' }), 400, 'bad_request');
    await expectNoChange(t, decision('no-such-reference', sessionId), 404, 'not_found');
    const state = await avsState(t);
    expect(state.ageChecks.find((c) => c.id === check.id)?.state).toBe('pending');
  });
});
