import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CheckPhonecallResponse, InitPhonecallResponse } from '#common/api/billing.ts';
import { paymentEvents, phoneCalls } from '#server/db/schema/billing.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { updateSessionData } from '#server/features/session/mutations.ts';
import {
  CALLBACK_PATH,
  type SandboxEventBody,
  SIGNATURE_HEADER,
  sandboxEvent,
  signatureHeader,
  signingKey,
} from '#server/providers/phone/sandbox.ts';
import { dbState, registerAndVerify } from '#server/test/fixtures.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

/** The reference voice-call package of migration 0002: payment type 2 (phone), product 5 (12 coins/min, 1.99 EUR). */
export const PHONE = { paymenttypeid: 2, productid: 5 } as const;
export const CARD = { paymenttypeid: 1, productid: 2 } as const;

/** The member's sessions (the test client holds one). */
export const sessionsOf = (t: TestContext, userId: number) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId));

/** Marks the member's sessions age-checked, as a passed age check does. */
export async function markAgeChecked(t: TestContext, userId: number) {
  for (const s of await sessionsOf(t, userId)) await updateSessionData(t.db, s.id, { agechecked: true });
  t.app.ctx.sessionCache.clear();
}

/** A verified, logged-in, age-checked member. */
export async function ageCheckedMember(t: TestContext, email: string, lang = 'en') {
  const m = await registerAndVerify(t, email, { lang });
  await markAgeChecked(t, m.user.id);
  return m;
}

/** An awaited call always carries its PIN. */
type AwaitedCall = InitPhonecallResponse & { call: { pin: string } };

export async function initCall(client: TestClient): Promise<AwaitedCall> {
  const res = await client.post('/api/billing/init_phonecall', PHONE);
  expect(res.statusCode, res.body).toBe(200);
  const body: InitPhonecallResponse = res.json();
  const pin = body.call.pin;
  if (pin === null) throw new Error('an awaited call without a PIN');
  return { ...body, call: { ...body.call, pin } };
}

export async function checkCall(client: TestClient): Promise<CheckPhonecallResponse> {
  const res = await client.get('/api/billing/check_phonecall');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type SendOpts = { key?: string; at?: number; alter?: (raw: string) => string; signature?: string | null };

/** Posts a callback as the sandbox line would: signed with the sandbox key at `at` (seconds). */
export function sendRaw(t: TestContext, body: unknown, opts: SendOpts = {}) {
  const raw = JSON.stringify(body);
  const at = opts.at ?? Math.floor(Date.now() / 1000);
  const header = signatureHeader(signingKey(opts.key ?? t.config.payments.sandboxKey), at, raw);
  const sent = opts.alter ? opts.alter(raw) : raw;
  return t.app.inject({
    method: 'POST',
    url: CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(opts.signature === null ? {} : { [SIGNATURE_HEADER]: opts.signature ?? header }),
    },
    payload: sent,
  });
}

export const event = sandboxEvent;

/** Sends an event and expects it accepted; answers its outcome. */
export async function deliver(
  t: TestContext,
  type: SandboxEventBody['type'],
  data: SandboxEventBody['data'],
  id?: string,
) {
  const res = await sendRaw(t, sandboxEvent(type, data, id ? { id } : {}));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().outcome as string;
}

/** Connects a call the way the line does after the right PIN; answers the provider's call id. */
export async function connect(t: TestContext, call: { id: number; pin: string }, providerCallId = 'call_provider0001') {
  expect(await deliver(t, 'call.connected', { reference: String(call.id), call: providerCallId, pin: call.pin })).toBe(
    'applied',
  );
  return providerCallId;
}

/** Every table a voice call touches, for before/after comparisons. */
export async function voicecallState(t: TestContext) {
  return {
    ...(await dbState(t)),
    phoneCalls: await t.db.select().from(phoneCalls).orderBy(asc(phoneCalls.id)),
    paymentEvents: await t.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
  };
}

/** The call-related state without the event log: an ignored event may be recorded, nothing else. */
export async function callState(t: TestContext) {
  const { paymentEvents: _events, ...rest } = await voicecallState(t);
  return rest;
}

export async function setAgeVerified(t: TestContext, userId: number) {
  await t.db.update(users).set({ ageVerifiedAt: new Date() }).where(eq(users.id, userId));
  t.app.ctx.sessionCache.clear();
}
