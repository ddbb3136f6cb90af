import type { AgeCheckFailure } from '#common/api/avs.ts';
import type { Locale } from '#common/constants.ts';

/** A provider's verdict on one check, read from its verified callback. */
export type AgeCheckEvent = {
  /** The provider's event id: a replayed callback carries the same one. */
  eventId: string;
  type: 'check.passed' | 'check.failed';
  /** Our reference for the check, which the provider echoes. */
  reference: string;
  failure: AgeCheckFailure | null;
};

/** Why a callback was refused; nothing is changed for any of them. */
export type CallbackRefusal = 'signature' | 'stale' | 'malformed';

/**
 * An age-verification (ID-check) company: it hosts the check, then reports the outcome to
 * `/api/avs/callback/<name>` with a signed request. Document data stays with the provider; we
 * learn only passed or failed and why.
 */
export type AgeCheckProvider = {
  readonly name: string;
  /**
   * Opens a check under our reference; answers the hosted page the browser goes to. The
   * provider sends the browser back to `returnUrl` when the person is done.
   */
  start(input: { reference: string; returnUrl: string; locale: Locale }): Promise<{ link: string }>;
  /**
   * Verifies a callback over its raw body: the event, or why it is refused. A verified callback
   * that decides nothing yet (the provider asks the person to try again, or reviews by hand)
   * has no event: it is acknowledged and changes nothing.
   */
  verifyCallback(input: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
    now?: number;
  }): { ok: true; event: AgeCheckEvent | null } | { ok: false; reason: CallbackRefusal };
};
