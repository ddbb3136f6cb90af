import { createHmac } from 'node:crypto';
import { translate } from '#common/i18n/translate.ts';
import type { VoiceEntry } from '#server/config.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import {
  type FormParams,
  parseForm,
  single,
  TWILIO_SIGNATURE_HEADER,
  verifyTwilioSignature,
} from '#server/providers/twilio-signature.ts';
import {
  type AppliedEvent,
  type PhoneCallback,
  type PhoneEvent,
  type PhoneProvider,
  PIN_ENTRIES_PER_CALL,
  type ProviderAnswer,
  type VerifyResult,
} from './types.ts';

/**
 * The voice line on Twilio Programmable Voice. The premium-rate number (PHONE_SERVICE_NUMBER) is
 * routed by its carrier to a Twilio number whose voice webhook is `<public>/api/voicecall/callback/twilio/voice`
 * and whose status callback is `…/status`. Every webhook is a form post signed with `X-Twilio-Signature`;
 * our answers are TwiML that drive the call:
 *  - voice: a call that came through the premium-rate carrier (`entry`: the SIP domain the carrier
 *    sends its calls to, or the 0900 number as ForwardedFrom) gets a `<Gather>` of six digits,
 *    posted to `…/pin` with a token of its CallSid; any other call (someone dialling the Twilio
 *    number directly, who pays no premium rate) is answered `<Reject>`;
 *  - pin: only with the token the voice step gave this call (else `<Reject>`), the call whose
 *    awaited PIN it is connects; then `<Pause length="60">` and a `<Redirect>`
 *    to `…/minute?call=<id>&minute=1`: each redirect arrives after a completed minute and bills it,
 *    and the URL (minute number included) is covered by the signature;
 *  - minute n: billed, then the next pause, or `<Hangup>` at the call's maximum;
 *  - status (completed, busy, failed, no-answer, canceled): the end of the call.
 * Twilio's webhooks carry no time; the event ids (CallSid and step) make every replay a no-op.
 */
export const TWILIO_PHONE = 'twilio';
export const CALLBACK_BASE = '/api/voicecall/callback/twilio';
const FINAL_STATES = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);
const CALL_SID = /^CA[0-9a-f]{32}$/;

export type TwilioVoiceSettings = {
  accountSid: string;
  authToken: string;
  publicUrl: string;
  serviceNumber: string;
  entry: VoiceEntry;
  callPageLink(callId: number): string;
};

/**
 * The token the voice step puts into a call's PIN address: only a call it admitted can post PINs
 * (the address is covered by Twilio's signature, so it cannot be moved to another CallSid).
 */
export function voiceEntryToken(authToken: string, callSid: string): string {
  const key = createHmac('sha256', authToken).update('voice-line-entry').digest();
  return createHmac('sha256', key).update(callSid).digest('base64url').slice(0, 22);
}

const say = (key: string) => `<Say language="de-DE">${escapeHtml(translate('de', `voicecall.line.${key}`))}</Say>`;
const twiml = (inner: string): ProviderAnswer => ({
  contentType: 'text/xml; charset=utf-8',
  body: `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`,
});

/** A query parameter, or null. */
function queryParam(url: string, name: string): string | null {
  try {
    return new URL(url).searchParams.get(name);
  } catch {
    return null;
  }
}

