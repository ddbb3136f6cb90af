import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_EVENT_KINDS } from '#common/domain/orders.ts';
import { signWebhook, verifyWebhook } from '#server/providers/webhook-signature.ts';
import { SIGNATURE_HEADER, signToken } from './signing.ts';
import type { PaymentEvent, PaymentOrder, PaymentProvider, PaymentStatus, PostbackVerdict } from './types.ts';

/**
 * The sandbox PSP: a test payment company living at /sandbox/pay/... (sandbox-pages.ts). What a
 * payment page needs travels in a token signed with the sandbox key; the company keeps its own
 * books of payments and of the postbacks it owes (sandbox-records.ts, sandbox-outbox.ts). Its
 * outcome reaches us as a signed server-to-server postback, as with a real PSP, and its status API
 * answers what it knows of an order (an in-process call, the way this adapter talks to it).
 */

export const SANDBOX_POSTBACK_PATH = '/api/billing/postback/sandbox';
/** How long the hosted page of one order stays open. */
export const PAY_TOKEN_MINUTES = 30;

/** The postback body the sandbox PSP sends (JSON). */
export const sandboxPostbackBody = z.strictObject({
  event_id: z.string().regex(/^[\w:-]{1,100}$/),
  type: z.enum(PAYMENT_EVENT_KINDS),
  order_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  txn_id: z.string().regex(/^[\w:-]{1,100}$/),
  amount_cents: z.number().int().min(0).max(2_147_483_647),
  currency: z.string().regex(/^[A-Z]{3}$/),
  failure_code: z
    .string()
    .regex(/^[a-z_]{1,64}$/)
    .nullable(),
  card_last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  created: z.number().int().positive(),
});
export type SandboxPostback = z.infer<typeof sandboxPostbackBody>;

export const newSandboxId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The body and signature header of a postback, as the PSP sends it. */
export function signSandboxPostback(key: string, postback: SandboxPostback, now = Date.now()) {
  const body = JSON.stringify(postback);
  return { body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(key, body, now) } };
}

/** What the payment page of an order shows and decides on (the token's payload). */
export type PayState = {
  o: number;
  a: number;
  c: string;
  k: number;
  b: number;
  l: string;
};

/** The facts of an order the sandbox carries: what it shows, charges and reports back. */
export const payStateOf = (order: Omit<PaymentOrder, 'createdAt' | 'locale'> & { locale: string }): PayState => ({
  o: order.id,
  a: order.amountCents,
  c: order.currency,
  k: order.coins,
  b: order.bonusCoins,
  l: order.locale,
});

export function payToken(key: string, order: PaymentOrder): string {
  // The expiry follows from the order, so a double click answers the very same link.
  return signToken(key, 'pay', payStateOf(order), order.createdAt.getTime() + PAY_TOKEN_MINUTES * 60_000);
}

/** A postback as our event. */
export const eventOf = (p: SandboxPostback): PaymentEvent => ({
  eventId: p.event_id,
  kind: p.type,
  orderId: p.order_id,
  txnId: p.txn_id,
  amountCents: p.amount_cents,
  currency: p.currency,
  failureCode: p.failure_code,
  payload: p,
});

/** The sandbox PSP's status API, in its own words (sandbox-records.ts answers it). */
export type SandboxStatusApi = (
  reference: number,
) => Promise<{ state: 'unknown' } | { state: 'challenge' } | { state: 'settled'; postbacks: SandboxPostback[] }>;

export function sandboxProvider(key: string, statusApi: SandboxStatusApi): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(order) {
      return { link: `/sandbox/pay?token=${payToken(key, order)}` };
    },
    verifyPostback(request, now = Date.now()): PostbackVerdict {
      const check = verifyWebhook(key, request.headers[SIGNATURE_HEADER], request.rawBody, now);
      if (!check.ok) return { ok: false, status: 401, reason: `signature_${check.reason}` };
      let json: unknown;
      try {
        json = JSON.parse(request.rawBody);
      } catch {
        return { ok: false, status: 400, reason: 'malformed_json' };
      }
      const parsed = sandboxPostbackBody.safeParse(json);
      if (!parsed.success) return { ok: false, status: 400, reason: 'malformed_event' };
      return { ok: true, events: [eventOf(parsed.data)] };
    },
    async status(order): Promise<PaymentStatus> {
      const answer = await statusApi(order.id);
      if (answer.state === 'unknown') return { kind: 'none' };
      if (answer.state === 'challenge') return { kind: 'open' };
      return { kind: 'settled', events: answer.postbacks.map(eventOf) };
    },
    acknowledgement: { contentType: 'application/json', body: '{"received":true}' },
  };
}
