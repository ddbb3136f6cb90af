import type { Inject, OutboxPolicy } from '#server/providers/sandbox-outbox.ts';
import { SANDBOX_POSTBACK_PATH, type SandboxPostback, signSandboxPostback } from './sandbox.ts';

/**
 * How the sandbox PSP delivers its postbacks (through the sandboxes' outbox, channel `psp`): signed
 * afresh at every attempt, retried after a pause that doubles up to a ceiling, given up a day after
 * the payment, as a real PSP's webhook schedule runs.
 */

/** The pause after the first failed attempt; it doubles with every further one. */
export const OUTBOX_FIRST_RETRY_MS = 2_000;
export const OUTBOX_MAX_RETRY_MS = 10 * 60_000;
/** A postback not delivered within this time of being written is given up. */
export const OUTBOX_GIVE_UP_MS = 24 * 3600_000;

/** The pause before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_RETRY_MS);

/** The PSP's delivery, posting signed postbacks with `inject` into the shop's postback route. */
export function pspDelivery(key: string, inject: Inject): OutboxPolicy {
  return {
    channel: 'psp',
    send: async (body) => {
      const { headers } = signSandboxPostback(key, JSON.parse(body) as SandboxPostback);
      return (await inject({ method: 'POST', url: SANDBOX_POSTBACK_PATH, headers, payload: body })).statusCode;
    },
    retryAfter: (attempts, ageMs) => (ageMs >= OUTBOX_GIVE_UP_MS ? null : retryDelayMs(attempts)),
    messages: { retry: 'sandbox postback not accepted, will retry', givenUp: 'sandbox postback undelivered: given up' },
  };
}
