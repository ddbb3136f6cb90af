import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { AgeCheckFailure } from '#common/api/avs.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { callProvider, type ProviderCall } from '#server/providers/outbound.ts';
import { isAdultOn, isoDay } from './age.ts';
import type { AgeCheckEvent, AgeCheckProvider, CallbackRefusal } from './types.ts';

/**
 * Veriff (identity verification, hosted flow). A check is a Veriff session: `POST /v1/sessions`
 * with our API key in `X-AUTH-CLIENT`, our reference as `vendorData` and the return address as
 * `callback`; the answer's `verification.url` is the hosted flow. The verdict comes as Veriff's
 * decision webhook: a JSON body with `X-AUTH-CLIENT` (our API key) and `X-HMAC-SIGNATURE`, the
 * lowercase hex HMAC-SHA256 of the exact raw body with the integration's shared secret. We decide
 * the age ourselves from `person.dateOfBirth`; nothing of the document is stored.
 */
export const VERIFF = 'veriff';
export const AUTH_HEADER = 'x-auth-client';
export const HMAC_HEADER = 'x-hmac-signature';
/** Decisions older than this are refused as stale (Veriff retries undelivered webhooks for days). */
export const DECISION_MAX_AGE_MS = 7 * 24 * 3600_000;
const CLOCK_SKEW_MS = 5 * 60_000;

export type VeriffSettings = { apiKey: string; sharedSecret: string; apiUrl: string };

/** The signature of a body as Veriff computes it. */
export const veriffSignature = (sharedSecret: string, rawBody: string) =>
  createHmac('sha256', sharedSecret).update(rawBody, 'utf8').digest('hex');

const sessionAnswer = z.object({
  status: z.literal('success'),
  verification: z.object({ id: z.string().min(1).max(100), url: z.url() }),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullish();

const decisionBody = z.object({
  status: z.string(),
  verification: z.object({
    id: z.string().min(1).max(100),
    attemptId: z.string().max(100).nullish(),
    status: z.enum(['approved', 'declined', 'resubmission_requested', 'review', 'expired', 'abandoned']),
    decisionTime: z.string().max(40).nullish(),
    vendorData: z.string().min(1).max(100),
    person: z.object({ dateOfBirth: day }).partial().nullish(),
    document: z.object({ validUntil: day }).partial().nullish(),
  }),
});
type Decision = z.infer<typeof decisionBody>['verification'];

/**
 * Our verdict on a final decision: a pass needs Veriff's approval and a date of birth 18 or more
 * years ago; without a readable date of birth the age is unknown, which fails.
 */
export function verdictOf(v: Decision, today: Date): AgeCheckFailure | null {
  const born = v.person?.dateOfBirth ?? null;
  if (born && !isAdultOn(born, today)) return 'underage';
  const validUntil = v.document?.validUntil ?? null;
  if (validUntil && validUntil < isoDay(today)) return 'document_expired';
  if (v.status !== 'approved' || !born) return 'document_unreadable';
  return null;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function readDecision(
  s: VeriffSettings,
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string; now?: number },
): { ok: true; event: AgeCheckEvent | null } | { ok: false; reason: CallbackRefusal } {
  const now = input.now ?? Date.now();
  const signature = first(input.headers[HMAC_HEADER]);
  const client = first(input.headers[AUTH_HEADER]);
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return { ok: false, reason: 'signature' };
  if (!safeEqual(signature.toLowerCase(), veriffSignature(s.sharedSecret, input.rawBody))) {
    return { ok: false, reason: 'signature' };
  }
  if (typeof client !== 'string' || !safeEqual(client, s.apiKey)) return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = decisionBody.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const v = parsed.data.verification;
  const decided = v.decisionTime ? Date.parse(v.decisionTime) : Number.NaN;
  if (v.decisionTime && Number.isNaN(decided)) return { ok: false, reason: 'malformed' };
  if (decided > now + CLOCK_SKEW_MS || decided < now - DECISION_MAX_AGE_MS) return { ok: false, reason: 'stale' };
  // Not final: the person is asked to try again in the same session, or Veriff decides by hand.
  if (v.status === 'resubmission_requested' || v.status === 'review') return { ok: true, event: null };
  // A final decision without its time could be any age: the staleness rule above could not judge it.
  if (Number.isNaN(decided)) return { ok: false, reason: 'malformed' };
  const failure = verdictOf(v, new Date(now));
  const event: AgeCheckEvent = {
    eventId: `${v.id}:${v.attemptId ?? v.decisionTime ?? ''}:${v.status}`,
    type: failure ? 'check.failed' : 'check.passed',
    reference: v.vendorData,
    failure,
  };
  return { ok: true, event };
}

export function veriffProvider(s: VeriffSettings, call: ProviderCall): AgeCheckProvider {
  return {
    name: VERIFF,
    async start({ reference, returnUrl }) {
      const body = JSON.stringify({ verification: { callback: returnUrl, vendorData: reference } });
      const answer = await callProvider(call, `${s.apiUrl}/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [AUTH_HEADER]: s.apiKey },
        body,
      });
      const parsed = sessionAnswer.safeParse(answer);
      if (!parsed.success) throw new Error('Veriff answered a session without an address');
      return { link: parsed.data.verification.url };
    },
    verifyCallback: (input) => readDecision(s, input),
  };
}
