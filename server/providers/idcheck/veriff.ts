import { and, eq } from 'drizzle-orm';
import type { IdCheckReason } from '#common/api/onboarding.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { idCheckAttempts } from '#server/db/schema/onboarding.ts';
import { isAdultOn, isoDay } from '#server/providers/avs/age.ts';
import type { ProviderCall } from '#server/providers/outbound.ts';
import {
  decisionEventId,
  fetchVeriffDecision,
  openVeriffSession,
  readVeriffDecision,
  VERIFF,
  type VeriffDecision,
  type VeriffSettings,
} from '#server/providers/veriff.ts';
import type { IdCheckEvent, IdCheckProvider, IdCheckStatus } from './types.ts';

/**
 * Performers' identity checks at Veriff (the API itself: server/providers/veriff.ts), on an
 * integration of their own with document and face (liveness) checks. Veriff's statuses map to
 * ours (decision 059): `approved` passes unless the date of birth or the document's validity says
 * otherwise; `declined` and `resubmission_requested` fail with a reason, and she may start a new
 * session; `expired` and `abandoned` fail as not finished; `review` is pending.
 */

/** Veriff's reason codes (decline 1xx/5xx, resubmission 2xx) in our words; others by their status. */
const REASON_CODES: Record<number, IdCheckReason> = {
  103: 'face_mismatch',
  120: 'face_mismatch',
  509: 'face_mismatch',
  202: 'face_not_visible',
  208: 'face_not_visible',
  207: 'document_expired',
  511: 'document_expired',
  530: 'underage',
  531: 'underage',
  532: 'underage',
  533: 'underage',
};

/** Our state and reason for a decision (pure: the date of birth and validity are judged on `today`). */
export function outcomeOf(
  v: Pick<VeriffDecision, 'status' | 'reasonCode' | 'person' | 'document'>,
  today: Date,
): IdCheckStatus {
  if (v.status === 'review') return { state: 'pending', reason: null };
  const born = v.person?.dateOfBirth ?? null;
  if (born && !isAdultOn(born, today)) return { state: 'failed', reason: 'underage' };
  const validUntil = v.document?.validUntil ?? null;
  const expired = validUntil !== null && validUntil < isoDay(today);
  if (v.status === 'approved')
    return expired ? { state: 'failed', reason: 'document_expired' } : { state: 'passed', reason: null };
  if (v.status === 'expired' || v.status === 'abandoned') return { state: 'failed', reason: 'not_finished' };
  const byCode = v.reasonCode == null ? undefined : REASON_CODES[v.reasonCode];
  if (byCode) return { state: 'failed', reason: byCode };
  if (expired) return { state: 'failed', reason: 'document_expired' };
  // Resubmission is asked for pictures that would not do; a decline names no reason we repeat to her.
  return { state: 'failed', reason: v.status === 'resubmission_requested' ? 'document_unreadable' : 'not_confirmed' };
}

const EVENT_TYPES = { pending: 'check.pending', passed: 'check.passed', failed: 'check.failed' } as const;

export function veriffIdCheckProvider(s: VeriffSettings, call: ProviderCall, db: DbOrTx): IdCheckProvider {
  return {
    name: VERIFF,
    start: ({ reference, returnUrl }) => openVeriffSession(s, call, { reference, returnUrl }),
    async status(reference) {
      const [attempt] = await db
        .select({ session: idCheckAttempts.providerSession })
        .from(idCheckAttempts)
        .where(and(eq(idCheckAttempts.provider, VERIFF), eq(idCheckAttempts.reference, reference)));
      if (!attempt?.session) return null;
      const decision = await fetchVeriffDecision(s, call, attempt.session);
      return decision ? outcomeOf(decision, new Date()) : { state: 'open', reason: null };
    },
    verifyCallback(input) {
      const now = input.now ?? Date.now();
      const read = readVeriffDecision(s, { ...input, now });
      if (!read.ok) return read;
      const v = read.decision;
      // A verdict without its time could be any age: the staleness rule could not judge it.
      const final = v.status === 'approved' || v.status === 'declined' || v.status === 'resubmission_requested';
      if (final && Number.isNaN(v.decidedAt)) return { ok: false, reason: 'malformed' };
      const outcome = outcomeOf(v, new Date(now));
      if (outcome.state === 'open') return { ok: false, reason: 'malformed' };
      const event: IdCheckEvent = {
        eventId: decisionEventId(v),
        type: EVENT_TYPES[outcome.state],
        reference: v.vendorData,
        reason: outcome.reason,
      };
      return { ok: true, event };
    },
  };
}
