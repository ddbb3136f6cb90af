/**
 * A premium-rate phone payment provider (a 0900 service line). The member dials the provider's
 * number and types the PIN we issued; the provider reports the connection, every billed minute and
 * the hang-up to us as signed server-to-server callbacks. We credit coins per billed minute.
 */
export type PhoneEventType = 'call.connected' | 'call.minute' | 'call.ended';

/** A verified callback, in our words. */
export type PhoneEvent = {
  /** The provider's event id: a replay carries the same one. */
  eventId: string;
  type: PhoneEventType;
  /** Our call id, which we registered with the provider as the call's reference. */
  callId: number;
  /** The provider's own id of the telephone call. */
  providerCallId: string;
  /** call.connected: the PIN the caller typed. */
  pin?: string;
  /** call.minute: which minute of the call was billed (1, 2, ...). */
  minute?: number;
  /** call.ended: why (the caller hung up, or the line's maximum duration was reached). */
  reason?: 'hangup' | 'max_duration';
  /** The event as received, for the audit record. */
  payload: Record<string, unknown>;
};

/** Why a callback was refused before anything was looked up. */
export type RejectReason = 'missing_signature' | 'bad_signature' | 'stale' | 'malformed';

export type VerifyResult = { ok: true; event: PhoneEvent } | { ok: false; reason: RejectReason };

export type PhoneProvider = {
  /** Stored with every call and event: callbacks are checked against it. */
  readonly name: string;
  /** The service number a member dials, formatted for display. */
  serviceNumber(): string;
  /** The provider's page for a call: number, PIN and the price announcement. */
  callPageLink(callId: number): string;
  /** Checks a callback's signature over the raw body and reads the event out of it. */
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>, now?: Date): VerifyResult;
};
