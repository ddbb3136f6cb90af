import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';
import {
  extensionToken,
  PHONE_CHAT_CALLBACKS,
  type PhoneChatStep,
  twilioPhoneChatLine,
} from '#server/providers/phone-chat/twilio.ts';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { fakeProvider } from '#server/test/fake-provider.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { setForwardingNumber } from './forwarding.ts';
import { sweepPhoneChatCalls } from './sweep.ts';
import { endAtTwilio } from './twilio-line.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const DOMAIN = 'chat-0900.sip.twilio.com';
const OUR_NUMBER = '+4930123456789';
const CALLER = '+4915123456789';
const HER = '+4917612345678';

let t: TestContext;
let luna: TestShow;
let nora: TestShow;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PHONE_CHAT_PROVIDER: 'twilio',
      PHONE_CHAT_NUMBER: '0900 5 111222',
      PHONE_CHAT_ENTRY: `sip:${DOMAIN}`,
      PHONE_CHAT_CALLER_ID: OUR_NUMBER,
      PHONE_CHAT_MAX_MINUTES: '2',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
    },
  });
  const phone = { online: true, phoneChat: true, phoneChatOn: true };
  luna = await createShow(t.db, { showName: 'Luna Line', phoneExtension: '8311', ...phone });
  nora = await createShow(t.db, { showName: 'Nora Line', phoneExtension: '8312', ...phone });
  await setForwardingNumber(t.db, luna.id, HER);
});
afterAll(() => t.close());

let n = 0;
const newCall = () => `CA${String(++n).padStart(32, '0')}`;

/** Posts a callback to a step as Twilio does: form body, signed with the address it calls. */
function post(step: PhoneChatStep, params: Record<string, string>, query = '', sign: 'ok' | 'forged' | 'none' = 'ok') {
  const url = `${PHONE_CHAT_CALLBACKS}/${step}${query}`;
  const body = { AccountSid: SID, SipDomain: DOMAIN, From: CALLER, ...params };
  const token = sign === 'forged' ? 'not-the-token' : TOKEN;
  const signature = twilioSignature(token, `http://localhost:3000${url}`, body);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(sign === 'none' ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(body).toString(),
  });
}
const keyIn = (callSid: string, digits: string, attempt = 1) =>
  post(
    'extension',
    { CallSid: callSid, Digits: digits },
    `?attempt=${attempt}&entry=${extensionToken(TOKEN, callSid)}`,
  );
const leg = (callSid: string, callId: number, status: string, extra: Record<string, string> = {}) =>
  post(
    'status',
    { CallSid: `CA${'f'.repeat(32)}`, ParentCallSid: callSid, CallStatus: status, ...extra },
    `?call=${callId}`,
  );
const dialOver = (callSid: string, callId: number, status: string, extra: Record<string, string> = {}) =>
  post('dial', { CallSid: callSid, DialCallStatus: status, ...extra }, `?call=${callId}`);

const callOf = async (callSid: string) =>
  (await t.db.select().from(phoneChatCalls).where(eq(phoneChatCalls.providerCallId, callSid)))[0];
const flags = async (show: TestShow) =>
  (
    await t.db
      .select({ connecting: shows.phoneChatConnecting, busy: shows.phoneChatBusy })
      .from(shows)
      .where(eq(shows.id, show.id))
  )[0];
const callIdIn = (twiml: string) => Number(/status\?call=(\d+)/.exec(twiml)?.[1]);

