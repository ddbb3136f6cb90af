/**
 * Text messages to mobile phones. The free-coins feature sends its codes through this interface;
 * the sandbox keeps them in an outbox for local development, a gateway adapter delivers them.
 */
export type SmsMessage = {
  /** E.164, e.g. "+4915123456789". */
  to: string;
  text: string;
};

/** The gateway's id of an accepted message. */
export type SmsReceipt = { id: string };

export interface SmsProvider {
  readonly name: string;
  /** Hands the message to the gateway; throws SmsDeliveryError when it refuses it. */
  send(message: SmsMessage): Promise<SmsReceipt>;
}

/** The gateway refused the message (unreachable number, blocked destination, outage). */
export class SmsDeliveryError extends Error {
  constructor(readonly reason: string) {
    super(`sms delivery refused: ${reason}`);
  }
}

/** The last digits of a number, for logs and hints: never the whole number. */
export const maskNumber = (e164: string) => `…${e164.slice(-3)}`;
