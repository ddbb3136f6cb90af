import { z } from 'zod';
import { callProvider, type ProviderCall, ProviderCallError } from '#server/providers/outbound.ts';
import {
  parseForm,
  single,
  TWILIO_SIGNATURE_HEADER,
  verifyTwilioSignature,
} from '#server/providers/twilio-signature.ts';
import type { SmsLog } from './sandbox.ts';
import { maskNumber, SmsDeliveryError, type SmsProvider, type SmsStatusEvent } from './types.ts';

/**
 * Twilio Programmable Messaging. A text goes out as `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * (form parameters To, From or MessagingServiceSid, Body, StatusCallback; HTTP basic auth with the
 * account SID and auth token); Twilio answers 201 with the message's `sid`. Delivery reports come
 * to the StatusCallback address as form posts (MessageSid, MessageStatus, ErrorCode) signed with
 * `X-Twilio-Signature` (twilio-signature.ts).
 */
export const TWILIO_SMS = 'twilio';

export type TwilioSmsSettings = { accountSid: string; authToken: string; apiUrl: string; from: string };

/** Error codes of Twilio's Messages API that concern the number, not the gateway. */
const NUMBER_ERRORS = new Set([21211, 21408, 21610, 21612, 21614]);
const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/;

const created = z.object({ sid: z.string().regex(MESSAGE_SID) });

/** Twilio's message states in ours; states that say nothing new are left out. */
const STATES: Record<string, SmsStatusEvent['status']> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  failed: 'failed',
  undelivered: 'undelivered',
  canceled: 'undelivered',
};

function errorCodeOf(body: unknown): number | null {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

export function twilioSms(s: TwilioSmsSettings, call: ProviderCall, log: SmsLog): SmsProvider {
  const auth = `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`;
  const sender = /^MG[0-9a-f]{32}$/.test(s.from) ? 'MessagingServiceSid' : 'From';
  return {
    name: TWILIO_SMS,
    async send(message, opts = {}) {
      const form = new URLSearchParams({ To: message.to, [sender]: s.from, Body: message.text });
      if (opts.statusCallback) form.set('StatusCallback', opts.statusCallback);
      let answer: unknown;
      try {
        answer = await callProvider(call, `${s.apiUrl}/2010-04-01/Accounts/${s.accountSid}/Messages.json`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
      } catch (err) {
        if (!(err instanceof ProviderCallError)) throw err;
        const code = errorCodeOf(err.body);
        const unreachable = err.status !== null && err.status < 500 && code !== null && NUMBER_ERRORS.has(code);
        log.warn({ to: maskNumber(message.to), failure: err.failure, status: err.status, code }, 'twilio sms refused');
        throw new SmsDeliveryError(unreachable ? 'unreachable' : 'unavailable');
      }
      const parsed = created.safeParse(answer);
      if (!parsed.success) throw new SmsDeliveryError('unavailable');
      log.debug({ to: maskNumber(message.to), id: parsed.data.sid }, 'twilio sms accepted');
      return { id: parsed.data.sid };
    },
    readStatus({ url, rawBody, headers }) {
      const params = parseForm(rawBody);
      if (!verifyTwilioSignature(s.authToken, headers[TWILIO_SIGNATURE_HEADER], url, params)) {
        return { ok: false, reason: 'signature' };
      }
      const messageId = single(params, 'MessageSid');
      const reported = single(params, 'MessageStatus');
      if (!messageId || !MESSAGE_SID.test(messageId) || !reported) return { ok: false, reason: 'malformed' };
      if (single(params, 'AccountSid') !== s.accountSid) return { ok: false, reason: 'malformed' };
      const status = STATES[reported];
      if (!status) return { ok: true, event: null };
      const errorCode = single(params, 'ErrorCode');
      return {
        ok: true,
        event: { eventId: `${messageId}:${reported}`, messageId, status, errorCode: errorCode || null },
      };
    },
  };
}
