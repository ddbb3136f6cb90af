import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '#server/providers/twilio-signature.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import { twilioSms } from './twilio.ts';
import { SmsDeliveryError } from './types.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'auth-token-0123456789';
const MESSAGE = `SM${'a'.repeat(32)}`;
const quiet = { debug: () => {}, warn: () => {} };

let fake: FakeProvider;
beforeAll(async () => {
  fake = await fakeProvider();
});
afterAll(() => fake.close());

const gateway = (from = '+4915100000000', timeoutMs = 2000) =>
  twilioSms({ accountSid: SID, authToken: TOKEN, apiUrl: fake.url, from }, { timeoutMs }, quiet);
const send = (g = gateway()) =>
  g.send({ to: '+4915123456789', text: 'Code 123456' }, { statusCallback: 'https://cams.example/cb' });

describe('Twilio messages', () => {
  it('posts the message with basic auth and answers its sid', async () => {
    fake.answer({ status: 201, body: { sid: MESSAGE, status: 'queued' } });
    expect(await send()).toEqual({ id: MESSAGE });
    const req = fake.received.at(-1);
    expect(req).toMatchObject({ method: 'POST', url: `/2010-04-01/Accounts/${SID}/Messages.json` });
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({
      To: '+4915123456789',
      From: '+4915100000000',
      Body: 'Code 123456',
      StatusCallback: 'https://cams.example/cb',
    });
    const service = `MG${'b'.repeat(32)}`;
    await send(gateway(service));
    expect(new URLSearchParams(fake.received.at(-1)?.body).get('MessagingServiceSid')).toBe(service);
  });

  it('tells a refused number from a gateway that cannot be asked', async () => {
    const refused = async (reply: Parameters<FakeProvider['answer']>[0], timeoutMs?: number) => {
      fake.answer(reply);
      const err = await send(gateway(undefined, timeoutMs)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SmsDeliveryError);
      return (err as SmsDeliveryError).reason;
    };
    expect(await refused({ status: 400, body: { code: 21211, message: "Invalid 'To' Phone Number" } })).toBe(
      'unreachable',
    );
    expect(await refused({ status: 400, body: { code: 21614, message: 'not a mobile number' } })).toBe('unreachable');
    expect(await refused({ status: 401, body: { code: 20003, message: 'Authenticate' } })).toBe('unavailable');
    expect(await refused({ status: 503, body: 'down' })).toBe('unavailable');
    expect(await refused({ status: 201, body: { sid: 'nonsense' } })).toBe('unavailable');
    expect(await refused({ status: 201, body: { sid: MESSAGE }, delayMs: 1000 }, 100)).toBe('unavailable');
  });
});

describe('Twilio delivery reports', () => {
  const URL = 'https://cams.example/api/free_coins/sms-status/twilio';
  const report = (params: Record<string, string>, token = TOKEN) => ({
    url: URL,
    rawBody: new URLSearchParams(params).toString(),
    headers: { 'x-twilio-signature': twilioSignature(token, URL, params) },
  });
  const base = {
    AccountSid: SID,
    MessageSid: MESSAGE,
    SmsSid: MESSAGE,
    To: '+4915123456789',
    ApiVersion: '2010-04-01',
  };

  it('reads a signed report as the message, its state and an id per state', () => {
    expect(gateway().readStatus?.(report({ ...base, MessageStatus: 'undelivered', ErrorCode: '30003' }))).toEqual({
      ok: true,
      event: { eventId: `${MESSAGE}:undelivered`, messageId: MESSAGE, status: 'undelivered', errorCode: '30003' },
    });
    const delivered = gateway().readStatus?.(report({ ...base, MessageStatus: 'delivered' }));
    expect(delivered).toMatchObject({ ok: true, event: { status: 'delivered', errorCode: null } });
    expect(gateway().readStatus?.(report({ ...base, MessageStatus: 'receiving' }))).toEqual({ ok: true, event: null });
  });

  it('refuses forged, altered and malformed reports', () => {
    const g = gateway();
    expect(g.readStatus?.(report({ ...base, MessageStatus: 'sent' }, 'other-token'))).toEqual({
      ok: false,
      reason: 'signature',
    });
    const r = report({ ...base, MessageStatus: 'failed' });
    expect(g.readStatus?.({ ...r, rawBody: r.rawBody.replace('failed', 'delivered') })).toMatchObject({
      reason: 'signature',
    });
    expect(g.readStatus?.({ ...r, url: `${URL}?x=1` })).toMatchObject({ reason: 'signature' });
    expect(g.readStatus?.(report({ ...base, MessageSid: 'SM1', MessageStatus: 'sent' }))).toMatchObject({
      reason: 'malformed',
    });
    expect(g.readStatus?.(report({ ...base, AccountSid: `AC${'2'.repeat(32)}`, MessageStatus: 'sent' }))).toMatchObject(
      { reason: 'malformed' },
    );
  });
});
