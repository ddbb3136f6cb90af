import { createHmac } from 'node:crypto';
import type { VoiceEntry } from '#server/config.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { callProvider, type ProviderCall, ProviderCallError } from '#server/providers/outbound.ts';
import {
  type FormParams,
  parseForm,
  single,
  TWILIO_SIGNATURE_HEADER,
  verifyTwilioSignature,
} from '#server/providers/twilio-signature.ts';
import { type Announcement, announcement, LINE_LANGUAGE } from './announcements.ts';

/**
 * The phone-chat line on Twilio Programmable Voice (decision 060). The carrier's 0900 number is
 * routed to a Twilio number (or SIP domain) whose voice webhook is `…/voice` and whose call status
 * callback is `…/ended`, below PHONE_CHAT_CALLBACKS. Every webhook is a form post signed with
 * `X-Twilio-Signature`; our answers are TwiML:
 *  - voice: a call the carrier brought gets a `<Gather>` of four digits posted to `…/extension`
 *    with a token of its CallSid; any other call (someone dialling the Twilio number directly, who
 *    pays no premium rate) is `<Reject>`ed;
 *  - extension: the caller's extension; the line announces unknown, off and busy, or `<Dial>`s her
 *    telephone with our number as `callerId` (neither side hears the other's number), a ring
 *    timeout shorter than the sweep's and `timeLimit` at the maximum talk time; her leg's
 *    `answered` and `completed` go to `…/status?call=<id>`, the dial's end to `…/dial?call=<id>`;
 *  - ended: the caller's call is over (the backstop when neither of the above arrived).
 * Our call id travels in addresses Twilio signs, so it cannot be moved to another call.
 */
export const TWILIO_PHONE_CHAT = 'twilio';
export const PHONE_CHAT_CALLBACKS = '/api/phonechat/callback/twilio';
export const PHONE_CHAT_STEPS = ['voice', 'extension', 'status', 'dial', 'ended'] as const;
export type PhoneChatStep = (typeof PHONE_CHAT_STEPS)[number];
/** Her telephone rings this long before the dial gives up: less than the sweep's 45 s. */
export const DIAL_TIMEOUT_SECONDS = 40;
/** Wrong extensions a caller may key in before the line says goodbye. */
export const EXTENSION_TRIES = 3;
const CALL_SID = /^CA[0-9a-f]{32}$/;
const MISSED = new Set(['busy', 'no-answer', 'failed', 'canceled']);
const FINAL = new Set(['completed', ...MISSED]);

export type TwilioPhoneChatSettings = {
  accountSid: string;
  authToken: string;
  apiUrl: string;
  publicUrl: string;
  entry: VoiceEntry;
  /** Our Twilio number, E.164: the caller id her phone shows. */
  callerId: string;
};

/** A callback as received: the address Twilio called (public, with its query), its step, the raw body. */
export type LineCallback = {
  url: string;
  step: PhoneChatStep;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
};

/** A verified callback in our words. `callSid` is the caller's call; `callId` ours where the address carries it. */
export type LineEvent =
  | { type: 'incoming'; callSid: string; viaCarrier: boolean }
  | { type: 'extension'; callSid: string; admitted: boolean; digits: string; attempt: number }
  | { type: 'answered'; callSid: string; callId: number }
  | { type: 'over'; callSid: string; callId: number; seconds: number | null; answered: boolean }
  | { type: 'ringing'; callSid: string; callId: number }
  | { type: 'ended'; callSid: string }
  /** A progress report of the caller's call before its end (when more events are subscribed): nothing to do. */
  | { type: 'progress'; callSid: string };

export type LineRead =
  | { ok: true; event: LineEvent }
  | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'malformed' };

/** An answer in Twilio's terms. */
export type TwiML = { contentType: string; body: string };

/** The token the voice step puts into a call's extension address: only a call it admitted may dial. */
export function extensionToken(authToken: string, callSid: string): string {
  const key = createHmac('sha256', authToken).update('phone-chat-line-entry').digest();
  return createHmac('sha256', key).update(callSid).digest('base64url').slice(0, 22);
}

const queryOf = (url: string) => {
  try {
    return new URL(url).searchParams;
  } catch {
    return new URLSearchParams();
  }
};
const positive = (value: string | null, max: number) =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= max ? Number(value) : null;
/** Seconds Twilio reports (CallDuration, DialCallDuration): a whole number, or null when absent or odd. */
const seconds = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : null);

function viaCarrier(entry: VoiceEntry, params: FormParams): boolean {
  if (entry.kind === 'sip_domain') return (single(params, 'SipDomain') ?? '').toLowerCase() === entry.value;
  return (single(params, 'ForwardedFrom') ?? '').replace(/[\s-]/g, '') === entry.value;
}

