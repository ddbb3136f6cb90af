import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '#server/http/safe-equal.ts';
import { callProvider, type ProviderCall } from '#server/providers/outbound.ts';

/**
 * Veriff's API (identity verification, hosted flow), shared by the members' age check and the
 * performers' ID check; each uses an integration of its own (its own API key, shared secret and
 * decision webhook address). A check is a Veriff session: `POST /v1/sessions` with the API key in
 * `X-AUTH-CLIENT`, our reference as `vendorData` and the return address as `callback`; the
 * answer's `verification.url` is the hosted flow. The verdict comes as the decision webhook: a
 * JSON body with `X-AUTH-CLIENT` (the API key) and `X-HMAC-SIGNATURE`, the lowercase hex
 * HMAC-SHA256 of the exact raw body with the integration's shared secret.
 */
export const VERIFF = 'veriff';
export const AUTH_HEADER = 'x-auth-client';
export const HMAC_HEADER = 'x-hmac-signature';
/** Decisions older than this are refused as stale (Veriff retries undelivered webhooks for days). */
export const DECISION_MAX_AGE_MS = 7 * 24 * 3600_000;
const CLOCK_SKEW_MS = 5 * 60_000;

export type VeriffSettings = { apiKey: string; sharedSecret: string; apiUrl: string };

/** The signature of a body (or, for a GET, of the session id) as Veriff computes it. */
export const veriffSignature = (sharedSecret: string, payload: string) =>
  createHmac('sha256', sharedSecret).update(payload, 'utf8').digest('hex');

const sessionAnswer = z.object({
  status: z.literal('success'),
  verification: z.object({ id: z.string().min(1).max(100), url: z.url() }),
});

/** Opens a session under our reference: its id at Veriff and the hosted flow's address. */
export async function openVeriffSession(
  s: VeriffSettings,
  call: ProviderCall,
  input: { reference: string; returnUrl: string },
): Promise<{ session: string; link: string }> {
  const body = JSON.stringify({ verification: { callback: input.returnUrl, vendorData: input.reference } });
  const answer = await callProvider(call, `${s.apiUrl}/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [AUTH_HEADER]: s.apiKey },
    body,
  });
  const parsed = sessionAnswer.safeParse(answer);
  if (!parsed.success) throw new Error('Veriff answered a session without an address');
  return { session: parsed.data.verification.id, link: parsed.data.verification.url };
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullish();

export const VERIFF_STATUSES = [
  'approved',
  'declined',
  'resubmission_requested',
  'review',
  'expired',
  'abandoned',
] as const;

/** The part of a decision both checks read; nothing else of the person or document is kept. */
export const veriffVerification = z.object({
  id: z.string().min(1).max(100),
  attemptId: z.string().max(100).nullish(),
  status: z.enum(VERIFF_STATUSES),
  decisionTime: z.string().max(40).nullish(),
  vendorData: z.string().min(1).max(100),
  /** Why a session was declined or resubmission was asked (Veriff sends a number or its digits). */
  reasonCode: z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,6}$/)
        .transform(Number),
    ])
    .nullish(),
  person: z.object({ dateOfBirth: day }).partial().nullish(),
  document: z.object({ validUntil: day }).partial().nullish(),
});
export type VeriffDecision = z.infer<typeof veriffVerification> & {
  /** The decision's time in milliseconds, NaN when it has none. */
  decidedAt: number;
};

const decisionBody = z.object({ status: z.string(), verification: veriffVerification });

export type DecisionRefusal = 'signature' | 'stale' | 'malformed';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Verifies a decision webhook over its raw body (signature first, then our API key, then the
 * form), and refuses a decision from the future or older than a week. The caller maps the status.
 */
export function readVeriffDecision(
  s: VeriffSettings,
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string; now?: number },
): { ok: true; decision: VeriffDecision } | { ok: false; reason: DecisionRefusal } {
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
  const decidedAt = v.decisionTime ? Date.parse(v.decisionTime) : Number.NaN;
  if (v.decisionTime && Number.isNaN(decidedAt)) return { ok: false, reason: 'malformed' };
  if (decidedAt > now + CLOCK_SKEW_MS || decidedAt < now - DECISION_MAX_AGE_MS) return { ok: false, reason: 'stale' };
  return { ok: true, decision: { ...v, decidedAt } };
}

/** One id per decision of one attempt: a redelivery carries the same, a new attempt's decision another. */
export const decisionEventId = (v: VeriffDecision) => `${v.id}:${v.attemptId ?? v.decisionTime ?? ''}:${v.status}`;

const decisionAnswer = z.object({
  status: z.literal('success'),
  verification: veriffVerification
    .omit({ vendorData: true })
    .partial()
    .extend({ status: z.enum(VERIFF_STATUSES) })
    .nullable(),
});

/**
 * Veriff's decision of a session now (`GET /v1/sessions/<id>/decision`, signed over the session
 * id): null while it has none.
 */
export async function fetchVeriffDecision(s: VeriffSettings, call: ProviderCall, session: string) {
  const answer = await callProvider(call, `${s.apiUrl}/v1/sessions/${encodeURIComponent(session)}/decision`, {
    method: 'GET',
    headers: { [AUTH_HEADER]: s.apiKey, [HMAC_HEADER]: veriffSignature(s.sharedSecret, session) },
  });
  const parsed = decisionAnswer.safeParse(answer);
  if (!parsed.success) throw new Error('Veriff answered a decision of another form');
  return parsed.data.verification;
}