describe('the Twilio phone-chat line over HTTP', () => {
  it('answers the carrier’s call with the extension prompt and turns other calls away', async () => {
    const callSid = newCall();
    const res = await post('voice', { CallSid: callSid, CallStatus: 'ringing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toContain('<Gather input="dtmf" numDigits="4"');
    const direct = await post('voice', { CallSid: newCall(), SipDomain: 'elsewhere.sip.twilio.com' });
    expect(direct.body).toContain('<Reject');
    // An extension without the voice step's token of this call is turned away too: no claim.
    const sneaked = await post('extension', { CallSid: callSid, Digits: '8311' }, '?attempt=1');
    expect(sneaked.body).toContain('<Reject');
    expect(await callOf(callSid)).toBeUndefined();
  });

  it('puts a call through from our number, records answer and end, and bills every started minute once', async () => {
    const callSid = newCall();
    const res = await keyIn(callSid, '8311');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<Dial callerId="${OUR_NUMBER}"`);
    expect(res.body).toContain('timeLimit="120"');
    expect(res.body).toContain(`>${HER}</Number>`);
    // The caller's number is never passed on: her phone shows ours.
    expect(res.body).not.toContain(CALLER);
    const callId = callIdIn(res.body);
    expect(await callOf(callSid)).toMatchObject({ id: callId, provider: 'twilio', state: 'connecting' });
    expect(await flags(luna)).toEqual({ connecting: true, busy: false });

    // Twilio retries the step (no answer in time): the same dial, no second call or claim.
    const retried = await keyIn(callSid, '8311');
    expect(callIdIn(retried.body)).toBe(callId);
    expect(await t.db.select().from(phoneChatCalls).where(eq(phoneChatCalls.providerCallId, callSid))).toHaveLength(1);

    expect((await leg(callSid, callId, 'ringing')).statusCode).toBe(200);
    expect((await leg(callSid, callId, 'in-progress')).statusCode).toBe(200);
    expect(await callOf(callSid)).toMatchObject({ state: 'busy' });
    expect(await flags(luna)).toEqual({ connecting: false, busy: true });

    const ended = await leg(callSid, callId, 'completed', { CallDuration: '61' });
    expect(ended.statusCode).toBe(200);
    const row = await callOf(callSid);
    expect(row).toMatchObject({ state: 'ended', seconds: 61, amountCents: 2 * 199, pricePerMinuteCents: 199 });
    expect(await flags(luna)).toEqual({ connecting: false, busy: false });

    // The dial's end, and every report again, change nothing: the caller hears goodbye.
    const after = await dialOver(callSid, callId, 'completed', { DialCallDuration: '75' });
    expect(after.body).toContain('Auf Wiederhören.');
    await leg(callSid, callId, 'completed', { CallDuration: '90' });
    await leg(callSid, callId, 'in-progress');
    await post('ended', { CallSid: callSid, CallStatus: 'completed' });
    expect(await callOf(callSid)).toEqual(row);
  });

  it('refuses unsigned, forged and unreadable callbacks with nothing changed', async () => {
    const callSid = newCall();
    const dialled = await keyIn(callSid, '8311');
    const callId = callIdIn(dialled.body);
    const before = await callOf(callSid);
    const unsigned = await post(
      'status',
      { ParentCallSid: callSid, CallStatus: 'in-progress' },
      `?call=${callId}`,
      'none',
    );
    expect(unsigned.statusCode).toBe(401);
    const forged = await post(
      'status',
      { ParentCallSid: callSid, CallStatus: 'in-progress' },
      `?call=${callId}`,
      'forged',
    );
    expect(forged.statusCode).toBe(403);
    expect((await post('status', { CallStatus: 'in-progress' }, `?call=${callId}`)).statusCode).toBe(400);
    expect((await post('dial', { CallSid: callSid, DialCallStatus: 'completed' })).statusCode).toBe(400);
    expect((await post('dial', { CallSid: callSid }, `?call=${callId}`)).statusCode).toBe(400);
    expect((await post('voice', { CallSid: 'CA-nonsense' })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `${PHONE_CHAT_CALLBACKS}/voice`,
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'x' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const huge = await post('voice', { CallSid: newCall(), Padding: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    // A signed report naming our call id for another Twilio call is not this call's.
    await leg(newCall(), callId, 'in-progress');
    expect(await callOf(callSid)).toEqual(before);
    await dialOver(callSid, callId, 'no-answer');
  });

  it('announces unknown extensions (three tries), a performer without a telephone, and busy', async () => {
    const callSid = newCall();
    const first = await keyIn(callSid, '0000');
    expect(first.body).toContain('Diese Durchwahl gibt es nicht.');
    expect(first.body).toContain('attempt=2');
    const last = await keyIn(callSid, '12', 3);
    expect(last.body).toContain('Diese Durchwahl gibt es nicht.');
    expect(last.body).toContain('<Hangup/>');
    expect(last.body).not.toContain('<Gather');

    const noPhone = await keyIn(newCall(), '8312');
    expect(noPhone.body).toContain('Nora Line nimmt gerade keine Anrufe an.');
    expect(await flags(nora)).toEqual({ connecting: false, busy: false });

    const first2 = newCall();
    const callId = callIdIn((await keyIn(first2, '8311')).body);
    const second = await keyIn(newCall(), '8311');
    expect(second.body).toContain('Luna Line telefoniert gerade.');
    expect(second.body).not.toContain('<Dial');
    // She does not pick up: missed, nothing billed, the caller hears so; she is free again.
    const over = await dialOver(first2, callId, 'no-answer');
    expect(over.body).toContain('Luna Line hat nicht abgenommen.');
    expect(await callOf(first2)).toMatchObject({ state: 'missed', seconds: 0, amountCents: 0 });
    expect(await flags(luna)).toEqual({ connecting: false, busy: false });
  });

  it('ends a call at the maximum talk time, and closes a call whose dial reports were lost', async () => {
    const callSid = newCall();
    const callId = callIdIn((await keyIn(callSid, '8311')).body);
    await leg(callSid, callId, 'in-progress');
    // Twilio's timeLimit cut the dial at 120 s; a longer count is still billed only up to it.
    await dialOver(callSid, callId, 'completed', { DialCallDuration: '500' });
    expect(await callOf(callSid)).toMatchObject({ state: 'ended', seconds: 120, amountCents: 2 * 199 });

    const lost = newCall();
    await keyIn(lost, '8311');
    // Her answer was never reported, but the end carries the talk time: an answered call.
    const lostId = (await callOf(lost))?.id ?? 0;
    await leg(lost, lostId, 'completed', { CallDuration: '30' });
    expect(await callOf(lost)).toMatchObject({ state: 'ended', seconds: 30, amountCents: 199 });

    const silent = newCall();
    await keyIn(silent, '8311');
    await post('ended', { CallSid: silent, CallStatus: 'in-progress' });
    expect(await callOf(silent)).toMatchObject({ state: 'connecting' });
    await post('ended', { CallSid: silent, CallStatus: 'completed' });
    expect(await callOf(silent)).toMatchObject({ state: 'missed', amountCents: 0 });
    expect(await flags(luna)).toEqual({ connecting: false, busy: false });
  });

  it('never shows her telephone number or the caller’s in the site’s answers', async () => {
    const callSid = newCall();
    await keyIn(callSid, '8311');
    const show = await t.app.inject({ method: 'GET', url: `/api/shows/${luna.universalId}` });
    expect(show.statusCode).toBe(200);
    expect(show.json()).toMatchObject({ phoneChat: true, phoneExtension: '8311', phoneChatConnecting: true });
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().phone_chat).toMatchObject({ number: '0900 5 111222' });
    for (const body of [show.body, config.body]) {
      expect(body).not.toContain(HER);
      expect(body).not.toContain(CALLER);
    }
    await post('ended', { CallSid: callSid, CallStatus: 'completed' });
  });

  it('sweeps a call whose reports never came at the maximum and ends it at Twilio too', async () => {
    const api = await fakeProvider({ status: 200, body: {} });
    try {
      const line = twilioPhoneChatLine(
        {
          accountSid: SID,
          authToken: TOKEN,
          apiUrl: api.url,
          publicUrl: 'http://localhost:3000',
          entry: { kind: 'sip_domain', value: DOMAIN },
          callerId: OUR_NUMBER,
        },
        { timeoutMs: 1000 },
      );
      const callSid = newCall();
      const callId = callIdIn((await keyIn(callSid, '8311')).body);
      await leg(callSid, callId, 'in-progress');
      const warned: object[] = [];
      const deps = { db: t.db, presence: t.app.ctx.presence };
      const later = new Date(Date.now() + 10 * 60_000);
      const swept = await sweepPhoneChatCalls(deps, 2, later, endAtTwilio(line, { warn: (o) => warned.push(o) }));
      expect(swept.ended).toContain(callId);
      expect(await callOf(callSid)).toMatchObject({ state: 'ended', seconds: 120, amountCents: 2 * 199 });
      expect(api.received.map((r) => [r.url, r.body])).toContainEqual([
        `/2010-04-01/Accounts/${SID}/Calls/${callSid}.json`,
        'Status=completed',
      ]);
      expect(warned).toEqual([]);
      // Twilio's own end arriving afterwards changes nothing.
      await dialOver(callSid, callId, 'completed', { DialCallDuration: '130' });
      expect(await callOf(callSid)).toMatchObject({ state: 'ended', seconds: 120 });
    } finally {
      await api.close();
    }
  });
});
