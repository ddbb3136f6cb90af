import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCalls } from '#server/db/schema/billing.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { voiceEntryToken } from '#server/providers/phone/twilio.ts';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { ageCheckedMember, callState, checkCall, initCall, voicecallState } from './test-helpers.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const BASE = '/api/voicecall/callback/twilio';
/** The SIP domain the premium-rate carrier sends its calls to. */
const DOMAIN = 'livecam-0900.sip.twilio.com';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PHONE_PROVIDER: 'twilio',
      PHONE_SERVICE_NUMBER: '0900 1 234567',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_VOICE_ENTRY: `sip:${DOMAIN}`,
    },
  });
});
afterAll(() => t.close());

let n = 0;
const callSid = () => {
  n += 1;
  return `CA${String(n).padStart(32, '0')}`;
};

type Signed = { signature: string; payload: string };
/** Form parameters as Twilio sends them to `path`, signed together with the public URL it calls. */
function signed(path: string, params: Record<string, string>, token = TOKEN): Signed {
  const body = {
    AccountSid: SID,
    To: 'sip:09001234567@livecam-0900.sip.twilio.com',
    From: '+4915123456789',
    SipDomain: DOMAIN,
    ...params,
  };
  return {
    signature: twilioSignature(token, `http://localhost:3000${path}`, body),
    payload: new URLSearchParams(body).toString(),
  };
}
/** Posts a signed body to `path` (which may be another path than the one it was signed for). */
const post =
  (path: string, { signature, payload }: Signed) =>
  () =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload,
    });
/** The PIN step's address the voice step hands an admitted call. */
const pinPath = (sid: string, attempt = 1) => `${BASE}/pin?attempt=${attempt}&entry=${voiceEntryToken(TOKEN, sid)}`;
/** A webhook as Twilio posts it. */
const webhook = (path: string, params: Record<string, string>, token = TOKEN) =>
  post(path, signed(path, params, token));
type Sent = Awaited<ReturnType<TestContext['app']['inject']>>;

/** The request answers `status` and changes nothing (`ignored`: nothing but the record of an ignored event). */
async function unchanged(send: () => Promise<Sent>, status: number, ignored = false) {
  const state = ignored ? callState : voicecallState;
  const before = await state(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(await state(t)).toEqual(before);
  return res;
}

/** A member with an awaited call on the Twilio line. */
async function awaited() {
  const { client, user } = await ageCheckedMember(t, `twilio-caller-${n}-${Date.now()}@example.com`);
  const init = await initCall(client);
  return { client, userId: user.id, init, sid: callSid() };
}
const row = async (id: number) => (await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, id)))[0];

