/**
 * A premium-rate phone payment provider (a 0900 service line). The member dials the line's number
 * and types the PIN we issued; the provider reports the connection, every billed minute and the
 * hang-up to us as signed server-to-server callbacks. We credit coins per billed minute.
 */
export type PhoneEventType = 'call.connected' | 'call.minute' | 'call.ended';

/**
 * A line that finds the call by the PIN the caller types (Twilio) asks for it at most this often in
 * one call, again after a wrong one; the voice call's policy admits as many entries per call.
 */
export const PIN_ENTRIES_PER_CALL = 3;

/** A verified callback, in our words. */
export type PhoneEvent = {
  /** The provider's event id: a replay carries the same one. */
  eventId: string;
  type: PhoneEventType;
  /**
   * Our call id, when the provider echoes it as the call's reference; null when the call is found
   * by the PIN the caller typed (call.connected) or by the provider's own call id.
   */
  callId: number | null;
  /** The provider's own id of the telephone call. */
  providerCallId: string;
  /** call.connected: the PIN the caller typed. */
  pin?: string;
  /**
   * call.connected found by the PIN: the calling party as the provider reports it ('' when it
   * withholds it), which wrong PINs are counted by. Never stored or logged.
   */
  caller?: string;
  /** call.minute: which minute of the call was billed (1, 2, ...). */
  minute?: number;
  /** call.ended: why (the caller hung up, or the line's maximum duration was reached). */
  reason?: 'hangup' | 'max_duration';
  /** The event as received, for the audit record. */
  payload: Record<string, unknown>;
};

/** Why a callback was refused before anything was looked up. */
export type RejectReason = 'missing_signature' | 'bad_signature' | 'stale' | 'malformed';

/**
 * Why the line turns a verified call away before anything is looked up or applied: it did not
 * come through the premium-rate carrier, or the caller or the call has typed too many PINs.
 */
export type LineRefusal = 'not_via_carrier' | 'pin_tries';

/**
 * A verified callback: its event, or none when the step changes nothing of ours (a line asking
 * the caller for the PIN, a report of a state we do not act on); `refusal` when the line turns
 * the call away (answered in the provider's terms, nothing applied).
 */
export type VerifyResult =
  | { ok: true; event: PhoneEvent | null; refusal?: LineRefusal }
  | { ok: false; reason: RejectReason };

/** A callback as received: the URL the provider called (public address and query), its step, the raw body. */
export type PhoneCallback = {
  url: string;
  /** The path below /api/voicecall/callback/<provider> ('' or one of `callbackSteps`). */
  step: string;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
};

/** What we did with a verified event, for the provider's answer (`refused`: the line turned it away). */
export type AppliedEvent = {
  kind: 'applied' | 'ignored' | 'replayed' | 'unknown' | 'refused';
  outcome: string;
  callId: number | null;
  maxMinutes: number | null;
};

/** An answer in the provider's terms (a line that is driven by our answers, like an IVR). */
export type ProviderAnswer = { contentType: string; body: string };

export type PhoneProvider = {
  /** Stored with every call and event: callbacks are checked against it. */
  readonly name: string;
  /** The paths below /api/voicecall/callback/<name> the provider calls ('' is the base path). */
  readonly callbackSteps: readonly string[];
  /** The media type of its callbacks' bodies. */
  readonly callbackContentType: 'application/json' | 'application/x-www-form-urlencoded';
  /** The service number a member dials, formatted for display. */
  serviceNumber(): string;
  /** The page for a call in the payment window: number, PIN and the price announcement. */
  callPageLink(callId: number): string;
  /** Checks a callback's signature and reads the event out of it. */
  verify(callback: PhoneCallback, now?: Date): VerifyResult;
  /**
   * The provider's own answer to a verified callback, or null for our plain JSON answer (and 404
   * for an event of no call of ours).
   */
  answer?(callback: PhoneCallback, event: PhoneEvent | null, applied: AppliedEvent | null): ProviderAnswer;
};
