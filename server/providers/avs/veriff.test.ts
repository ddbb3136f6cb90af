import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veriffSignature } from '#server/providers/veriff.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import { readDecision, veriffProvider } from './veriff.ts';

const S = { apiKey: 'f3a1c0de-0000-4000-8000-000000000001', sharedSecret: 'c0ffee00-1111-4222-8333-444455556666' };
const NOW = Date.parse('2026-06-15T12:00:00Z');

/** A decision webhook as Veriff sends it, signed by the documented scheme computed here on its own. */
function decision(verification: Record<string, unknown>, opts: { secret?: string; apiKey?: string } = {}) {
  const rawBody = JSON.stringify({
    status: 'success',
    verification: {
      id: '12df6045-3846-3e45-946a-14fa6136d78b',
      attemptId: 'f5c4b9e3-2b8a-4d44-a5a4-0d3b4b3a2e10',
      code: 9001,
      status: 'approved',
      decisionTime: '2026-06-15T11:58:00.000Z',
      vendorData: 'our-reference-1',
      person: { firstName: 'SARAH', lastName: 'MORGAN', dateOfBirth: '1990-03-30' },
      document: { type: 'PASSPORT', validUntil: '2030-04-20' },
      ...verification,
    },
    technicalData: { ip: '192.0.2.1' },
  });
  const signature = createHmac('sha256', opts.secret ?? S.sharedSecret)
    .update(rawBody)
    .digest('hex');
  return { rawBody, headers: { 'x-auth-client': opts.apiKey ?? S.apiKey, 'x-hmac-signature': signature } };
}

const read = (d: ReturnType<typeof decision>, now = NOW) => readDecision({ ...S, apiUrl: '' }, { ...d, now });

describe('Veriff decision webhooks', () => {
  it('signs like an independent HMAC-SHA256 over the raw body', () => {
    const body = '{"a":1}';
    expect(veriffSignature('key', body)).toBe(createHmac('sha256', 'key').update(body).digest('hex'));
  });

  it('passes an approved adult, under our reference and an id of this attempt', () => {
    expect(read(decision({}))).toEqual({
      ok: true,
      event: {
        eventId: '12df6045-3846-3e45-946a-14fa6136d78b:f5c4b9e3-2b8a-4d44-a5a4-0d3b4b3a2e10:approved',
        type: 'check.passed',
        reference: 'our-reference-1',
        failure: null,
      },
    });
  });

  it('decides the age itself: an approval of a minor, or without a date of birth, fails', () => {
    const minor = read(decision({ person: { dateOfBirth: '2008-06-16' } }));
    expect(minor.ok && minor.event).toMatchObject({ type: 'check.failed', failure: 'underage' });
    const eighteenToday = read(decision({ person: { dateOfBirth: '2008-06-15' } }));
    expect(eighteenToday.ok && eighteenToday.event).toMatchObject({ type: 'check.passed' });
    const unknown = read(decision({ person: { dateOfBirth: null } }));
    expect(unknown.ok && unknown.event).toMatchObject({ type: 'check.failed', failure: 'document_unreadable' });
    const expired = read(decision({ document: { validUntil: '2026-06-14' } }));
    expect(expired.ok && expired.event).toMatchObject({ failure: 'document_expired' });
  });

  it('fails declined, expired and abandoned sessions, and waits on resubmission and review', () => {
    for (const status of ['declined', 'expired', 'abandoned']) {
      const r = read(decision({ status, code: 9102 }));
      expect(r.ok && r.event).toMatchObject({ type: 'check.failed', failure: 'document_unreadable' });
    }
    expect(read(decision({ status: 'resubmission_requested' }))).toEqual({ ok: true, event: null });
    expect(read(decision({ status: 'review' }))).toEqual({ ok: true, event: null });
  });

  it('refuses a wrong secret, an altered body, a missing signature and another API key', () => {
    expect(read(decision({}, { secret: 'other' }))).toEqual({ ok: false, reason: 'signature' });
    const d = decision({});
    expect(read({ ...d, rawBody: d.rawBody.replace('1990-03-30', '1980-03-30') })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(read({ ...d, headers: { 'x-auth-client': S.apiKey } as never })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(read(decision({}, { apiKey: 'someone-else' }))).toEqual({ ok: false, reason: 'signature' });
  });

  it('accepts the signature in capitals, and refuses stale or future decisions', () => {
    const d = decision({});
    const upper = { ...d, headers: { ...d.headers, 'x-hmac-signature': d.headers['x-hmac-signature'].toUpperCase() } };
    expect(read(upper).ok).toBe(true);
    expect(read(decision({ decisionTime: '2026-06-01T00:00:00Z' }))).toEqual({ ok: false, reason: 'stale' });
    expect(read(decision({ decisionTime: '2026-06-15T12:30:00Z' }))).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a final decision without its time, which the staleness rule could not judge', () => {
    for (const status of ['approved', 'declined']) {
      for (const decisionTime of [null, undefined]) {
        expect(read(decision({ status, decisionTime }))).toEqual({ ok: false, reason: 'malformed' });
      }
    }
    // A decision still to come may carry none: acknowledged, nothing changes.
    expect(read(decision({ status: 'review', decisionTime: null }))).toEqual({ ok: true, event: null });
  });

  it('refuses signed bodies it cannot read', () => {
    const sign = (rawBody: string) => ({
      rawBody,
      headers: { 'x-auth-client': S.apiKey, 'x-hmac-signature': veriffSignature(S.sharedSecret, rawBody) },
    });
    expect(read(sign('not json'))).toEqual({ ok: false, reason: 'malformed' });
    expect(read(sign('{"status":"success"}'))).toEqual({ ok: false, reason: 'malformed' });
    expect(read(decision({ status: 'paid' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(read(decision({ vendorData: null }))).toEqual({ ok: false, reason: 'malformed' });
    expect(read(decision({ decisionTime: 'yesterday' }))).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('Veriff sessions', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await fakeProvider();
  });
  afterAll(() => fake.close());
  const provider = (timeoutMs = 2000) => veriffProvider({ ...S, apiUrl: fake.url }, { timeoutMs });
  const start = (timeoutMs?: number) =>
    provider(timeoutMs).start({ reference: 'ref-1', returnUrl: 'https://cams.example/avs?check=1', locale: 'de' });

  it('opens a session with the API key and our reference, and answers its hosted address', async () => {
    fake.answer({
      status: 201,
      body: {
        status: 'success',
        verification: { id: 'abc', url: 'https://alchemy.veriff.com/v/xyz', sessionToken: 't' },
      },
    });
    expect(await start()).toEqual({ link: 'https://alchemy.veriff.com/v/xyz' });
    const req = fake.received.at(-1);
    expect(req).toMatchObject({ method: 'POST', url: '/v1/sessions' });
    expect(req?.headers['x-auth-client']).toBe(S.apiKey);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      verification: { callback: 'https://cams.example/avs?check=1', vendorData: 'ref-1' },
    });
  });

  it('fails clearly on an error answer, an answer without an address, and no answer in time', async () => {
    fake.answer({ status: 401, body: { status: 'fail', code: 1102, message: 'Mandatory X-AUTH-CLIENT header' } });
    await expect(start()).rejects.toMatchObject({ failure: 'status', status: 401 });
    fake.answer({ status: 201, body: { status: 'success', verification: { id: 'abc' } } });
    await expect(start()).rejects.toThrow(/without an address/);
    fake.answer({ status: 201, body: {}, delayMs: 1000 });
    await expect(start(100)).rejects.toMatchObject({ failure: 'timeout' });
  });
});
