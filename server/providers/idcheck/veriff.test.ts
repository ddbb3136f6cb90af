import { describe, expect, it } from 'vitest';
import { veriffSignature } from '#server/providers/veriff.ts';
import { outcomeOf, veriffIdCheckProvider } from './veriff.ts';

const TODAY = new Date('2026-06-15T12:00:00Z');
const adult = { person: { dateOfBirth: '1995-04-12' }, document: { validUntil: '2030-01-01' } };

describe('Veriff’s decisions in our states', () => {
  it('passes an approval, and fails it for a minor or an expired document', () => {
    expect(outcomeOf({ status: 'approved', ...adult }, TODAY)).toEqual({ state: 'passed', reason: null });
    expect(outcomeOf({ status: 'approved', person: { dateOfBirth: '2008-06-16' } }, TODAY)).toEqual({
      state: 'failed',
      reason: 'underage',
    });
    expect(outcomeOf({ status: 'approved', person: { dateOfBirth: '2008-06-15' } }, TODAY).state).toBe('passed');
    expect(outcomeOf({ status: 'approved', document: { validUntil: '2026-06-14' } }, TODAY)).toEqual({
      state: 'failed',
      reason: 'document_expired',
    });
  });

  it('names the reason of a decline or a resubmission request by its code, else by its status', () => {
    const cases: [string, number | null, string][] = [
      ['declined', 103, 'face_mismatch'],
      ['declined', 120, 'face_mismatch'],
      ['declined', 533, 'underage'],
      ['declined', 511, 'document_expired'],
      ['declined', 106, 'not_confirmed'],
      ['declined', null, 'not_confirmed'],
      ['resubmission_requested', 202, 'face_not_visible'],
      ['resubmission_requested', 207, 'document_expired'],
      ['resubmission_requested', 204, 'document_unreadable'],
      ['resubmission_requested', null, 'document_unreadable'],
    ];
    for (const [status, reasonCode, reason] of cases) {
      expect(outcomeOf({ status: status as 'declined', reasonCode }, TODAY)).toEqual({ state: 'failed', reason });
    }
  });

  it('fails expired and abandoned sessions as not finished, and keeps a review pending', () => {
    expect(outcomeOf({ status: 'expired' }, TODAY)).toEqual({ state: 'failed', reason: 'not_finished' });
    expect(outcomeOf({ status: 'abandoned' }, TODAY)).toEqual({ state: 'failed', reason: 'not_finished' });
    expect(outcomeOf({ status: 'review' }, TODAY)).toEqual({ state: 'pending', reason: null });
  });
});

describe('the Veriff ID-check webhook', () => {
  const S = { apiKey: 'key', sharedSecret: 'secret', apiUrl: '' };
  const provider = veriffIdCheckProvider(S, { timeoutMs: 100 }, null as never);
  const read = (verification: Record<string, unknown>, now = TODAY.getTime()) => {
    const rawBody = JSON.stringify({
      status: 'success',
      verification: {
        id: 's1',
        attemptId: 'a1',
        vendorData: 'pa_1_x',
        decisionTime: TODAY.toISOString(),
        ...verification,
      },
    });
    return provider.verifyCallback({
      rawBody,
      now,
      headers: { 'x-auth-client': 'key', 'x-hmac-signature': veriffSignature('secret', rawBody) },
    });
  };

  it('answers an event per attempt and status, with the reason code read as digits too', () => {
    expect(read({ status: 'declined', reasonCode: '103' })).toEqual({
      ok: true,
      event: { eventId: 's1:a1:declined', type: 'check.failed', reference: 'pa_1_x', reason: 'face_mismatch' },
    });
    expect(read({ status: 'review', decisionTime: null })).toMatchObject({
      ok: true,
      event: { type: 'check.pending' },
    });
    expect(read({ status: 'approved', ...adult })).toMatchObject({ ok: true, event: { type: 'check.passed' } });
  });

  it('refuses a verdict without its time, and one from the future', () => {
    expect(read({ status: 'declined', decisionTime: null })).toEqual({ ok: false, reason: 'malformed' });
    expect(read({ status: 'approved' }, TODAY.getTime() - 3_600_000)).toEqual({ ok: false, reason: 'stale' });
    expect(read({ status: 'declined', reasonCode: 'x1' })).toEqual({ ok: false, reason: 'malformed' });
  });
});
