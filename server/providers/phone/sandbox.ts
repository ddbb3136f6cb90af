import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '#server/http/safe-equal.ts';
import { signWebhook, verifyWebhook } from '#server/providers/webhook-signature.ts';
import type { PhoneEvent, PhoneEventType, PhoneProvider, VerifyResult } from './types.ts';

/**
 * The built-in phone provider ("another company"): a 0900 service line whose call page doubles as
 * a simulator of the caller's telephone (sandbox-pages.ts). Its callbacks are signed like a real
 * provider's: header `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * with a key derived from the sandbox key, accepted within five minutes of `t`.
 */
export const SANDBOX_PHONE = 'sandbox';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const CALLBACK_PATH = '/api/voicecall/callback/sandbox';
/** A German premium-rate service number (0900: paid content and services). */
export const SANDBOX_NUMBER = '0900 5 123456';
const deriveKey = (sandboxKey: string, purpose: string) => createHmac('sha256', sandboxKey).update(purpose).digest();

export const signingKey = (sandboxKey: string) => deriveKey(sandboxKey, 'sandbox-phone:callbacks');

/** The signature header for a body at time `t` (seconds), in the shared webhook scheme. */
export const signatureHeader = (key: Buffer, t: number, rawBody: string) => signWebhook(key, rawBody, t * 1000);

/** The call page's token: the call id and a MAC, so pages of other calls cannot be guessed. */
export function pageToken(sandboxKey: string, callId: number) {
  const mac = createHmac('sha256', deriveKey(sandboxKey, 'sandbox-phone:pages'))
    .update(String(callId))
    .digest('base64url')
    .slice(0, 32);
  return `${callId}.${mac}`;
}

/** The call id of a page token, or null when it was not made by pageToken. */
export function callIdOfToken(sandboxKey: string, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.[\w-]{32}$/.exec(token);
  if (!m?.[1]) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 && safeEqual(token, pageToken(sandboxKey, id)) ? id : null;
}

const eventSchema = z.object({
  id: z.string().regex(/^evt_[\w-]{8,64}$/),
  type: z.enum(['call.connected', 'call.minute', 'call.ended']),
  created: z.number().int(),
  data: z.object({
    reference: z.string().regex(/^[1-9]\d{0,9}$/),
    call: z.string().regex(/^call_[\w-]{8,64}$/),
    pin: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
    minute: z.number().int().min(1).max(10_000).optional(),
    reason: z.enum(['hangup', 'max_duration']).optional(),
  }),
});
export type SandboxEventBody = z.infer<typeof eventSchema>;

/** Builds a callback body as the sandbox line sends it (the simulator and the tests use it). */
export function sandboxEvent(
  type: PhoneEventType,
  data: SandboxEventBody['data'],
  opts: { id?: string; created?: number } = {},
): SandboxEventBody {
  return {
    id: opts.id ?? `evt_${randomBytes(12).toString('hex')}`,
    type,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    data,
  };
}

export const newProviderCallId = () => `call_${randomBytes(12).toString('hex')}`;

export function sandboxPhoneProvider(opts: { sandboxKey: string }): PhoneProvider {
  const key = signingKey(opts.sandboxKey);
  return {
    name: SANDBOX_PHONE,
    callbackSteps: [''],
    callbackContentType: 'application/json',
    serviceNumber: () => SANDBOX_NUMBER,
    callPageLink: (callId) => `/sandbox/phone/${pageToken(opts.sandboxKey, callId)}`,
    verify({ rawBody, headers }, now = new Date()): VerifyResult {
      const check = verifyWebhook(key, headers[SIGNATURE_HEADER], rawBody, now.getTime());
      if (!check.ok) {
        const reason = {
          missing: 'missing_signature',
          malformed: 'bad_signature',
          mismatch: 'bad_signature',
          stale: 'stale',
        } as const;
        return { ok: false, reason: reason[check.reason] };
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const e = parsed.data;
      const event: PhoneEvent = {
        eventId: e.id,
        type: e.type,
        callId: Number(e.data.reference),
        providerCallId: e.data.call,
        ...(e.data.pin !== undefined ? { pin: e.data.pin } : {}),
        ...(e.data.minute !== undefined ? { minute: e.data.minute } : {}),
        ...(e.data.reason !== undefined ? { reason: e.data.reason } : {}),
        payload: e as unknown as Record<string, unknown>,
      };
      const complete =
        (e.type === 'call.connected' && e.data.pin !== undefined) ||
        (e.type === 'call.minute' && e.data.minute !== undefined) ||
        e.type === 'call.ended';
      return complete ? { ok: true, event } : { ok: false, reason: 'malformed' };
    },
  };
}
