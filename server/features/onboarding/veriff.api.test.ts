import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_CHECK_MAX_ATTEMPTS } from '#common/domain/id-check-attempts.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { confirmEmail, picture, readyApplicant, signUpApplicant, upload } from '#server/test/onboarding.ts';
import { base, operator } from './console-testing.ts';
import {
  CALLBACK,
  checkState,
  decision,
  expectNothingChanged,
  ID_API_KEY,
  ID_SECRET,
  veriffSession,
} from './veriff-testing.ts';

/** Performers' identity checks at Veriff, against a fake Veriff API on a loopback port. */

let t: TestContext;
let veriff: FakeProvider;
beforeAll(async () => {
  veriff = await fakeProvider();
  t = await createTestApp({
    env: {
      ID_CHECK_PROVIDER: 'veriff',
      ID_CHECK_VERIFF_API_KEY: ID_API_KEY,
      ID_CHECK_VERIFF_SHARED_SECRET: ID_SECRET,
      // The age check's integration is another one: its key must never open a performer's check.
      AVS_PROVIDER: 'veriff',
      VERIFF_API_KEY: 'age-check-api-key',
      VERIFF_SHARED_SECRET: 'age-check-secret',
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
/** An applicant who started her check at (the fake) Veriff, and that session's id. */
async function started() {
  n += 1;
  const sessionId = `idv-session-${n}`;
  veriff.answer(veriffSession(sessionId));
  const a = await readyApplicant(t);
  return { ...a, sessionId };
}

const application = async (a: Awaited<ReturnType<typeof started>>) =>
  (await a.client.get('/api/studio/application')).json().application;

/** Starts a new check in her studio, with Veriff opening the session named. */
async function startAgain(a: Awaited<ReturnType<typeof started>>, sessionId: string) {
  veriff.answer(veriffSession(sessionId));
  const res = await a.client.post('/api/studio/application/check', {});
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ link: `https://alchemy.veriff.com/v/${sessionId}` });
  const { application: row } = await checkState(t, a.id);
  return row?.idCheckRef ?? '';
}

describe('starting an identity check at Veriff', () => {
  it('opens a session with the performers’ key under our reference and sends her to its address', async () => {
    const a = await started();
    const req = veriff.received.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/sessions');
    expect(req?.headers['x-auth-client']).toBe(ID_API_KEY);
    expect(JSON.parse(req?.body ?? '{}')).toEqual({
      verification: { callback: 'http://localhost:3000/studio/onboarding', vendorData: a.reference },
    });
    expect(a.link).toBe(`https://alchemy.veriff.com/v/${a.sessionId}`);
    const { attempts } = await checkState(t, a.id);
    expect(attempts).toMatchObject([{ provider: 'veriff', reference: a.reference, providerSession: a.sessionId }]);
    expect((await application(a)).idCheck).toEqual({
      state: 'started',
      reason: null,
      attemptsLeft: ID_CHECK_MAX_ATTEMPTS - 1,
      mayStart: false,
    });
  });

  it('answers 503 when Veriff fails or is slow, and counts no attempt', async () => {
    const a = await signUpApplicant(t);
    await confirmEmail(t, a.client, a.email);
    await upload(a.client, 'id_front', await picture());
    await upload(a.client, 'selfie', await picture('png'));
    for (const reply of [
      { status: 500, body: { status: 'fail' } },
      { status: 201, body: { status: 'success' } },
      { status: 201, body: {}, delayMs: 2000 },
    ]) {
      veriff.answer(reply);
      const res = await expectNothingChanged(t, a.id, () => a.client.post('/api/studio/application/check', {}), 503);
      expect(res.json().error).toBe('unavailable');
    }
    expect((await a.client.get('/api/studio/application')).json().application.idCheck).toMatchObject({
      state: 'none',
      attemptsLeft: ID_CHECK_MAX_ATTEMPTS,
      mayStart: true,
    });
  });
});

describe('POST /api/idcheck/callback/veriff', () => {
  it('applies a signed approval once; a replay answers replayed and changes nothing', async () => {
    const a = await started();
    const send = decision(t, a.reference, a.sessionId);
    expect((await send()).json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await application(a)).idCheck).toMatchObject({ state: 'passed', reason: null, mayStart: false });
    const replay = await expectNothingChanged(t, a.id, send, 200);
    expect(replay.json()).toEqual({ ok: true, outcome: 'replayed' });
  });

  it('refuses forged, stale, foreign, malformed, oversized and unknown decisions and changes nothing', async () => {
    const a = await started();
    const valid = decision(t, a.reference, a.sessionId);
    await expectNothingChanged(t, a.id, () => valid('0'.repeat(64)), 403);
    await expectNothingChanged(t, a.id, () => valid(''), 403);
    await expectNothingChanged(t, a.id, decision(t, a.reference, a.sessionId, {}, 'not-the-secret'), 403);
    // Signed by the age check's integration: another key, another secret.
    await expectNothingChanged(t, a.id, decision(t, a.reference, a.sessionId, {}, 'age-check-secret'), 403);
    await expectNothingChanged(t, a.id, () => valid(undefined, 'age-check-api-key'), 403);
    const old = decision(t, a.reference, a.sessionId, { decisionTime: '2020-01-01T00:00:00Z' });
    await expectNothingChanged(t, a.id, old, 403);
    await expectNothingChanged(t, a.id, decision(t, a.reference, a.sessionId, { status: 'paid' }), 400);
    await expectNothingChanged(t, a.id, decision(t, a.reference, a.sessionId, { decisionTime: null }), 400);
    await expectNothingChanged(t, a.id, decision(t, a.reference, a.sessionId, { vendorData: '' }), 400);
    const notJson = '{"verification":';
    const signed = createHmac('sha256', ID_SECRET).update(notJson).digest('hex');
    const raw = (payload: string, signature: string) => () =>
      t.app.inject({
        method: 'POST',
        url: CALLBACK,
        headers: { 'content-type': 'application/json', 'x-auth-client': ID_API_KEY, 'x-hmac-signature': signature },
        payload,
      });
    await expectNothingChanged(t, a.id, raw(notJson, signed), 400);
    const big = JSON.stringify({ status: 'success', padding: 'x'.repeat(20_000) });
    await expectNothingChanged(t, a.id, raw(big, createHmac('sha256', ID_SECRET).update(big).digest('hex')), 413);
    await expectNothingChanged(t, a.id, decision(t, 'pa_0_nobody', a.sessionId), 404);
    expect((await checkState(t, a.id)).application?.idCheckState).toBe('started');
  });

  it('maps Veriff’s statuses: review pending, an approved minor fails, abandoned is not finished', async () => {
    const a = await started();
    await decision(t, a.reference, a.sessionId, { status: 'review', decisionTime: null })();
    expect((await application(a)).idCheck).toMatchObject({ state: 'pending', mayStart: false });
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 17);
    await decision(t, a.reference, a.sessionId, {
      person: { dateOfBirth: minor.toISOString().slice(0, 10) },
      attemptId: 'second',
    })();
    expect((await application(a)).idCheck).toMatchObject({ state: 'failed', reason: 'underage', mayStart: true });
    const b = await started();
    await decision(t, b.reference, b.sessionId, { status: 'abandoned', code: 9104, decisionTime: null })();
    expect((await application(b)).idCheck).toMatchObject({ state: 'failed', reason: 'not_finished' });
  });
});

describe('trying again after a refusal', () => {
  it('declined, then a new session, then approved: the studio says why, the console keeps every attempt', async () => {
    const a = await started();
    await decision(t, a.reference, a.sessionId, { status: 'declined', code: 9102, reasonCode: 103 })();
    expect((await application(a)).idCheck).toEqual({
      state: 'failed',
      reason: 'face_mismatch',
      attemptsLeft: ID_CHECK_MAX_ATTEMPTS - 1,
      mayStart: true,
    });
    // After a refusal she may replace her pictures before the next attempt.
    expect((await upload(a.client, 'selfie', await picture('webp'))).statusCode).toBe(200);
    const second = await startAgain(a, `${a.sessionId}-b`);
    expect(second).not.toBe(a.reference);
    expect((await application(a)).idCheck).toMatchObject({ state: 'started', reason: null });
    // A late word about the first session changes nothing of the second.
    const late = await decision(t, a.reference, a.sessionId, { attemptId: 'late' })();
    expect(late.json()).toEqual({ ok: true, outcome: 'ignored' });
    expect((await application(a)).idCheck.state).toBe('started');
    await decision(t, second, `${a.sessionId}-b`)();
    expect((await application(a)).idCheck).toMatchObject({ state: 'passed', attemptsLeft: ID_CHECK_MAX_ATTEMPTS - 2 });

    const { client } = await operator(t, ['moderator']);
    veriff.answer({ status: 200, body: { status: 'success', verification: null } });
    const seen = (await client.get(base(a.id))).json();
    expect(seen.attempts).toMatchObject([
      { provider: 'veriff', state: 'failed', reason: 'face_mismatch' },
      { provider: 'veriff', state: 'passed', reason: null },
    ]);
    expect(seen.maxAttempts).toBe(ID_CHECK_MAX_ATTEMPTS);
    expect(seen.approvable).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('idv-session');
  });

  it('a resubmission request fails the attempt too; once every attempt is used a start is refused', async () => {
    const a = await started();
    await decision(t, a.reference, a.sessionId, { status: 'resubmission_requested', code: 9103, reasonCode: 202 })();
    expect((await application(a)).idCheck).toMatchObject({ state: 'failed', reason: 'face_not_visible' });
    const second = await startAgain(a, `${a.sessionId}-b`);
    await decision(t, second, `${a.sessionId}-b`, { status: 'resubmission_requested', reasonCode: 204 })();
    expect((await application(a)).idCheck).toMatchObject({ reason: 'document_unreadable', attemptsLeft: 1 });
    const third = await startAgain(a, `${a.sessionId}-c`);
    await decision(t, third, `${a.sessionId}-c`, { status: 'declined', reasonCode: 106 })();
    expect((await application(a)).idCheck).toEqual({
      state: 'failed',
      reason: 'not_confirmed',
      attemptsLeft: 0,
      mayStart: false,
    });
    const calls = veriff.received.length;
    const refused = await expectNothingChanged(t, a.id, () => a.client.post('/api/studio/application/check', {}), 409);
    expect(refused.json().error).toBe('id_check_attempts_used');
    expect(veriff.received.length).toBe(calls);
  });

  it('asks Veriff for the decision of an open session, signed over its id, for the console', async () => {
    const a = await started();
    const { client } = await operator(t, ['moderator']);
    veriff.answer({ status: 200, body: { status: 'success', verification: { status: 'review' } } });
    const seen = (await client.get(base(a.id))).json();
    expect(seen.idCheck).toMatchObject({ state: 'started', providerNow: 'pending' });
    const req = veriff.received.at(-1);
    expect(req).toMatchObject({ method: 'GET', url: `/v1/sessions/${a.sessionId}/decision` });
    expect(req?.headers['x-auth-client']).toBe(ID_API_KEY);
    expect(req?.headers['x-hmac-signature']).toBe(createHmac('sha256', ID_SECRET).update(a.sessionId).digest('hex'));
  });
});
