import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';
import { SIGNATURE_HEADER } from '#server/providers/payment/signing.ts';
import { signWebhook } from '#server/providers/webhook-signature.ts';
import type { RefundOutcome } from './mutations.ts';

/**
 * Asks an order's payment provider to refund it, the way its back office is asked by any client.
 *
 * - sandbox: the sandbox PSP's back office (`POST /sandbox/pay/backoffice`, signed with the sandbox
 *   key, as `npm run sandbox:psp` sends it). It books the refund and sends its signed refund
 *   postback, which billing applies like any other: the order becomes refunded and the coins are
 *   reclaimed there, not here.
 * - flexpay: Verotel documents no refund call for FlexPay shops (its Control Center API is given
 *   on request, its documentation is not public): the refund is made in the Verotel Control
 *   Center, whose credit postback then does the same (decision 033).
 *
 * `inject` sends the request to this server (the sandbox PSP lives in it); the PSP's answer is
 * 200 (postback delivered), 202 (booked, postback on its way), 404 (not a payment it took, or
 * reversed already).
 */
export type RefundCall = { outcome: RefundOutcome; status: number | null };

type Inject = FastifyInstance['inject'];

export async function askProviderToRefund(config: Config, inject: Inject, order: { id: number; provider: string }) {
  if (order.provider !== 'sandbox' || config.payments.provider !== 'sandbox') {
    return { outcome: 'manual', status: null } satisfies RefundCall;
  }
  const body = JSON.stringify({ action: 'refund', billing_id: order.id });
  // On a staging system the /sandbox/ pages ask for the staging password, of this client too.
  const staging: Record<string, string> = config.stagingPassword
    ? { authorization: `Basic ${Buffer.from(`staging:${config.stagingPassword}`).toString('base64')}` }
    : {};
  const res = await inject({
    method: 'POST',
    url: '/sandbox/pay/backoffice',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(config.payments.sandboxKey, body),
      ...staging,
    },
    payload: body,
  });
  const outcome: RefundOutcome = res.statusCode === 200 ? 'delivered' : res.statusCode === 202 ? 'queued' : 'refused';
  return { outcome, status: res.statusCode } satisfies RefundCall;
}
