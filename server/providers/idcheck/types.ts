import type { IdCheckReason } from '#common/api/onboarding.ts';
import type { Locale } from '#common/constants.ts';

/** One verified report of an ID provider about a check: still pending (a person reviews), or its result. */
export type IdCheckEvent = {
  /** The provider's event id: a replayed callback carries the same one. */
  eventId: string;
  type: 'check.pending' | 'check.passed' | 'check.failed';
  /** Our reference for the check, which the provider echoes. */
  reference: string;
  reason: IdCheckReason | null;
};

export type IdCheckRefusal = 'signature' | 'stale' | 'malformed';

/** What the provider's status API says about a check now. */
export type IdCheckStatus = { state: 'open' | 'pending' | 'passed' | 'failed'; reason: IdCheckReason | null };

/**
 * An identity-verification company for performers: it hosts the check (document and face), then
 * reports to `/api/idcheck/callback/<name>` with a signed request, and answers a status API.
 * Its result alone never approves anybody: it is what a moderator decides on.
 */
export type IdCheckProvider = {
  readonly name: string;
  /**
   * Opens a check under our reference; answers the hosted page the browser goes to (then back to
   * `returnUrl`), and the provider's own id of the session when it has one.
   */
  start(input: { reference: string; returnUrl: string; locale: Locale }): Promise<{ link: string; session?: string }>;
  /** The check's state at the provider, or null when it knows no such check. */
  status(reference: string): Promise<IdCheckStatus | null>;
  /** Verifies a callback over its raw body: the event, or why it is refused. */
  verifyCallback(input: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
    now?: number;
  }): { ok: true; event: IdCheckEvent } | { ok: false; reason: IdCheckRefusal };
};
