/**
 * Text messages to mobile phones. The free-coins feature sends its codes through this interface;
 * the sandbox keeps them in an outbox for local development, a gateway adapter delivers them and
 * may report each message's delivery later by a signed status callback.
 */
export type SmsMessage = {
  /** E.164, e.g. "+4915123456789". */
  to: string;
  text: string;
};

/** The gateway's id of an accepted message. */
export type SmsReceipt = { id: string };

/** A verified delivery report, in our words. */
export type SmsStatusEvent = {
  /** The same report delivered twice carries the same id. */
  eventId: string;
  /** The gateway's id of the message (SmsReceipt.id). */
  messageId: string;
  status: 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered';
  /** The gateway's error code of a failed delivery. */
  errorCode: string | null;
};

/** The parts of a status callback its check needs: the URL as the gateway called it, and the raw body. */
export type SmsCallbackRequest = {
  url: string;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
};

export type SmsStatusVerdict =
  | { ok: true; event: SmsStatusEvent | null }
  | { ok: false; reason: 'signature' | 'malformed' };

export interface SmsProvider {
  readonly name: string;
  /**
   * Hands the message to the gateway; throws SmsDeliveryError when it refuses it. `statusCallback`
   * is where a gateway that reports delivery sends its reports.
   */
  send(message: SmsMessage, opts?: { statusCallback?: string }): Promise<SmsReceipt>;
  /** Checks and reads a delivery report (gateways that send them). */
  readStatus?(request: SmsCallbackRequest): SmsStatusVerdict;
}

/**
 * The gateway refused the message: `unreachable` for the number (invalid, not a mobile, barred),
 * `unavailable` when the gateway could not be asked (outage, timeout, our account refused).
 */
export class SmsDeliveryError extends Error {
  constructor(readonly reason: 'unreachable' | 'unavailable') {
    super(`sms delivery refused: ${reason}`);
  }
}

/** The last digits of a number, for logs and hints: never the whole number. */
export const maskNumber = (e164: string) => `…${e164.slice(-3)}`;
