import { describe, expect, it } from 'vitest';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { callIdOfLineToken, lineKey, lineToken } from './line-page.ts';
import { CALLBACK_BASE, twilioVoiceProvider } from './twilio.ts';
import type { AppliedEvent } from './types.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const CALL = `CA${'c'.repeat(32)}`;
const line = twilioVoiceProvider({
  accountSid: SID,
  authToken: TOKEN,
  publicUrl: 'https://cams.example',
  serviceNumber: '0900 1 234567',
  callPageLink: (id) => `/api/voicecall/line/${id}`,
});

function callback(step: string, params: Record<string, string>, query = '', token = TOKEN) {
  const url = `https://cams.example${CALLBACK_BASE}/${step}${query}`;
  const body = { AccountSid: SID, CallSid: CALL, ...params };
  return {
    url,
    step,
    rawBody: new URLSearchParams(body).toString(),
    headers: { 'x-twilio-signature': twilioSignature(token, url, body) },
  };
}
const applied = (over: Partial<AppliedEvent> = {}): AppliedEvent => ({
  kind: 'applied',
  outcome: 'applied',
  callId: 7,
  maxMinutes: 60,
  ...over,
});

describe('the Twilio voice line', () => {
  it('reads each step as our event, with ids that make a retry a replay', () => {
    expect(line.verify(callback('voice', { CallStatus: 'ringing' }))).toEqual({ ok: true, event: null });
    expect(line.verify(callback('pin', { Digits: '012345' }))).toMatchObject({
      ok: true,
      event: { eventId: `${CALL}:connected`, type: 'call.connected', callId: null, pin: '012345' },
    });
    expect(line.verify(callback('pin', { Digits: '12#' }))).toMatchObject({ event: { pin: '' } });
    expect(line.verify(callback('minute', {}, '?call=7&minute=3'))).toMatchObject({
      event: { eventId: `${CALL}:minute:3`, type: 'call.minute', callId: 7, minute: 3 },
    });
    expect(line.verify(callback('status', { CallStatus: 'completed' }))).toMatchObject({
      event: { eventId: `${CALL}:ended`, type: 'call.ended', callId: null, providerCallId: CALL },
    });
    expect(line.verify(callback('status', { CallStatus: 'ringing' }))).toEqual({ ok: true, event: null });
  });

  it('accepts a request Twilio signed for the address with its default port', () => {
    const c = callback('pin', { Digits: '012345' });
    const body = { AccountSid: SID, CallSid: CALL, Digits: '012345' };
    const signature = twilioSignature(TOKEN, c.url.replace('https://cams.example/', 'https://cams.example:443/'), body);
    expect(line.verify({ ...c, headers: { 'x-twilio-signature': signature } })).toMatchObject({
      ok: true,
      event: { type: 'call.connected', pin: '012345' },
    });
  });

  it('refuses a missing or wrong signature, another account and unreadable steps', () => {
    const c = callback('pin', { Digits: '012345' });
    expect(line.verify({ ...c, headers: {} })).toEqual({ ok: false, reason: 'missing_signature' });
    expect(line.verify(callback('pin', { Digits: '012345' }, '', 'other'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(line.verify({ ...c, rawBody: c.rawBody.replace('012345', '543210') })).toMatchObject({
      reason: 'bad_signature',
    });
    expect(line.verify(callback('pin', { AccountSid: `AC${'2'.repeat(32)}` }))).toMatchObject({ reason: 'malformed' });
    expect(line.verify(callback('minute', {}, '?call=7'))).toMatchObject({ reason: 'malformed' });
    expect(line.verify(callback('minute', {}, '?call=7&minute=0'))).toMatchObject({ reason: 'malformed' });
  });

  it('answers TwiML that drives the call', () => {
    const pin = callback('pin', { Digits: '012345' }, '?attempt=1');
    const connected = line.verify(pin);
    if (!connected.ok || !connected.event) throw new Error('not read');
    const go = line.answer?.(pin, connected.event, applied());
    expect(go?.contentType).toMatch(/^text\/xml/);
    expect(go?.body).toContain(
      '<Pause length="60"/><Redirect method="POST">https://cams.example/api/voicecall/callback/twilio/minute?call=7&amp;minute=1</Redirect>',
    );
    const wrong = line.answer?.(pin, connected.event, applied({ kind: 'unknown', outcome: 'unknown', callId: null }));
    expect(wrong?.body).toContain('attempt=2');
    const minute = callback('minute', {}, '?call=7&minute=60');
    const m = line.verify(minute);
    if (!m.ok || !m.event) throw new Error('not read');
    expect(line.answer?.(minute, m.event, applied())?.body).toMatch(/<Say language="de-DE">[^<]+<\/Say><Hangup\/>/);
    expect(line.answer?.(minute, m.event, applied({ kind: 'ignored', outcome: 'ignored:not_active' }))?.body).toContain(
      '<Hangup/>',
    );
  });

  it('gives each call page a token only its call has', () => {
    const key = lineKey('a-session-secret-that-is-long-enough-0123456789');
    const token = lineToken(key, 42);
    expect(callIdOfLineToken(key, token)).toBe(42);
    expect(callIdOfLineToken(key, token.replace(/^42/, '43'))).toBeNull();
    expect(callIdOfLineToken(lineKey('another-secret-that-is-long-enough-0123456789'), token)).toBeNull();
    expect(callIdOfLineToken(key, 'nonsense')).toBeNull();
  });
});
