import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { forwardingNumberOf } from '#server/features/phonechat/forwarding.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
let member: TestClient;
let performer: TestClient;
let show: TestShow;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PHONE_CHAT_PROVIDER: 'twilio',
      PHONE_CHAT_NUMBER: '0900 5 111222',
      PHONE_CHAT_ENTRY: 'sip:chat-0900.sip.twilio.com',
      PHONE_CHAT_CALLER_ID: '+4930123456789',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'auth-token-0123456789',
    },
  });
  member = (await registerAndVerify(t, 'phone-chat-member@example.com')).client;
  show = await createShow(t.db, { showName: 'Studio Phone', online: true, phoneChat: true, phoneExtension: '8411' });
  const { performer: row } = await createTestPerformer(t, { email: 'phone-chat@example.com', show });
  performer = await studioClient(t, row.email);
});
afterAll(() => t.close());

const HER = '+4917612345678';
const switchOf = async () =>
  (await t.db.select({ on: shows.phoneChatOn }).from(shows).where(eq(shows.id, show.id)))[0]?.on;

describe('her phone chat in the studio, on the real line', () => {
  it('takes calls only once there is a telephone to put them through to', async () => {
    const start = await performer.get('/api/studio/phone-chat');
    expect(start.json()).toEqual({
      phoneChat: true,
      extension: '8411',
      takingCalls: false,
      needsForwarding: true,
      forwarding: null,
    });
    const refused = await expectRefused(
      t,
      () => performer.post('/api/studio/phone-chat/taking', { on: true }),
      409,
      'conflict',
    );
    expect(refused.errors).toEqual({ on: ['errors.phone_chat.no_forwarding'] });

    const saved = await performer.put('/api/studio/phone-chat', { number: '+49 176 1234-5678', consent: true });
    expect(saved.statusCode, saved.body).toBe(200);
    // Read back masked only: her number is never in an answer, not even to her.
    expect(saved.json()).toMatchObject({ forwarding: '+49 ••• 78' });
    expect(saved.body).not.toContain('12345678');
    expect(await forwardingNumberOf(t.db, show.id)).toBe(HER);

    const on = await performer.post('/api/studio/phone-chat/taking', { on: true });
    expect(on.json()).toMatchObject({ takingCalls: true });
    expect(await switchOf()).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/api/shows/${show.universalId}` });
    expect(page.json()).toMatchObject({ phoneChatOn: true });
    expect(page.body).not.toContain('12345678');

    // Removing the telephone stops the calls.
    const removed = await performer.put('/api/studio/phone-chat', { number: null });
    expect(removed.json()).toMatchObject({ forwarding: null, takingCalls: false });
    expect(await forwardingNumberOf(t.db, show.id)).toBeNull();
  });

  it('refuses an offline performer, numbers not in international form, and a number without consent', async () => {
    await performer.put('/api/studio/phone-chat', { number: HER, consent: true });
    await t.db.update(shows).set({ online: false }).where(eq(shows.id, show.id));
    const offline = await expectRefused(
      t,
      () => performer.post('/api/studio/phone-chat/taking', { on: true }),
      409,
      'conflict',
    );
    expect(offline.errors).toEqual({ on: ['errors.phone_chat.offline'] });
    await t.db.update(shows).set({ online: true }).where(eq(shows.id, show.id));

    const put = (body: object) => () => performer.put('/api/studio/phone-chat', body);
    await expectInvalid(t, put({ number: '0176 12345678', consent: true }), { number: ['errors.validations.phone'] });
    await expectInvalid(t, put({ number: `+49${'1'.repeat(40)}`, consent: true }), {
      number: ['errors.validations.phone'],
    });
    await expectInvalid(t, put({ number: HER }), { consent: ['errors.validations.consent'] });
    await expectInvalid(t, put({ number: HER, consent: false }), { consent: ['errors.validations.consent'] });
    await expectInvalid(t, put({}), { number: ['errors.validations.type.text'] });
    await expectInvalid(t, put({ number: 49176, consent: true }), { number: ['errors.validations.type.text'] });
    await expectInvalid(t, put({ number: HER, consent: true, extension: '1000' }), {
      _: ['errors.validations.invalid'],
    });
    const taking = (body: object) => () => performer.post('/api/studio/phone-chat/taking', body);
    await expectInvalid(t, taking({}), { on: ['errors.validations.type.boolean'] });
    await expectInvalid(t, taking({ on: 'yes' }), { on: ['errors.validations.type.boolean'] });
  });

  it('is hers alone: members and visitors are not let in', async () => {
    await expectRefused(t, () => member.get('/api/studio/phone-chat'), 401, 'unauthenticated');
    const visitor = t.client();
    await expectRefused(t, () => visitor.get('/api/studio/phone-chat'), 401, 'unauthenticated');
  });

  it('answers 404 to a performer whose show offers no phone chat', async () => {
    const plain = await createShow(t.db, { showName: 'Studio No Phone', online: true });
    const { performer: row } = await createTestPerformer(t, { email: 'no-phone@example.com', show: plain });
    const client = await studioClient(t, row.email);
    expect((await client.get('/api/studio/phone-chat')).json()).toMatchObject({ phoneChat: false, extension: null });
    await expectRefused(t, () => client.post('/api/studio/phone-chat/taking', { on: true }), 404, 'not_found');
  });
});

describeWriteGuards(
  () => ({ t, member, performer }),
  [
    { method: 'PUT', url: '/api/studio/phone-chat', body: { number: HER, consent: true }, as: 'performer' },
    { method: 'POST', url: '/api/studio/phone-chat/taking', body: { on: false }, as: 'performer' },
  ],
);
