import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import {
  extensionToken,
  PHONE_CHAT_CALLBACKS,
  type PhoneChatStep,
  type TwilioPhoneChatSettings,
  twilioPhoneChatLine,
} from './twilio.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const CALL = `CA${'c'.repeat(32)}`;
const LEG = `CA${'d'.repeat(32)}`;
const DOMAIN = 'chat-0900.sip.twilio.com';
const CALLER = '+4915123456789';
const HER = '+4917612345678';
const settings = (apiUrl = 'http://127.0.0.1:9'): TwilioPhoneChatSettings => ({
  accountSid: SID,
  authToken: TOKEN,
  apiUrl,
  publicUrl: 'https://cams.example',
  entry: { kind: 'sip_domain', value: DOMAIN },
  callerId: '+4930123456789',
});
const line = twilioPhoneChatLine(settings(), { timeoutMs: 1000 });

/** A callback as Twilio signs it: the address with its query, and the form body. */
function callback(step: PhoneChatStep, params: Record<string, string>, query = '', token = TOKEN) {
  const url = `https://cams.example${PHONE_CHAT_CALLBACKS}/${step}${query}`;
  const body = { AccountSid: SID, CallSid: CALL, SipDomain: DOMAIN, From: CALLER, ...params };
  return {
    url,
    step,
    rawBody: new URLSearchParams(body).toString(),
    headers: { 'x-twilio-signature': twilioSignature(token, url, body) },
  };
}
const entry = (attempt = 1) => `?attempt=${attempt}&entry=${extensionToken(TOKEN, CALL)}`;

