import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import { dbState, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { e164, freshNumber, smsRows } from './testing.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const CALLBACK = '/api/free_coins/sms-status/twilio';

let t: TestContext;
let twilio: FakeProvider;
beforeAll(async () => {
  twilio = await fakeProvider();
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_SMS_FROM: '+4915100000000',
      TWILIO_API_URL: twilio.url,
      PROVIDER_TIMEOUT_MS: '500',
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

let n = 0;
/** A member who asked for a code: the message id Twilio gave it and the code in its text. */
async function sent() {
  n += 1;
  const { client, user } = await registerAndVerify(t, `twilio-sms-${n}@example.com`);
  const message = `SM${String(n).padStart(32, '0')}`;
  twilio.answer({ status: 201, body: { sid: message, status: 'queued' } });
  const typed = freshNumber();
  const res = await client.post('/api/free_coins/send', { phone: typed });
  expect(res.statusCode, res.body).toBe(200);
  const form = new URLSearchParams(twilio.received.at(-1)?.body);
  const code = form.get('Body')?.match(/\b(\d{6})\b/)?.[1] ?? '';
  return { client, userId: user.id, message, to: e164(typed), code, form };
}

/** A delivery report as Twilio posts it to the status callback, signed for the public URL. */
function report(params: Record<string, string>, token = TOKEN) {
  const body = { AccountSid: SID, ApiVersion: '2010-04-01', ...params };
  const signature = twilioSignature(token, `http://localhost:3000${CALLBACK}`, body);
  return () =>
    t.app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(body).toString(),
    });
}

const state = async () => ({
  ...(await dbState(t)),
  sms: await smsRows(t),
  events: await t.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
});
type Sent = Awaited<ReturnType<TestContext['app']['inject']>>;
async function unchanged(send: () => Promise<Sent>, status: number, error?: string) {
  const before = await state();
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  if (error) expect(res.json().error).toBe(error);
  expect(await state()).toEqual(before);
  return res;
}

describe('free coins through Twilio', () => {
  it('texts the code through the Messages API, with our status callback, and keeps the message id', async () => {
    const { userId, message, to, code, form } = await sent();
    expect(twilio.received.at(-1)?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(form.get('To')).toBe(to);
    expect(form.get('From')).toBe('+4915100000000');
    expect(form.get('StatusCallback')).toBe(`http://localhost:3000${CALLBACK}`);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await smsRows(t, userId);
    expect(row?.gatewayMessageId).toBe(message);
  });

  it('refuses a number Twilio refuses, and answers 503 when Twilio cannot be reached, keeping no code', async () => {
    const { client, user } = await registerAndVerify(t, 'twilio-refused@example.com');
    twilio.answer({ status: 400, body: { code: 21614, message: "'To' number is not a valid mobile number" } });
    const refused = await client.post('/api/free_coins/send', { phone: freshNumber() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ phone: ['free_coins.errors.unreachable'] });
    twilio.answer({ status: 201, body: { sid: `SM${'f'.repeat(32)}` }, delayMs: 2000 });
    const slow = await client.post('/api/free_coins/send', { phone: freshNumber() });
    expect(slow.statusCode).toBe(503);
    expect(slow.json().error).toBe('unavailable');
    expect(await smsRows(t, user.id)).toEqual([]);
  });

  it('records a delivery once; a failed delivery ends the code', async () => {
    const { client, userId, message, code } = await sent();
    const delivered = report({ MessageSid: message, MessageStatus: 'sent' });
    expect((await delivered()).json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await unchanged(delivered, 200)).json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await smsRows(t, userId))[0]?.deliveryStatus).toBe('sent');

    const failed = report({ MessageSid: message, MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect((await failed()).json()).toEqual({ ok: true, outcome: 'applied' });
    const [row] = await smsRows(t, userId);
    expect(row).toMatchObject({ deliveryStatus: 'undelivered' });
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await client.get('/api/free_coins')).json().pending).toBeNull();
    const verify = await client.post('/api/free_coins/verify', { code });
    expect(verify.json().errors).toEqual({ code: ['free_coins.errors.code_expired'] });
    expect(await balanceOf(t.db, userId)).toBe(0);
    // A late report of an earlier step is kept for the record and changes nothing else.
    const late = await report({ MessageSid: message, MessageStatus: 'delivered' })();
    expect(late.json()).toEqual({ ok: true, outcome: 'ignored:late' });
    expect((await smsRows(t, userId))[0]?.deliveryStatus).toBe('undelivered');
  });

  it('refuses forged, malformed and unknown reports and changes nothing', async () => {
    const { message } = await sent();
    await unchanged(report({ MessageSid: message, MessageStatus: 'failed' }, 'not-the-token'), 403, 'forbidden');
    const unsigned = () =>
      t.app.inject({
        method: 'POST',
        url: CALLBACK,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `AccountSid=${SID}&MessageSid=${message}&MessageStatus=failed`,
      });
    await unchanged(unsigned, 403, 'forbidden');
    await unchanged(report({ MessageSid: 'SM1', MessageStatus: 'failed' }), 400, 'bad_request');
    await unchanged(report({ MessageSid: `SM${'e'.repeat(32)}`, MessageStatus: 'failed' }), 404, 'not_found');
    const json = () =>
      t.app.inject({ method: 'POST', url: CALLBACK, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect((await json()).statusCode).toBe(415);
    const rows = await t.db.select().from(smsVerifications).where(eq(smsVerifications.gatewayMessageId, message));
    expect(rows[0]?.deliveryStatus).toBeNull();
  });
});
