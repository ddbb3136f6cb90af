import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, phoneCalls } from '#server/db/schema/billing.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { CALLBACK_PATH } from '#server/providers/phone/sandbox.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  ageCheckedMember,
  callState,
  checkCall,
  connect,
  deliver,
  event,
  initCall,
  sendRaw,
  voicecallState,
} from './test-helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A fresh member with an awaited call. */
async function awaitedCall(): Promise<{ client: TestClient; userId: number; id: number; pin: string; ref: string }> {
  n += 1;
  const { client, user } = await ageCheckedMember(t, `callback-${n}@example.com`);
  const { call } = await initCall(client);
  return { client, userId: user.id, id: call.id, pin: call.pin, ref: String(call.id) };
}

const callRow = async (id: number) => (await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, id)))[0];

describe('POST /api/voicecall/callback/sandbox: a call from PIN to hang-up', () => {
  it('connects, credits coins per billed minute, and ends; the session follows in voice-call mode', async () => {
    const c = await awaitedCall();
    const pushed: Array<{ userId: number; event: string; coins?: number }> = [];
    const realtime = t.app.ctx.realtime;
    t.app.ctx.realtime = {
      ...realtime,
      toUser: (userId, event, ...args) => pushed.push({ userId, event, ...args[0] } as never),
    };
    try {
      const call = await connect(t, c);
      expect(await callRow(c.id)).toMatchObject({ state: 'active', providerCallId: call });
      expect((await callRow(c.id))?.connectedAt).toBeInstanceOf(Date);
      expect(await checkCall(c.client)).toMatchObject({
        voicecall: true,
        call: { state: 'active', minutes_billed: 0 },
      });
      expect((await c.client.get('/api/session/init')).json().session.voicecall).toBe(true);
      expect(await balanceOf(t.db, c.userId)).toBe(0);

      expect(await deliver(t, 'call.minute', { reference: c.ref, call, minute: 1 })).toBe('applied');
      expect(await deliver(t, 'call.minute', { reference: c.ref, call, minute: 2 })).toBe('applied');
      expect(await balanceOf(t.db, c.userId)).toBe(24);
      expect(await ledgerSum(t.db, c.userId)).toBe(24);
      const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, c.userId));
      expect(ledger.map((l) => [l.idempotencyKey, l.delta, l.reason])).toEqual([
        [`phone:sandbox:${c.id}:1`, 12, 'purchase'],
        [`phone:sandbox:${c.id}:2`, 12, 'purchase'],
      ]);
      // The balance, and a word to the member's pages that the call changed (connected, each minute).
      const u = c.userId;
      expect(pushed).toEqual([
        { userId: u, event: 'user:phonecall' },
        { userId: u, event: 'user:coins', coins: 12 },
        { userId: u, event: 'user:phonecall' },
        { userId: u, event: 'user:coins', coins: 24 },
        { userId: u, event: 'user:phonecall' },
      ]);
      expect((await c.client.get('/api/session/init')).json().user.coins).toBe(24);
      expect((await checkCall(c.client)).call).toMatchObject({ minutes_billed: 2, coins_credited: 24 });

      expect(await deliver(t, 'call.ended', { reference: c.ref, call, reason: 'hangup' })).toBe('applied');
      expect(await callRow(c.id)).toMatchObject({ state: 'ended', minutesBilled: 2, coinsCredited: 24 });
      expect(await checkCall(c.client)).toMatchObject({ voicecall: false, call: { state: 'ended' } });
      expect((await c.client.get('/api/session/init')).json().session.voicecall).toBe(false);
      expect(pushed.at(-1)).toEqual({ userId: u, event: 'user:phonecall' });
      expect(pushed).toHaveLength(6);
    } finally {
      t.app.ctx.realtime = realtime;
    }
  });

  it('records every event once, with the PIN masked', async () => {
    const c = await awaitedCall();
    await connect(t, c);
    const [stored] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.callId, c.id));
    expect(stored).toMatchObject({ provider: 'phone:sandbox', kind: 'call.connected', outcome: 'applied' });
    // The PIN is worth nothing once the call is connected, and it is not kept.
    expect(await callRow(c.id)).toMatchObject({ state: 'active', pin: null });
    expect((await checkCall(c.client)).call?.pin).toBeNull();
    expect(JSON.stringify(stored?.payload)).not.toContain(c.pin);
    expect((stored?.payload.data as { pin?: string } | undefined)?.pin).toBe(`****${c.pin.slice(-2)}`);
  });
});