describe('the Twilio phone-chat line: reading callbacks', () => {
  it('reads every step as our event', () => {
    expect(line.read(callback('voice', { CallStatus: 'ringing' }))).toEqual({
      ok: true,
      event: { type: 'incoming', callSid: CALL, viaCarrier: true },
    });
    expect(line.read(callback('voice', { SipDomain: 'other.sip.twilio.com' }))).toMatchObject({
      event: { viaCarrier: false },
    });
    expect(line.read(callback('extension', { Digits: '4711' }, entry(2)))).toEqual({
      ok: true,
      event: { type: 'extension', callSid: CALL, admitted: true, digits: '4711', attempt: 2 },
    });
    // Her leg reports with its own CallSid; the caller's is ParentCallSid.
    const leg = (status: string, extra: Record<string, string> = {}) =>
      line.read(callback('status', { CallSid: LEG, ParentCallSid: CALL, CallStatus: status, ...extra }, '?call=7'));
    expect(leg('ringing')).toEqual({ ok: true, event: { type: 'ringing', callSid: CALL, callId: 7 } });
    expect(leg('in-progress')).toEqual({ ok: true, event: { type: 'answered', callSid: CALL, callId: 7 } });
    expect(leg('completed', { CallDuration: '61' })).toEqual({
      ok: true,
      event: { type: 'over', callSid: CALL, callId: 7, seconds: 61, answered: true },
    });
    expect(leg('no-answer')).toMatchObject({ event: { type: 'over', seconds: 0, answered: false } });
    const dial = (status: string, extra: Record<string, string> = {}) =>
      line.read(callback('dial', { DialCallStatus: status, DialCallSid: LEG, ...extra }, '?call=7'));
    expect(dial('completed', { DialCallDuration: '125' })).toMatchObject({
      event: { type: 'over', callId: 7, seconds: 125, answered: true },
    });
    expect(dial('busy')).toMatchObject({ event: { type: 'over', seconds: 0, answered: false } });
    expect(line.read(callback('ended', { CallStatus: 'completed' }))).toEqual({
      ok: true,
      event: { type: 'ended', callSid: CALL },
    });
    // The caller's call still going (a number subscribed to more events): not its end.
    expect(line.read(callback('ended', { CallStatus: 'in-progress' }))).toEqual({
      ok: true,
      event: { type: 'progress', callSid: CALL },
    });
  });

  it('does not admit an extension without the token the voice step gave this call', () => {
    expect(line.read(callback('extension', { Digits: '4711' }, '?attempt=1'))).toMatchObject({
      event: { admitted: false },
    });
    const other = `?attempt=1&entry=${extensionToken(TOKEN, `CA${'e'.repeat(32)}`)}`;
    expect(line.read(callback('extension', { Digits: '4711' }, other))).toMatchObject({ event: { admitted: false } });
  });

  it('refuses missing and forged signatures, another account, and unreadable callbacks', () => {
    const c = callback('voice', {});
    expect(line.read({ ...c, headers: {} })).toEqual({ ok: false, reason: 'missing_signature' });
    expect(line.read(callback('voice', {}, '', 'another-token'))).toEqual({ ok: false, reason: 'bad_signature' });
    // The signature covers the address: a signed answer cannot be moved to another call id.
    const moved = { ...callback('status', { ParentCallSid: CALL, CallStatus: 'completed' }, '?call=7') };
    expect(line.read({ ...moved, url: moved.url.replace('call=7', 'call=8') })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(line.read(callback('voice', { AccountSid: `AC${'2'.repeat(32)}` }))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(line.read(callback('voice', { CallSid: 'nonsense' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(line.read(callback('dial', { DialCallStatus: 'completed' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(line.read(callback('dial', {}, '?call=7'))).toEqual({ ok: false, reason: 'malformed' });
    expect(line.read(callback('status', { CallStatus: 'completed' }, '?call=7'))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(line.read(callback('status', { ParentCallSid: CALL, CallStatus: 'exploded' }, '?call=7'))).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('the Twilio phone-chat line: its TwiML', () => {
  it('dials her with our number as caller id, a ring timeout, the time limit and signed callbacks', () => {
    const { contentType, body } = line.dial({ callId: 7, name: 'Luna <3', to: HER, maxMinutes: 60 });
    expect(contentType).toBe('text/xml; charset=utf-8');
    expect(body).toContain('<Dial callerId="+4930123456789" timeout="40" timeLimit="3600"');
    expect(body).toContain(`action="https://cams.example${PHONE_CHAT_CALLBACKS}/dial?call=7"`);
    expect(body).toContain('statusCallbackEvent="initiated ringing answered completed"');
    expect(body).toContain(`statusCallback="https://cams.example${PHONE_CHAT_CALLBACKS}/status?call=7"`);
    expect(body).toContain(`>${HER}</Number>`);
    expect(body).toContain('Luna &lt;3');
    // The caller's number is nowhere in what the line says or dials.
    expect(body).not.toContain(CALLER);
  });

  it('asks for the extension with a token of this call, and says goodbye', () => {
    const { body } = line.askExtension(CALL, 2, true);
    expect(body).toContain('<Gather input="dtmf" numDigits="4"');
    expect(body).toContain(`extension?attempt=2&amp;entry=${extensionToken(TOKEN, CALL)}`);
    expect(body).toContain('Diese Durchwahl gibt es nicht.');
    expect(line.sayAndHangUp('busy', 'Luna').body).toContain('Luna telefoniert gerade.');
    expect(line.reject().body).toContain('<Reject reason="rejected"/>');
  });
});

describe('the Twilio phone-chat line: ending a call over the Calls API', () => {
  let api: FakeProvider;
  beforeAll(async () => {
    api = await fakeProvider({ status: 200, body: { sid: CALL, status: 'completed' } });
  });
  afterAll(() => api.close());

  it('posts Status=completed to the call with the account credentials', async () => {
    const withApi = twilioPhoneChatLine(settings(api.url), { timeoutMs: 1000 });
    expect(await withApi.endCall(CALL)).toBe(true);
    const [request] = api.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Calls/${CALL}.json`);
    expect(request?.body).toBe('Status=completed');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
  });

  it('counts a call Twilio has over already as ended, and an unreachable or failing API as not', async () => {
    const withApi = twilioPhoneChatLine(settings(api.url), { timeoutMs: 300 });
    api.answer({ status: 400, body: { code: 21220, message: 'Call is not in-progress' } });
    expect(await withApi.endCall(CALL)).toBe(true);
    api.answer({ status: 404, body: { code: 20404 } });
    expect(await withApi.endCall(CALL)).toBe(true);
    api.answer({ status: 500, body: {} });
    expect(await withApi.endCall(CALL)).toBe(false);
    api.answer({ status: 200, body: {}, delayMs: 1000 });
    expect(await withApi.endCall(CALL)).toBe(false);
    const before = api.received.length;
    expect(await withApi.endCall('not-a-call')).toBe(false);
    expect(api.received.length).toBe(before);
  });
});
