import { randomInt } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { PHONE_CALL_EXPIRES_MS, PHONE_CALL_MAX_MINUTES } from '#common/domain/voicecall.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { paymentEvents, phoneCalls } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';
import { phoneCallReference, phoneMinuteKey } from '#server/features/coins/keys.ts';
import { type CoinDeps, credit } from '#server/features/coins/mutations.ts';
import { updateSessionData } from '#server/features/session/mutations.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import type { PhoneEvent } from '#server/providers/phone/types.ts';
import { type CallWithCurrency, findCall, findPhoneEvent, findPhoneProduct, isExpired } from './data.ts';

/** A PIN is six digits; leading zeros are digits too. */
const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const PIN_ATTEMPTS = 8;

export type StartCall = {
  userId: number;
  sessionId: string;
  paymentTypeId: number;
  productId: number;
  provider: string;
  number: string;
  now?: Date;
};

/**
 * Starts (or finds) the member's awaited call: one at a time per member. The prices are copied from
 * the product; the PIN is unique among awaited calls (a stale awaited call holding the same PIN is
 * expired first). The session remembers the payment type and product of its voice call.
 * Null when the product is not one of an active phone payment type.
 */
export async function startCall(db: Db, s: StartCall): Promise<CallWithCurrency | null> {
  const now = s.now ?? new Date();
  const found = await findPhoneProduct(db, s.paymentTypeId, s.productId);
  if (!found) return null;
  const { product, type } = found;
  const id = await db.transaction(async (tx) => {
    // Two inits of one member at once must not both create a call.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, s.userId)).for('update');
    await tx
      .update(phoneCalls)
      .set({ state: 'expired', pin: null })
      .where(and(eq(phoneCalls.userId, s.userId), eq(phoneCalls.state, 'awaited'), lte(phoneCalls.expiresAt, now)));
    await updateSessionData(tx, s.sessionId, {
      phonecall: { paymentTypeId: type.id, productId: product.id, paymentName: type.name },
    });
    const [waiting] = await tx
      .select({ id: phoneCalls.id })
      .from(phoneCalls)
      .where(and(eq(phoneCalls.userId, s.userId), eq(phoneCalls.state, 'awaited')))
      .limit(1);
    if (waiting) {
      // The browser that asked last is the one whose voice-call mode follows the call.
      await tx.update(phoneCalls).set({ sessionId: s.sessionId }).where(eq(phoneCalls.id, waiting.id));
      return waiting.id;
    }
    for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
      const pin = newPin();
      await tx
        .update(phoneCalls)
        .set({ state: 'expired', pin: null })
        .where(and(eq(phoneCalls.pin, pin), eq(phoneCalls.state, 'awaited'), lte(phoneCalls.expiresAt, now)));
      const [row] = await tx
        .insert(phoneCalls)
        .values({
          userId: s.userId,
          sessionId: s.sessionId,
          paymentTypeId: type.id,
          productId: product.id,
          provider: s.provider,
          number: s.number,
          pin,
          state: 'awaited',
          pricePerMinuteCents: product.priceCents,
          coinsPerMinute: product.coins + product.bonusCoins,
          maxMinutes: PHONE_CALL_MAX_MINUTES,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PHONE_CALL_EXPIRES_MS),
        })
        .onConflictDoNothing()
        .returning({ id: phoneCalls.id });
      if (row) return row.id;
    }
    throw new Error('no free PIN for a phone call');
  });
  return findCall(db, id);
}

/** What a callback did; the route acts on it after the commit (cache, balance push, answer). */
export type EventResult =
  | { kind: 'unknown' }
  | {
      kind: 'applied' | 'ignored' | 'replayed';
      outcome: string;
      callId: number;
      maxMinutes: number;
      userId: number;
      sessionId: string | null;
      /** The session's voice-call mode changed. */
      sessionChanged: boolean;
      /** The balance after a credited minute. */
      balance: number | null;
    };

type Decision = { outcome: string; session?: boolean; balance?: number };

/** The stored payload never holds the PIN in full. */
function auditPayload(event: PhoneEvent): Record<string, unknown> {
  const data = event.payload.data as Record<string, unknown> | undefined;
  if (!data || typeof data.pin !== 'string') return event.payload;
  return { ...event.payload, data: { ...data, pin: `****${data.pin.slice(-2)}` } };
}

