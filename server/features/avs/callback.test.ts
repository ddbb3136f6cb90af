import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageChecks } from '#server/db/schema/avs.ts';
import { callbackBody, sandboxAvsKeys, sandboxVerdict, signCallback } from '#server/providers/avs/sandbox.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { ADULT, avsState, expectNoChange, sendCallback, settledStatus, startCheck, submitForm } from './testing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh pending check of a new visitor, with our reference the provider echoes. */
async function pendingCheck() {
  const visitor = t.client();
  const { id, page } = await startCheck(visitor, {});
  const [row] = await t.db.select().from(ageChecks).where(eq(ageChecks.id, id));
  if (!row) throw new Error('no check');
  return { visitor, id, page, reference: row.providerRef };
}

describe('POST /api/avs/callback/sandbox', () => {
  it('applies a correctly signed verdict once; a replay answers replayed and changes nothing', async () => {
    const { visitor, id, reference } = await pendingCheck();
    const body = callbackBody(reference, 'document_expired');
    const res = await sendCallback(t, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await visitor.get(`/api/avs/status?check=${id}`)).json().check).toMatchObject({
      state: 'failed',
      failure: 'document_expired',
    });
    const replay = await expectNoChange(t, () => sendCallback(t, body), 200);
    expect(replay.json()).toEqual({ ok: true, outcome: 'replayed' });
    // A second, different verdict is recorded as ignored and does not turn a failure into a pass.
    const later = await sendCallback(t, callbackBody(reference, null));
    expect(later.json()).toEqual({ ok: true, outcome: 'ignored' });
    expect((await visitor.get(`/api/avs/status?check=${id}`)).json()).toMatchObject({
      agechecked: false,
      check: { state: 'failed' },
    });
  });

  it('refuses a wrong key, a stale or future timestamp, an altered body and a missing signature', async () => {
    const { id, visitor, reference } = await pendingCheck();
    const body = callbackBody(reference, null);
    const now = Math.floor(Date.now() / 1000);
    await expectNoChange(t, () => sendCallback(t, body, { key: 'another-company' }), 403, 'forbidden');
    await expectNoChange(t, () => sendCallback(t, body, { at: now - 330 }), 403, 'forbidden');
    await expectNoChange(t, () => sendCallback(t, body, { at: now + 330 }), 403, 'forbidden');
    await expectNoChange(t, () => sendCallback(t, body, { signature: null }), 403, 'forbidden');
    await expectNoChange(t, () => sendCallback(t, body, { signature: 't=1,v1=zz' }), 403, 'forbidden');
    const altered = body.replace('check.passed', 'check.failed');
    const signed = signCallback(sandboxAvsKeys(t.config).callbackKey, body, now);
    await expectNoChange(t, () => sendCallback(t, altered, { signature: signed }), 403, 'forbidden');
    expect((await visitor.get(`/api/avs/status?check=${id}`)).json().check.state).toBe('pending');
  });

  it('refuses signed nonsense with 400 and an unknown check with 404', async () => {
    const { reference } = await pendingCheck();
    await expectNoChange(t, () => sendCallback(t, '{"id": "evt_1", '), 400, 'bad_request');
    await expectNoChange(t, () => sendCallback(t, JSON.stringify({ id: 'evt_2', type: 'check.won' })), 400);
    const passWithReason = JSON.stringify({
      id: 'evt_3',
      type: 'check.passed',
      reference,
      reason: 'underage',
      created: 1,
    });
    await expectNoChange(t, () => sendCallback(t, passWithReason), 400, 'bad_request');
    const unknown = callbackBody('00000000-0000-0000-0000-000000000000', null);
    await expectNoChange(t, () => sendCallback(t, unknown), 404, 'not_found');
  });

  it('refuses a body over 64 KiB with 413, before reading it', async () => {
    const { reference } = await pendingCheck();
    const big = JSON.stringify({ ...JSON.parse(callbackBody(reference, null)), padding: 'x'.repeat(65 * 1024) });
    await expectNoChange(t, () => sendCallback(t, big), 413, 'payload_too_large');
  });

  it('the sandbox retries a callback that was not answered with 2xx', async () => {
    const { visitor, id, page, reference } = await pendingCheck();
    // The check is briefly unknown: the first attempt (after 0.5 s) gets a 404, the next one (1 s later) lands.
    await t.db.update(ageChecks).set({ providerRef: 'moved' }).where(eq(ageChecks.id, id));
    await submitForm(visitor, page, ADULT);
    await new Promise((r) => setTimeout(r, 800));
    expect((await visitor.get(`/api/avs/status?check=${id}`)).json().check.state).toBe('pending');
    await t.db.update(ageChecks).set({ providerRef: reference }).where(eq(ageChecks.id, id));
    expect((await settledStatus(visitor, id)).check?.state).toBe('passed');
  });

  it('a passed member check sets the session flag of a login that follows', async () => {
    const { client, user } = await registerAndVerify(t, 'avs-callback@example.com');
    const { id } = await startCheck(client, {});
    const [row] = await t.db.select().from(ageChecks).where(eq(ageChecks.id, id));
    expect(row?.userId).toBe(user.id);
    const before = (await avsState(t)).events.length;
    expect((await sendCallback(t, callbackBody(row?.providerRef ?? '', null))).statusCode).toBe(200);
    expect((await avsState(t)).events).toHaveLength(before + 1);
    expect((await client.get('/api/session/init')).json().session.agechecked).toBe(true);
  });
});

describe('the sandbox verdict', () => {
  const today = new Date('2026-03-01T12:00:00Z');
  const base = { birthDate: '1990-05-05', documentNumber: 'T22000129', expiryDate: '2030-01-01' };
  it('passes an adult with a valid document, from the 18th birthday on', () => {
    expect(sandboxVerdict(base, today)).toBeNull();
    expect(sandboxVerdict({ ...base, birthDate: '2008-03-01' }, today)).toBeNull();
    expect(sandboxVerdict({ ...base, expiryDate: '2026-03-01' }, today)).toBeNull();
  });
  it('fails the day before the 18th birthday, an expired document and FAIL numbers', () => {
    expect(sandboxVerdict({ ...base, birthDate: '2008-03-02' }, today)).toBe('underage');
    expect(sandboxVerdict({ ...base, expiryDate: '2026-02-28' }, today)).toBe('document_expired');
    expect(sandboxVerdict({ ...base, documentNumber: 'fail1' }, today)).toBe('document_unreadable');
    expect(sandboxVerdict({ ...base, documentNumber: 'FAIL-NAME' }, today)).toBe('name_mismatch');
  });
});