export function twilioPhoneChatLine(s: TwilioPhoneChatSettings, call: ProviderCall) {
  const at = (step: PhoneChatStep, query: Record<string, string | number> = {}) => {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return escapeHtml(`${s.publicUrl}${PHONE_CHAT_CALLBACKS}/${step}${q ? `?${q}` : ''}`);
  };
  const say = (key: Announcement, name = '') =>
    `<Say language="${LINE_LANGUAGE}">${escapeHtml(announcement(key, { name }))}</Say>`;
  const twiml = (inner: string): TwiML => ({
    contentType: 'text/xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`,
  });
  const gather = (callSid: string, attempt: number, before = '') =>
    twiml(
      `<Gather input="dtmf" numDigits="4" timeout="10" action="${at('extension', { attempt, entry: extensionToken(s.authToken, callSid) })}" method="POST">${before}${say('ask_extension')}</Gather>${say('goodbye')}<Hangup/>`,
    );

  /** Checks a callback's signature and account and reads it; nothing is looked up. */
  function read(c: LineCallback): LineRead {
    const params = parseForm(c.rawBody);
    const header = c.headers[TWILIO_SIGNATURE_HEADER];
    if (header === undefined) return { ok: false, reason: 'missing_signature' };
    if (!verifyTwilioSignature(s.authToken, header, c.url, params)) return { ok: false, reason: 'bad_signature' };
    const callSid = c.step === 'status' ? single(params, 'ParentCallSid') : single(params, 'CallSid');
    if (!callSid || !CALL_SID.test(callSid) || single(params, 'AccountSid') !== s.accountSid) {
      return { ok: false, reason: 'malformed' };
    }
    const query = queryOf(c.url);
    if (c.step === 'voice')
      return { ok: true, event: { type: 'incoming', callSid, viaCarrier: viaCarrier(s.entry, params) } };
    if (c.step === 'extension') {
      const admitted = safeEqual(query.get('entry') ?? '', extensionToken(s.authToken, callSid));
      const attempt = positive(query.get('attempt'), EXTENSION_TRIES) ?? EXTENSION_TRIES;
      const digits = single(params, 'Digits') ?? '';
      return { ok: true, event: { type: 'extension', callSid, admitted, digits, attempt } };
    }
    if (c.step === 'ended') {
      const final = FINAL.has(single(params, 'CallStatus') ?? '');
      return { ok: true, event: { type: final ? 'ended' : 'progress', callSid } };
    }
    const callId = positive(query.get('call'), 2 ** 31 - 1);
    if (callId === null) return { ok: false, reason: 'malformed' };
    if (c.step === 'dial') {
      const status = single(params, 'DialCallStatus') ?? '';
      if (!status) return { ok: false, reason: 'malformed' };
      // completed (or answered): she picked up and the dial is over; anything else: she did not.
      const answered = status === 'completed' || status === 'answered';
      const talked = answered ? seconds(single(params, 'DialCallDuration')) : 0;
      return { ok: true, event: { type: 'over', callSid, callId, seconds: talked, answered } };
    }
    // Her leg's progress (`status`): answered, then completed with its CallDuration, or missed.
    const status = single(params, 'CallStatus') ?? '';
    if (status === 'in-progress') return { ok: true, event: { type: 'answered', callSid, callId } };
    if (status === 'completed') {
      const talked = seconds(single(params, 'CallDuration'));
      return { ok: true, event: { type: 'over', callSid, callId, seconds: talked, answered: true } };
    }
    if (MISSED.has(status)) return { ok: true, event: { type: 'over', callSid, callId, seconds: 0, answered: false } };
    if (status === 'initiated' || status === 'ringing' || status === 'queued') {
      return { ok: true, event: { type: 'ringing', callSid, callId } };
    }
    return { ok: false, reason: 'malformed' };
  }

  return {
    name: TWILIO_PHONE_CHAT,
    read,
    /** A call that did not come through the carrier: refused unanswered. */
    reject: () => twiml('<Reject reason="rejected"/>'),
    /** Asks for the extension (again after a wrong one, which is announced first). */
    askExtension: (callSid: string, attempt: number, wrong = false) =>
      gather(callSid, attempt, wrong ? say('unknown') : ''),
    /** Says something, then goodbye. */
    sayAndHangUp: (key: Announcement, name = '') => twiml(`${say(key, name)}${say('goodbye')}<Hangup/>`),
    /**
     * Puts the caller through to her telephone, with our number as caller id: her phone never
     * shows the caller's number, and the caller only ever dialled ours.
     */
    dial: (d: { callId: number; name: string; to: string; maxMinutes: number }) =>
      twiml(
        `${say('connecting', d.name)}<Dial callerId="${escapeHtml(s.callerId)}" timeout="${DIAL_TIMEOUT_SECONDS}" timeLimit="${d.maxMinutes * 60}" action="${at('dial', { call: d.callId })}" method="POST"><Number statusCallbackEvent="initiated ringing answered completed" statusCallback="${at('status', { call: d.callId })}" statusCallbackMethod="POST">${escapeHtml(d.to)}</Number></Dial>`,
      ),
    /** Nothing more to do on this call. */
    hangUp: () => twiml('<Hangup/>'),
    /** An acknowledgement for a status callback (Twilio reads no TwiML from those). */
    empty: () => twiml(''),
    /**
     * Ends a call at Twilio (the Calls API: `POST …/Calls/{CallSid}.json` with `Status=completed`),
     * for a call our records closed while Twilio may still carry it. True when Twilio ended it or
     * it was over already (400 with error 21220, "invalid call state", or 404 for a call it does
     * not know); false when Twilio could not be reached or refused otherwise.
     */
    async endCall(callSid: string): Promise<boolean> {
      if (!CALL_SID.test(callSid)) return false;
      const auth = `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`;
      try {
        await callProvider(call, `${s.apiUrl}/2010-04-01/Accounts/${s.accountSid}/Calls/${callSid}.json`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ Status: 'completed' }).toString(),
        });
        return true;
      } catch (err) {
        if (!(err instanceof ProviderCallError)) throw err;
        const code = (err.body as { code?: unknown } | null)?.code;
        return err.status === 404 || (err.status === 400 && code === NOT_IN_PROGRESS);
      }
    },
  };
}

/** Twilio's error code for updating a call that is no longer in progress. */
const NOT_IN_PROGRESS = 21220;

export type TwilioPhoneChatLine = ReturnType<typeof twilioPhoneChatLine>;