describe('the voice call on the Twilio line', () => {
  it('shows the premium-rate number and the PIN on the line page', async () => {
    const { init } = await awaited();
    expect(init.call).toMatchObject({ number: '0900 1 234567', state: 'awaited' });
    expect(init.link).toMatch(/^\/api\/voicecall\/line\/\d+\.[\w-]{32}$/);
    const page = await t.app.inject({ method: 'GET', url: init.link, headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('0900 1 234567');
    expect(page.body).toContain(`${init.call.pin.slice(0, 3)} ${init.call.pin.slice(3)}`);
    expect(page.body).toMatch(/1,99\s€\/Min\./);
    const forged = `${init.link.split('.')[0]}.${'A'.repeat(32)}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('asks for the PIN, connects, bills each completed minute once, and ends with the status callback', async () => {
    const { client, userId, init, sid } = await awaited();
    const voice = await unchanged(webhook(`${BASE}/voice`, { CallSid: sid, CallStatus: 'ringing' }), 200);
    expect(voice.headers['content-type']).toMatch(/^text\/xml/);
    expect(voice.body).toContain(`<Gather input="dtmf" numDigits="6"`);
    expect(voice.body).toContain(`action="http://localhost:3000${pinPath(sid).replace('&', '&amp;')}"`);

    const wrongPin = init.call.pin === '111111' ? '222222' : '111111';
    const wrong = await unchanged(webhook(pinPath(sid), { CallSid: sid, Digits: wrongPin }), 200);
    expect(wrong.body).toContain('nicht gültig');
    expect(wrong.body).toContain(pinPath(sid, 2).replace('&', '&amp;'));

    const pin = await webhook(pinPath(sid, 2), { CallSid: sid, Digits: init.call.pin })();
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.body).toContain('<Pause length="60"/>');
    expect(pin.body).toContain(`${BASE}/minute?call=${init.id}&amp;minute=1</Redirect>`);
    expect(await row(init.id)).toMatchObject({ state: 'active', providerCallId: sid, pin: null });
    expect((await checkCall(client)).voicecall).toBe(true);

    const minute1 = webhook(`${BASE}/minute?call=${init.id}&minute=1`, { CallSid: sid, CallStatus: 'in-progress' });
    expect((await minute1()).body).toContain(`minute=2</Redirect>`);
    expect(await balanceOf(t.db, userId)).toBe(12);
    // Twilio retrying the same request changes nothing and keeps the call going.
    expect((await unchanged(minute1, 200)).body).toContain('minute=2</Redirect>');
    await webhook(`${BASE}/minute?call=${init.id}&minute=2`, { CallSid: sid })();
    expect(await balanceOf(t.db, userId)).toBe(24);
    expect(await ledgerSum(t.db, userId)).toBe(24);

    const ended = webhook(`${BASE}/status`, { CallSid: sid, CallStatus: 'completed', CallDuration: '150' });
    expect((await ended()).statusCode).toBe(200);
    expect(await row(init.id)).toMatchObject({ state: 'ended', minutesBilled: 2, coinsCredited: 24 });
    expect((await checkCall(client)).voicecall).toBe(false);
    await unchanged(ended, 200);
    const late = await unchanged(webhook(`${BASE}/minute?call=${init.id}&minute=3`, { CallSid: sid }), 200, true);
    expect(late.body).toContain('<Hangup/>');
  });

  it('hangs up at the maximum duration and after three wrong PINs', async () => {
    const { userId, init, sid } = await awaited();
    await t.db.update(phoneCalls).set({ maxMinutes: 1 }).where(eq(phoneCalls.id, init.id));
    await webhook(pinPath(sid), { CallSid: sid, Digits: init.call.pin })();
    const last = await webhook(`${BASE}/minute?call=${init.id}&minute=1`, { CallSid: sid })();
    expect(last.body).toContain('<Hangup/>');
    expect(last.body).not.toContain('<Redirect');
    const beyond = await unchanged(webhook(`${BASE}/minute?call=${init.id}&minute=2`, { CallSid: sid }), 200, true);
    expect(beyond.body).toContain('<Hangup/>');
    expect(await balanceOf(t.db, userId)).toBe(12);

    const next = callSid();
    const third = await unchanged(webhook(pinPath(next, 3), { CallSid: next, Digits: '' }), 200);
    expect(third.body).toContain('<Hangup/>');
    expect(third.body).not.toContain('<Gather');
  });

  it('refuses forged and malformed webhooks and changes nothing', async () => {
    const { init, sid } = await awaited();
    const pin = { CallSid: sid, Digits: init.call.pin };
    await unchanged(webhook(pinPath(sid), pin, 'not-the-token'), 403);
    const unsigned = () =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/pin?attempt=1`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ AccountSid: SID, ...pin }).toString(),
      });
    await unchanged(unsigned, 403);
    // A captured minute request, signature and body, cannot be moved to another minute or call.
    const minute1 = `${BASE}/minute?call=${init.id}&minute=1`;
    const captured = signed(minute1, { CallSid: sid });
    expect((await post(minute1, captured)()).statusCode).toBe(200);
    const other = await awaited();
    await unchanged(post(`${BASE}/minute?call=${init.id}&minute=2`, captured), 403);
    await unchanged(post(`${BASE}/minute?call=${other.init.id}&minute=1`, captured), 403);
    await unchanged(webhook(pinPath(sid), { ...pin, CallSid: 'CA1' }), 400);
    await unchanged(webhook(pinPath(sid), { ...pin, AccountSid: `AC${'2'.repeat(32)}` }), 400);
    await unchanged(webhook(`${BASE}/minute?call=x&minute=1`, { CallSid: sid }), 400);
    const json = () =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/status`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    await unchanged(json, 415);
    expect((await row(init.id))?.state).toBe('awaited');
  });

  it('turns away calls that did not come through the carrier, and PINs of calls it did not admit', async () => {
    const { init, sid } = await awaited();
    // Dialled straight to the Twilio number (no SIP domain), or through another SIP domain.
    for (const SipDomain of ['', 'someone-else.sip.twilio.com']) {
      const direct = await unchanged(webhook(`${BASE}/voice`, { CallSid: sid, CallStatus: 'ringing', SipDomain }), 200);
      expect(direct.body).toContain('<Response><Reject reason="rejected"/></Response>');
    }
    // The right PIN, signed by Twilio, without the token the voice step gives the calls it admits.
    for (const path of [`${BASE}/pin?attempt=1`, pinPath(callSid())]) {
      const res = await unchanged(webhook(path, { CallSid: sid, Digits: init.call.pin }), 200);
      expect(res.body).toContain('<Reject reason="rejected"/>');
    }
    expect(await row(init.id)).toMatchObject({ state: 'awaited', providerCallId: null });
  });

  it('counts PIN entries per call and per calling number, so that PINs cannot be guessed', async () => {
    const { init, sid } = await awaited();
    const guesser = '+4917000000001';
    const wrongPin = init.call.pin === '000000' ? '000001' : '000000';
    const enter = (call: string, digits: string, attempt = 1, From = guesser) =>
      webhook(pinPath(call, attempt), { CallSid: call, Digits: digits, From });
    for (const attempt of [1, 2, 3]) await unchanged(enter(sid, wrongPin, attempt), 200);
    // A fourth entry on the same call is not looked at, even with the right PIN.
    const fourth = await unchanged(enter(sid, init.call.pin, 3), 200);
    expect(fourth.body).toContain('<Hangup/>');
    expect(fourth.body).not.toContain('<Pause');
    // Ten entries from one number in a day, over any number of calls; the eleventh is not looked at.
    for (let i = 0; i < 6; i++) await unchanged(enter(callSid(), wrongPin), 200);
    await unchanged(enter(callSid(), init.call.pin), 200);
    expect((await row(init.id))?.state).toBe('awaited');
    // Another caller with the right PIN connects.
    const member = callSid();
    expect((await enter(member, init.call.pin, 1, '+4917000000002')()).body).toContain('<Pause length="60"/>');
    expect(await row(init.id)).toMatchObject({ state: 'active', providerCallId: member });
  });

  it('acknowledges the end of a call that never reached a PIN without storing anything', async () => {
    await unchanged(webhook(`${BASE}/status`, { CallSid: callSid(), CallStatus: 'no-answer' }), 200);
    await unchanged(webhook(`${BASE}/status`, { CallSid: callSid(), CallStatus: 'in-progress' }), 200);
  });
});