async function decide(deps: CoinDeps, tx: Tx, call: CallWithCurrency, e: PhoneEvent, now: Date): Promise<Decision> {
  if (e.type === 'call.connected') {
    if (call.state !== 'awaited') return { outcome: 'ignored:not_awaited' };
    if (isExpired(call, now)) {
      await tx.update(phoneCalls).set({ state: 'expired', pin: null }).where(eq(phoneCalls.id, call.id));
      return { outcome: 'ignored:expired' };
    }
    await tx
      .update(phoneCalls)
      .set({ state: 'active', connectedAt: now, providerCallId: e.providerCallId, pin: null })
      .where(eq(phoneCalls.id, call.id));
    if (call.sessionId) await updateSessionData(tx, call.sessionId, { voicecall: true });
    return { outcome: 'applied', session: true };
  }
  if (call.providerCallId !== e.providerCallId) return { outcome: 'ignored:other_call' };
  if (e.type === 'call.minute') {
    const minute = e.minute ?? 0;
    if (call.state !== 'active') return { outcome: 'ignored:not_active' };
    if (minute > call.maxMinutes) return { outcome: 'ignored:beyond_max' };
    const credited = await credit(
      deps,
      {
        userId: call.userId,
        amount: call.coinsPerMinute,
        reason: 'purchase',
        reference: phoneCallReference(call.id),
        idempotencyKey: phoneMinuteKey(call.provider, call.id, minute),
      },
      { within: tx },
    );
    if (credited.replayed) return { outcome: 'ignored:minute_billed' };
    await tx
      .update(phoneCalls)
      .set({
        minutesBilled: sql`${phoneCalls.minutesBilled} + 1`,
        coinsCredited: sql`${phoneCalls.coinsCredited} + ${call.coinsPerMinute}`,
      })
      .where(eq(phoneCalls.id, call.id));
    return { outcome: 'applied', balance: credited.balance };
  }
  if (call.state !== 'active') return { outcome: 'ignored:not_active' };
  await tx.update(phoneCalls).set({ state: 'ended', endedAt: now }).where(eq(phoneCalls.id, call.id));
  if (call.sessionId) await updateSessionData(tx, call.sessionId, { voicecall: false });
  return { outcome: 'applied', session: true };
}

/**
 * The call an event is about: by our id when the provider echoes it; a connection without it by
 * the PIN the caller typed (unique among awaited calls); anything else by the provider's call id.
 */
function whichCall(e: PhoneEvent) {
  if (e.callId !== null) return eq(phoneCalls.id, e.callId);
  if (e.type === 'call.connected') {
    return and(eq(phoneCalls.state, 'awaited'), eq(phoneCalls.pin, /^\d{6}$/.test(e.pin ?? '') ? (e.pin ?? '') : '-'));
  }
  return eq(phoneCalls.providerCallId, e.providerCallId);
}

/** Phone events share `payment_events` with card events: their source names the family. */
export const eventSource = (provider: string) => `phone:${provider}`;

/**
 * Applies one verified provider event, in one transaction with the call row locked: a replay (same
 * event id) finds its stored event and changes nothing; an event that does not fit the call's state
 * (out of order, beyond the maximum, a minute billed before) is stored as ignored and changes
 * nothing else. An event for no call of this provider, or a PIN that is not the call's, is unknown.
 * A call is found by our id, or by the PIN (a connection) or the provider's call id (see whichCall).
 */
export async function applyPhoneEvent(
  deps: CoinDeps,
  provider: string,
  e: PhoneEvent,
  now = new Date(),
): Promise<EventResult> {
  return deps.db.transaction(async (tx): Promise<EventResult> => {
    const [locked] = await tx
      .select({ id: phoneCalls.id })
      .from(phoneCalls)
      .where(and(eq(phoneCalls.provider, provider), whichCall(e)))
      .for('update');
    const call = locked ? await findCall(tx, locked.id) : null;
    if (!call) return { kind: 'unknown' };
    const base = {
      callId: call.id,
      maxMinutes: call.maxMinutes,
      userId: call.userId,
      sessionId: call.sessionId,
      sessionChanged: false,
      balance: null,
    };
    const prior = await findPhoneEvent(tx, eventSource(provider), e.eventId);
    if (prior) return { kind: 'replayed', outcome: prior.outcome, ...base };
    // The PIN identifies a waiting call; once connected or expired it is gone, and the state rules answer.
    const pinWrong = call.state === 'awaited' && (call.pin === null || !safeEqual(e.pin ?? '', call.pin));
    if (e.type === 'call.connected' && pinWrong) return { kind: 'unknown' };
    const d = await decide(deps, tx, call, e, now);
    await tx
      .insert(paymentEvents)
      .values({
        provider: eventSource(provider),
        eventId: e.eventId,
        kind: e.type,
        callId: call.id,
        payload: auditPayload(e),
        outcome: d.outcome,
      })
      .onConflictDoNothing();
    return {
      kind: d.outcome === 'applied' ? 'applied' : 'ignored',
      outcome: d.outcome,
      ...base,
      sessionChanged: d.session === true && call.sessionId !== null,
      balance: d.balance ?? null,
    };
  });
}
