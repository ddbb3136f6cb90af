import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performerApplications } from '#server/db/schema/onboarding.ts';
import { performers } from '#server/db/schema/performers.ts';
import { sandboxIdCheckProvider } from '#server/providers/idcheck/sandbox.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { readyApplicant, sendIdCheckCallback } from '#server/test/onboarding.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statusOf = async (id: number) =>
  (await t.db.select({ status: performers.status }).from(performers).where(eq(performers.id, id)))[0]?.status;

describe('the ID provider callback', () => {
  it('applies a signed result once; a replay answers replayed and changes nothing', async () => {
    const a = await readyApplicant(t);
    const cb = sendIdCheckCallback(t, { reference: a.reference, type: 'check.pending' });
    expect((await cb.send()).json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await cb.send()).json()).toEqual({ ok: true, outcome: 'replayed' });
    const failed = sendIdCheckCallback(t, { reference: a.reference, type: 'check.failed', reason: 'face_mismatch' });
    expect((await failed.send()).json()).toEqual({ ok: true, outcome: 'applied' });
    const mine = (await a.client.get('/api/studio/application')).json();
    expect(mine.application.idCheck).toEqual({
      state: 'failed',
      reason: 'face_mismatch',
      attemptsLeft: 2,
      mayStart: true,
    });
    // A result never approves her by itself.
    expect(await statusOf(a.id)).toBe('pending');
    const late = sendIdCheckCallback(t, { reference: a.reference, type: 'check.passed' });
    expect((await late.send()).json()).toEqual({ ok: true, outcome: 'ignored' });
  });

  it('refuses a bad signature and a stale one (403), a malformed body (400), an unknown reference (404)', async () => {
    const a = await readyApplicant(t);
    const forged = sendIdCheckCallback(t, { reference: a.reference }, { key: 'not-the-key' });
    expect((await forged.send()).statusCode).toBe(403);
    const stale = sendIdCheckCallback(t, { reference: a.reference }, { at: Date.now() - 3_600_000 });
    expect((await stale.send()).statusCode).toBe(403);
    const noReason = sendIdCheckCallback(t, { reference: a.reference, type: 'check.failed', reason: null });
    expect((await noReason.send()).statusCode).toBe(400);
    const unknown = sendIdCheckCallback(t, { reference: 'pa_0_nothing' });
    expect((await unknown.send()).statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/idcheck/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(403);
    const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, a.id));
    expect(row?.idCheckState).toBe('started');
  });

  it('runs the hosted sandbox page: the chosen result arrives by the signed callback', async () => {
    const a = await readyApplicant(t);
    const path = new URL(a.link).pathname;
    const page = await a.client.raw('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="outcome"');
    const sent = await a.client.raw('POST', path, {
      payload: 'outcome=approved&reason=document_unreadable',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('http://localhost:3000/studio/onboarding');
    await expect
      .poll(async () => (await a.client.get('/api/studio/application')).json().application.idCheck.state)
      .toBe('passed');
    expect((await a.client.raw('GET', '/sandbox/idcheck/forged.token')).statusCode).toBe(404);
  });
});

describe('a new attempt after a rejection', () => {
  it('opens a new check under a new reference; a late report of the first changes nothing', async () => {
    const a = await readyApplicant(t);
    const rejected = sendIdCheckCallback(t, { reference: a.reference, type: 'check.failed', reason: 'not_finished' });
    expect((await rejected.send()).statusCode).toBe(200);
    const again = await a.client.post('/api/studio/application/check', {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().link).not.toBe(a.link);
    const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, a.id));
    expect(row?.idCheckRef).not.toBe(a.reference);
    const late = sendIdCheckCallback(t, { reference: a.reference, type: 'check.passed' });
    expect((await late.send()).json()).toEqual({ ok: true, outcome: 'ignored' });
    const passed = sendIdCheckCallback(t, { reference: row?.idCheckRef ?? '', type: 'check.passed' });
    expect((await passed.send()).json()).toEqual({ ok: true, outcome: 'applied' });
    const mine = (await a.client.get('/api/studio/application')).json();
    expect(mine.application.idCheck).toEqual({ state: 'passed', reason: null, attemptsLeft: 1, mayStart: false });
    // Under way or passed: no start.
    expect((await a.client.post('/api/studio/application/check', {})).statusCode).toBe(409);
  });
});

describe('the sandbox provider, pending first', () => {
  it('reports pending, then the result; its status API follows', async () => {
    const a = await readyApplicant(t);
    const provider = sandboxIdCheckProvider(t.config, t.db);
    expect(await provider.status(a.reference)).toEqual({ state: 'open', reason: null });
    expect(await provider.status('pa_0_unknown')).toBeNull();
    const path = new URL(a.link).pathname;
    const sent = await a.client.raw('POST', path, {
      payload: 'outcome=pending_rejected&reason=document_expired',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(303);
    const state = async () => (await a.client.get('/api/studio/application')).json().application.idCheck;
    await expect
      .poll(state, { timeout: 10_000 })
      .toMatchObject({ state: 'failed', reason: 'document_expired', mayStart: true });
    expect(await provider.status(a.reference)).toEqual({ state: 'failed', reason: 'document_expired' });
    const bad = await a.client.raw('POST', path, {
      payload: 'outcome=rejected',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
