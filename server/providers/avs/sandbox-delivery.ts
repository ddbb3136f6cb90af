import { type Inject, type OutboxPolicy, pausesOf } from '#server/providers/sandbox-outbox.ts';
import { SANDBOX_AVS, SIGNATURE_HEADER, signCallback } from './sandbox.ts';

/** The verdict goes out after a moment of "processing". */
export const AVS_PROCESSING_MS = 500;
/** An unanswered verdict is sent again after these pauses, then given up. */
export const AVS_RETRY_MS = [1000, 2000, 4000, 8000, 16000] as const;

/**
 * How the sandbox ID-check company delivers its verdicts (through the sandboxes' outbox, channel
 * `avs`): each attempt signed anew with the same event id, so an attempt that did arrive turns the
 * next into a harmless replay.
 */
export function avsDelivery(callbackKey: string, inject: Inject): OutboxPolicy {
  return {
    channel: 'avs',
    send: async (body) => {
      const res = await inject({
        method: 'POST',
        url: `/api/avs/callback/${SANDBOX_AVS}`,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallback(callbackKey, body, Math.floor(Date.now() / 1000)),
        },
        payload: body,
      });
      return res.statusCode;
    },
    retryAfter: pausesOf(AVS_RETRY_MS),
    messages: {
      retry: 'sandbox age check: callback not accepted, will retry',
      givenUp: 'sandbox age check: callback given up',
    },
  };
}
