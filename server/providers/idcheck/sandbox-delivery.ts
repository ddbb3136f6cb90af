import type { DbOrTx } from '#server/db/client.ts';
import { type Inject, type OutboxPolicy, pausesOf } from '#server/providers/sandbox-outbox.ts';
import { IDCHECK_SIGNATURE_HEADER, recordSandboxCheck, SANDBOX_IDCHECK, signIdCheckCallback } from './sandbox.ts';
import type { IdCheckEvent } from './types.ts';

/** An unanswered report is sent again after these pauses, then given up. */
export const IDCHECK_RETRY_MS = [1000, 2000, 4000, 8000, 16000] as const;

/**
 * How the sandbox ID provider delivers its reports (through the sandboxes' outbox, channel
 * `idcheck`): each attempt signed anew with the same event id, so an attempt that did arrive turns
 * the next into a replay. A result that follows "pending" enters the provider's own books when it
 * goes out, as a reviewer's decision would, so its status API says pending until then.
 */
export function idCheckDelivery(db: DbOrTx, callbackKey: string, inject: Inject): OutboxPolicy {
  return {
    channel: 'idcheck',
    send: async (body) => {
      const event = JSON.parse(body) as { type: IdCheckEvent['type']; reference: string; reason: string | null };
      if (event.type !== 'check.pending') {
        const state = event.type === 'check.passed' ? 'passed' : 'failed';
        await recordSandboxCheck(db, event.reference, { state, reason: event.reason as IdCheckEvent['reason'] });
      }
      const res = await inject({
        method: 'POST',
        url: `/api/idcheck/callback/${SANDBOX_IDCHECK}`,
        headers: {
          'content-type': 'application/json',
          [IDCHECK_SIGNATURE_HEADER]: signIdCheckCallback(callbackKey, body),
        },
        payload: body,
      });
      return res.statusCode;
    },
    retryAfter: pausesOf(IDCHECK_RETRY_MS),
    messages: {
      retry: 'sandbox ID check: callback not accepted, will retry',
      givenUp: 'sandbox ID check: callback given up',
    },
  };
}