/** The number in a query parameter, or null. */
function queryNumber(url: string, name: string): number | null {
  const value = queryParam(url, name);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** Whether Twilio reports the call as one the carrier brought: over its SIP domain, or forwarded from the 0900 number. */
function viaCarrier(entry: VoiceEntry, params: FormParams): boolean {
  if (entry.kind === 'sip_domain') return (single(params, 'SipDomain') ?? '').toLowerCase() === entry.value;
  return (single(params, 'ForwardedFrom') ?? '').replace(/[\s-]/g, '') === entry.value;
}

export function twilioVoiceProvider(s: TwilioVoiceSettings): PhoneProvider {
  const at = (step: string, query: Record<string, string | number> = {}) => {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return escapeHtml(`${s.publicUrl}${CALLBACK_BASE}/${step}${q ? `?${q}` : ''}`);
  };
  const gather = (callSid: string, attempt: number) =>
    `<Gather input="dtmf" numDigits="6" timeout="15" action="${at('pin', { attempt, entry: voiceEntryToken(s.authToken, callSid) })}" method="POST">${say('enter_pin')}</Gather>${say('goodbye')}<Hangup/>`;
  const nextMinute = (callId: number, minute: number) =>
    `<Pause length="60"/><Redirect method="POST">${at('minute', { call: callId, minute })}</Redirect>`;

  function read(c: PhoneCallback): VerifyResult {
    const params = parseForm(c.rawBody);
    const header = c.headers[TWILIO_SIGNATURE_HEADER];
    if (header === undefined) return { ok: false, reason: 'missing_signature' };
    if (!verifyTwilioSignature(s.authToken, header, c.url, params)) return { ok: false, reason: 'bad_signature' };
    const callSid = single(params, 'CallSid');
    if (!callSid || !CALL_SID.test(callSid) || single(params, 'AccountSid') !== s.accountSid) {
      return { ok: false, reason: 'malformed' };
    }
    const payload = { step: c.step, CallSid: callSid, CallStatus: single(params, 'CallStatus') };
    const base = { providerCallId: callSid, payload };
    if (c.step === 'voice') {
      return viaCarrier(s.entry, params)
        ? { ok: true, event: null }
        : { ok: true, event: null, refusal: 'not_via_carrier' };
    }
    if (c.step === 'pin') {
      const entry = queryParam(c.url, 'entry') ?? '';
      if (!safeEqual(entry, voiceEntryToken(s.authToken, callSid))) {
        return { ok: true, event: null, refusal: 'not_via_carrier' };
      }
      // A wrong or missing entry is still a connection attempt: no awaited call has that PIN.
      const digits = single(params, 'Digits') ?? '';
      const pin = /^\d{6}$/.test(digits) ? digits : '';
      const caller = single(params, 'From') ?? '';
      const event: PhoneEvent = {
        ...base,
        eventId: `${callSid}:connected`,
        type: 'call.connected',
        callId: null,
        pin,
        caller,
      };
      return { ok: true, event: { ...event, payload: { ...payload, data: { pin } } } };
    }
    if (c.step === 'minute') {
      const callId = queryNumber(c.url, 'call');
      const minute = queryNumber(c.url, 'minute');
      if (callId === null || minute === null || minute > 10_000) return { ok: false, reason: 'malformed' };
      const eventId = `${callSid}:minute:${minute}`;
      return { ok: true, event: { ...base, eventId, type: 'call.minute', callId, minute } };
    }
    if (c.step === 'status') {
      const status = single(params, 'CallStatus') ?? '';
      if (!FINAL_STATES.has(status)) return { ok: true, event: null };
      const event: PhoneEvent = { ...base, eventId: `${callSid}:ended`, type: 'call.ended', callId: null };
      return { ok: true, event: { ...event, reason: 'hangup' } };
    }
    return { ok: false, reason: 'malformed' };
  }

  function answer(c: PhoneCallback, event: PhoneEvent | null, applied: AppliedEvent | null): ProviderAnswer {
    if (applied?.kind === 'refused') {
      // Not the carrier's call: refused unanswered. Too many PINs: the caller hears goodbye.
      if (applied.outcome === 'refused:pin_tries') return twiml(`${say('goodbye')}<Hangup/>`);
      return twiml('<Reject reason="rejected"/>');
    }
    const callSid = single(parseForm(c.rawBody), 'CallSid') ?? '';
    if (c.step === 'voice') return twiml(gather(callSid, 1));
    if (!event || !applied || event.type === 'call.ended') return twiml('');
    const went = applied.kind === 'applied' || (applied.kind === 'replayed' && applied.outcome === 'applied');
    if (event.type === 'call.connected') {
      if (went && applied.callId !== null) return twiml(say('connected') + nextMinute(applied.callId, 1));
      if (applied.outcome === 'ignored:expired') return twiml(`${say('expired')}<Hangup/>`);
      const attempt = queryNumber(c.url, 'attempt') ?? 1;
      if (applied.kind === 'unknown' && attempt < PIN_ENTRIES_PER_CALL) {
        return twiml(say('wrong_pin') + gather(callSid, attempt + 1));
      }
      return twiml(`${say('goodbye')}<Hangup/>`);
    }
    const minute = event.minute ?? 0;
    const billed = went || applied.outcome === 'ignored:minute_billed';
    if (!billed || applied.callId === null) return twiml('<Hangup/>');
    if (applied.maxMinutes !== null && minute >= applied.maxMinutes) return twiml(`${say('max_reached')}<Hangup/>`);
    return twiml(nextMinute(applied.callId, minute + 1));
  }

  return {
    name: TWILIO_PHONE,
    callbackSteps: ['voice', 'pin', 'minute', 'status'],
    callbackContentType: 'application/x-www-form-urlencoded',
    serviceNumber: () => s.serviceNumber,
    callPageLink: (callId) => s.callPageLink(callId),
    verify: read,
    answer,
  };
}
