import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AGE_CHECK_FAILURES, type AgeCheckFailure } from '#common/api/avs.ts';
import type { Locale } from '#common/constants.ts';
import type { Config } from '#server/config.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { signWebhook, verifyWebhook } from '#server/providers/webhook-signature.ts';
import { isAdultOn, isoDay } from './age.ts';
import type { AgeCheckEvent, AgeCheckProvider, CallbackRefusal } from './types.ts';

/**
 * The built-in ID-check company. It hosts its own page (`/sandbox/avs/:token`, sandbox-pages.ts)
 * where a person enters a document; it then reports the verdict to our callback with an
 * HMAC-SHA256 signature over "<t>.<raw body>" (header `x-avs-signature: t=<unix s>,v1=<hex>`),
 * which we accept within five minutes. Its page token is signed too, so nobody can point it at
 * another check or another return address. It keeps no state but the verdicts it still owes
 * (the sandboxes' outbox): all else it needs travels signed.
 */

export const SANDBOX_AVS = 'sandbox';
export const SIGNATURE_HEADER = 'x-avs-signature';
/** How long the hosted page accepts a submission. */
const TOKEN_TTL_SECONDS = 3600;

export const SANDBOX_DOCUMENTS = ['id_card', 'passport', 'driving_licence'] as const;

/** The shared secrets: the callback key both sides know, and the page key only the sandbox uses. */
export function sandboxAvsKeys(config: Config) {
  const derive = (purpose: string) =>
    createHmac('sha256', config.payments.sandboxKey).update(`sandbox-avs:${purpose}`).digest('base64url');
  return { callbackKey: derive('callback'), pageKey: derive('page') };
}

/** The signature header for a body sent at `t` (unix seconds), in the shared webhook scheme. */
export const signCallback = (key: string, rawBody: string, t: number) => signWebhook(key, rawBody, t * 1000);

/** Checks a signature header: the right key over this exact body, inside the window. */
export function checkSignature(
  key: string,
  header: string | undefined,
  rawBody: string,
  now = Date.now(),
): CallbackRefusal | null {
  const check = verifyWebhook(key, header, rawBody, now);
  if (check.ok) return null;
  return check.reason === 'stale' ? 'stale' : 'signature';
}

/** What the sandbox's page token carries: our reference, where to go back, the page language. */
export type SandboxTicket = { reference: string; returnUrl: string; locale: Locale; expires: number };

const ticketSchema = z.object({
  r: z.string().min(1).max(100),
  u: z.string().min(1).max(2000),
  l: z.enum(['en', 'de']),
  e: z.number().int(),
});

export function issueTicket(pageKey: string, ticket: Omit<SandboxTicket, 'expires'>, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + TOKEN_TTL_SECONDS;
  const payload = Buffer.from(
    JSON.stringify({ r: ticket.reference, u: ticket.returnUrl, l: ticket.locale, e: expires }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', pageKey).update(payload).digest('base64url')}`;
}

/** The ticket of a page token, or null when it is forged, damaged or expired. */
export function readTicket(pageKey: string, token: string, now = Date.now()): SandboxTicket | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  if (!safeEqual(mac, createHmac('sha256', pageKey).update(payload).digest('base64url'))) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ticketSchema.safeParse(json);
  if (!parsed.success || parsed.data.e < now / 1000) return null;
  const { r, u, l, e } = parsed.data;
  return { reference: r, returnUrl: u, locale: l, expires: e };
}

/**
 * The sandbox's verdict on what was entered: a document number starting with FAIL cannot be
 * read (FAIL…NAME…: the name does not match the account), an expiry date before today is an
 * expired document, a person under 18 is under age; anything else passes.
 */
export function sandboxVerdict(
  input: { birthDate: string; documentNumber: string; expiryDate: string },
  today: Date,
): AgeCheckFailure | null {
  const number = input.documentNumber.toUpperCase();
  if (number.startsWith('FAIL')) return number.includes('NAME') ? 'name_mismatch' : 'document_unreadable';
  const day = isoDay(today);
  if (input.expiryDate < day) return 'document_expired';
  if (!isAdultOn(input.birthDate, today)) return 'underage';
  return null;
}

const eventBody = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['check.passed', 'check.failed']),
  reference: z.string().min(1).max(100),
  reason: z.enum(AGE_CHECK_FAILURES).nullable(),
  created: z.number().int(),
});

/** The callback body the sandbox sends for a verdict. */
export function callbackBody(reference: string, failure: AgeCheckFailure | null, now = Date.now()): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: failure ? 'check.failed' : 'check.passed',
    reference,
    reason: failure,
    created: Math.floor(now / 1000),
  });
}

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function sandboxAgeCheckProvider(config: Config): AgeCheckProvider {
  const { callbackKey, pageKey } = sandboxAvsKeys(config);
  return {
    name: SANDBOX_AVS,
    async start({ reference, returnUrl, locale }) {
      return { link: `${config.publicUrl}/sandbox/avs/${issueTicket(pageKey, { reference, returnUrl, locale })}` };
    },
    verifyCallback({ headers, rawBody, now = Date.now() }) {
      const refused = checkSignature(callbackKey, headerValue(headers[SIGNATURE_HEADER]), rawBody, now);
      if (refused) return { ok: false, reason: refused };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = eventBody.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const b = parsed.data;
      // A pass carries no reason; a failure must name one.
      if ((b.type === 'check.passed') !== (b.reason === null)) return { ok: false, reason: 'malformed' };
      const event: AgeCheckEvent = { eventId: b.id, type: b.type, reference: b.reference, failure: b.reason };
      return { ok: true, event };
    },
  };
}