describe('POST /api/voicecall/callback/sandbox: replays and events out of order change nothing', () => {
  it('answers a replayed event with its first outcome and changes nothing', async () => {
    const c = await awaitedCall();
    const call = await connect(t, c);
    const minute = event('call.minute', { reference: c.ref, call, minute: 1 });
    expect((await sendRaw(t, minute)).json()).toEqual({ ok: true, outcome: 'applied' });
    const before = await voicecallState(t);
    for (let i = 0; i < 3; i++) expect((await sendRaw(t, minute)).json()).toEqual({ ok: true, outcome: 'applied' });
    expect(await voicecallState(t)).toEqual(before);
    expect(await balanceOf(t.db, c.userId)).toBe(12);
  });

  it('credits a minute once even under another event id', async () => {
    const c = await awaitedCall();
    const call = await connect(t, c);
    await deliver(t, 'call.minute', { reference: c.ref, call, minute: 1 });
    const before = await callState(t);
    expect(await deliver(t, 'call.minute', { reference: c.ref, call, minute: 1 })).toBe('ignored:minute_billed');
    expect(await callState(t)).toEqual(before);
  });

  it('ignores minutes and a hang-up before the connection, and a connection after the end', async () => {
    const c = await awaitedCall();
    const call = 'call_notconnected1';
    const before = await callState(t);
    expect(await deliver(t, 'call.minute', { reference: c.ref, call, minute: 1 })).toBe('ignored:other_call');
    expect(await deliver(t, 'call.ended', { reference: c.ref, call, reason: 'hangup' })).toBe('ignored:other_call');
    expect(await callState(t)).toEqual(before);

    const connected = await connect(t, c);
    await deliver(t, 'call.ended', { reference: c.ref, call: connected, reason: 'hangup' });
    const ended = await callState(t);
    expect(await deliver(t, 'call.minute', { reference: c.ref, call: connected, minute: 1 })).toBe(
      'ignored:not_active',
    );
    expect(await deliver(t, 'call.ended', { reference: c.ref, call: connected })).toBe('ignored:not_active');
    expect(await deliver(t, 'call.connected', { reference: c.ref, call: connected, pin: c.pin })).toBe(
      'ignored:not_awaited',
    );
    expect(await callState(t)).toEqual(ended);
  });

  it('ignores events of another telephone call on the same reference', async () => {
    const c = await awaitedCall();
    await connect(t, c);
    const before = await callState(t);
    expect(await deliver(t, 'call.minute', { reference: c.ref, call: 'call_someoneelse', minute: 1 })).toBe(
      'ignored:other_call',
    );
    expect(await callState(t)).toEqual(before);
  });

  it('credits nothing beyond the maximum duration', async () => {
    const c = await awaitedCall();
    const call = await connect(t, c);
    await t.db.update(phoneCalls).set({ maxMinutes: 2 }).where(eq(phoneCalls.id, c.id));
    await deliver(t, 'call.minute', { reference: c.ref, call, minute: 2 });
    const before = await callState(t);
    expect(await deliver(t, 'call.minute', { reference: c.ref, call, minute: 3 })).toBe('ignored:beyond_max');
    expect(await deliver(t, 'call.minute', { reference: c.ref, call, minute: 61 })).toBe('ignored:beyond_max');
    expect(await callState(t)).toEqual(before);
    expect(await balanceOf(t.db, c.userId)).toBe(12);
  });

  it('does not connect an awaited call whose ten minutes are over', async () => {
    const c = await awaitedCall();
    await t.db
      .update(phoneCalls)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(phoneCalls.id, c.id));
    expect(await deliver(t, 'call.connected', { reference: c.ref, call: 'call_toolate0001', pin: c.pin })).toBe(
      'ignored:expired',
    );
    expect(await callRow(c.id)).toMatchObject({ state: 'expired', providerCallId: null, pin: null });
    expect((await checkCall(c.client)).voicecall).toBe(false);
  });
});

describe('POST /api/voicecall/callback/sandbox refuses and changes nothing', () => {
  let c: Awaited<ReturnType<typeof awaitedCall>>;
  let body: ReturnType<typeof event>;
  beforeAll(async () => {
    c = await awaitedCall();
    body = event('call.connected', { reference: c.ref, call: 'call_refused00001', pin: c.pin });
  });

  const refused = async (send: () => ReturnType<typeof sendRaw>, status: number, error: string) => {
    const before = await voicecallState(t);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toBe(error);
    expect(await voicecallState(t)).toEqual(before);
  };

  it('without a signature, or with a broken one (403)', async () => {
    await refused(() => sendRaw(t, body, { signature: null }), 403, 'forbidden');
    await refused(() => sendRaw(t, body, { signature: '' }), 403, 'forbidden');
    await refused(() => sendRaw(t, body, { signature: 't=abc,v1=zz' }), 403, 'forbidden');
  });

  it('signed with another key (403)', async () => {
    await refused(() => sendRaw(t, body, { key: 'not-the-sandbox-key' }), 403, 'forbidden');
  });

  it('signed more than five minutes ago or ahead (403)', async () => {
    const now = Math.floor(Date.now() / 1000);
    await refused(() => sendRaw(t, body, { at: now - 330 }), 403, 'forbidden');
    await refused(() => sendRaw(t, body, { at: now + 330 }), 403, 'forbidden');
  });

  it('with a body altered after signing (403)', async () => {
    await refused(() => sendRaw(t, body, { alter: (raw) => raw.replace(c.ref, String(c.id + 1)) }), 403, 'forbidden');
    await refused(() => sendRaw(t, body, { alter: (raw) => `${raw} ` }), 403, 'forbidden');
  });

  it('signed but malformed (400)', async () => {
    await refused(() => sendRaw(t, { ...body, type: 'call.paid' }), 400, 'bad_request');
    await refused(() => sendRaw(t, { ...body, data: { ...body.data, pin: undefined } }), 400, 'bad_request');
    await refused(() => sendRaw(t, { ...body, data: { ...body.data, reference: 'x' } }), 400, 'bad_request');
    await refused(() => sendRaw(t, [body]), 400, 'bad_request');
  });

  it('not JSON (415), or over 64 KiB (413)', async () => {
    await refused(
      () =>
        t.app.inject({ method: 'POST', url: CALLBACK_PATH, headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      415,
      'unsupported_media_type',
    );
    await refused(() => sendRaw(t, { ...body, padding: 'x'.repeat(65 * 1024) }), 413, 'payload_too_large');
  });

  it("for an unknown call, or with a PIN that is not the call's (404)", async () => {
    await refused(() => sendRaw(t, { ...body, data: { ...body.data, reference: '999999' } }), 404, 'not_found');
    const wrong = c.pin === '000000' ? '000001' : '000000';
    await refused(() => sendRaw(t, { ...body, data: { ...body.data, pin: wrong } }), 404, 'not_found');
    expect(await t.db.select().from(wallets).where(eq(wallets.userId, c.userId))).toEqual([]);
  });
});
