import { describe, expect, it } from 'vitest';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { callIdOfLineToken, lineKey, lineToken } from './line-page.ts';
import { CALLBACK_BASE, type TwilioVoiceSettings, twilioVoiceProvider, voiceEntryToken } from './twilio.ts';
import type { AppliedEvent } from './types.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const CALL = `CA${'c'.repeat(32)}`;
const DOMAIN = 'livecam-0900.sip.twilio.com';
const settings: TwilioVoiceSettings = {
  accountSid: SID,
  authToken: TOKEN,
  publicUrl: 'https://cams.example',
  serviceNumber: '0900 1 234567',
  entry: { kind: 'sip_domain', value: DOMAIN },
  callPageLink: (id) => `/api/voicecall/line/${id}`,
};
const line = twilioVoiceProvider(settings);
/** The PIN step's query the voice step hands the call: its attempt and its entry token. */
const pinQuery = (attempt = 1, callSid = CALL) => `?attempt=${attempt}&entry=${voiceEntryToken(TOKEN, callSid)}`;

/** A signed callback as Twilio sends it for a call the carrier brought over its SIP domain. */
function callback(
  step: string,
  params: Record<string, string>,
  query = step === 'pin' ? pinQuery() : '',
  token = TOKEN,
) {
  const url = `https://cams.example${CALLBACK_BASE}/${step}${query}`;
  const body = { AccountSid: SID, CallSid: CALL, SipDomain: DOMAIN, From: '+4915123456789', ...params };
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
      event: {
        eventId: `${CALL}:connected`,
        type: 'call.connected',
        callId: null,
        pin: '012345',
        caller: '+4915123456789',
      },
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
    const body = { AccountSid: SID, CallSid: CALL, SipDomain: DOMAIN, From: '+4915123456789', Digits: '012345' };
    const signature = twilioSignature(TOKEN, c.url.replace('https://cams.example/', 'https://cams.example:443/'), body);
    expect(line.verify({ ...c, headers: { 'x-twilio-signature': signature } })).toMatchObject({
      ok: true,
      event: { type: 'call.connected', pin: '012345' },
    });
  });

  it('refuses a missing or wrong signature, another account and unreadable steps', () => {
    const c = callback('pin', { Digits: '012345' });
    expect(line.verify({ ...c, headers: {} })).toEqual({ ok: false, reason: 'missing_signature' });
    expect(line.verify(callback('pin', { Digits: '012345' }, pinQuery(), 'other'))).toEqual({
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
    const pin = callback('pin', { Digits: '012345' }, pinQuery(1));
    const connected = line.verify(pin);
    if (!connected.ok || !connected.event) throw new Error('not read');
    const go = line.answer?.(pin, connected.event, applied());
    expect(go?.contentType).toMatch(/^text\/xml/);
    expect(go?.body).toContain(
      '<Pause length="60"/><Redirect method="POST">https://cams.example/api/voicecall/callback/twilio/minute?call=7&amp;minute=1</Redirect>',
    );
    const wrong = line.answer?.(pin, connected.event, applied({ kind: 'unknown', outcome: 'unknown', callId: null }));
    expect(wrong?.body).toContain(`attempt=2&amp;entry=${voiceEntryToken(TOKEN, CALL)}`);
    const minute = callback('minute', {}, '?call=7&minute=60');
    const m = line.verify(minute);
    if (!m.ok || !m.event) throw new Error('not read');
    expect(line.answer?.(minute, m.event, applied())?.body).toMatch(/<Say language="de-DE">[^<]+<\/Say><Hangup\/>/);
    expect(line.answer?.(minute, m.event, applied({ kind: 'ignored', outcome: 'ignored:not_active' }))?.body).toContain(
      '<Hangup/>',
    );
  });

  it('admits only calls the carrier brought, and PINs only from calls it admitted', () => {
    const voice = callback('voice', { CallStatus: 'ringing' });
    expect(line.answer?.(voice, null, null)?.body).toContain(
      `action="https://cams.example${CALLBACK_BASE}/pin${pinQuery(1).replace('&', '&amp;')}"`,
    );
    // Dialled straight to the Twilio number, or through another SIP domain: turned away unanswered.
    for (const SipDomain of ['', 'other.sip.twilio.com']) {
      expect(line.verify(callback('voice', { SipDomain }))).toEqual({
        ok: true,
        event: null,
        refusal: 'not_via_carrier',
      });
    }
    expect(line.verify(callback('voice', { SipDomain: DOMAIN.toUpperCase() }))).toEqual({ ok: true, event: null });
    const refused = applied({ kind: 'refused', outcome: 'refused:not_via_carrier', callId: null, maxMinutes: null });
    expect(line.answer?.(voice, null, refused)?.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="rejected"/></Response>',
    );
    // A PIN without the token of its own call (no token, another call's) is not read.
    const other = `CA${'d'.repeat(32)}`;
    for (const query of ['?attempt=1', pinQuery(1, other), `${pinQuery(1)}x`]) {
      expect(line.verify(callback('pin', { Digits: '012345' }, query))).toEqual({
        ok: true,
        event: null,
        refusal: 'not_via_carrier',
      });
    }
  });

  it('knows calls of the carrier by the premium-rate number they were forwarded from', () => {
    const forwarded = twilioVoiceProvider({ ...settings, entry: { kind: 'forwarded_from', value: '+499001234567' } });
    const voice = (params: Record<string, string>) => forwarded.verify(callback('voice', { SipDomain: '', ...params }));
    expect(voice({ ForwardedFrom: '+499001234567' })).toEqual({ ok: true, event: null });
    expect(voice({})).toMatchObject({ refusal: 'not_via_carrier' });
    expect(voice({ ForwardedFrom: '+4915123456789' })).toMatchObject({ refusal: 'not_via_carrier' });
    // The SIP domain alone does not stand in for the forwarding number.
    expect(voice({ SipDomain: DOMAIN })).toMatchObject({ refusal: 'not_via_carrier' });
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
