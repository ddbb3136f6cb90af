import type { AgeCheckFailure } from '#common/api/avs.ts';
import type { ProviderCall } from '#server/providers/outbound.ts';
import {
  decisionEventId,
  openVeriffSession,
  readVeriffDecision,
  VERIFF,
  type VeriffDecision,
  type VeriffSettings,
} from '#server/providers/veriff.ts';
import { isAdultOn, isoDay } from './age.ts';
import type { AgeCheckEvent, AgeCheckProvider, CallbackRefusal } from './types.ts';

/*
 * The members' age check at Veriff (the API itself: server/providers/veriff.ts). We decide the
 * age ourselves from `person.dateOfBirth`; nothing of the document is stored.
 */

/**
 * Our verdict on a final decision: a pass needs Veriff's approval and a date of birth 18 or more
 * years ago; without a readable date of birth the age is unknown, which fails.
 */
export function verdictOf(v: VeriffDecision, today: Date): AgeCheckFailure | null {
  const born = v.person?.dateOfBirth ?? null;
  if (born && !isAdultOn(born, today)) return 'underage';
  const validUntil = v.document?.validUntil ?? null;
  if (validUntil && validUntil < isoDay(today)) return 'document_expired';
  if (v.status !== 'approved' || !born) return 'document_unreadable';
  return null;
}

export function readDecision(
  s: VeriffSettings,
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string; now?: number },
): { ok: true; event: AgeCheckEvent | null } | { ok: false; reason: CallbackRefusal } {
  const now = input.now ?? Date.now();
  const read = readVeriffDecision(s, { ...input, now });
  if (!read.ok) return read;
  const v = read.decision;
  // Not final: the person is asked to try again in the same session, or Veriff decides by hand.
  if (v.status === 'resubmission_requested' || v.status === 'review') return { ok: true, event: null };
  // A final decision without its time could be any age: the staleness rule could not judge it.
  if (Number.isNaN(v.decidedAt)) return { ok: false, reason: 'malformed' };
  const failure = verdictOf(v, new Date(now));
  const event: AgeCheckEvent = {
    eventId: decisionEventId(v),
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
      const { link } = await openVeriffSession(s, call, { reference, returnUrl });
      return { link };
    },
    verifyCallback: (input) => readDecision(s, input),
  };
}
