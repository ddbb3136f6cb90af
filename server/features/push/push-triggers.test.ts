import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import { users } from '#server/db/schema/users.ts';
import { noticeFavoritesOnline } from '#server/features/favorites/online-notices.ts';
import { replyToMember } from '#server/features/messages/replies.ts';
import { sendToShow, writer } from '#server/features/messages/testing.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { type PushServiceStandIn, startPushService } from '#server/test/push-service.ts';
import { createPushSender } from './sender.ts';

let t: TestContext;
let service: PushServiceStandIn;
let n = 0;
/** 20:30 on a winter evening in Berlin, 12:00 at noon, and 20:30 the day after. */
const EVENING = new Date('2026-11-24T19:30:00Z');
const LATER = new Date('2026-11-24T20:45:00Z');
const NOON = new Date('2026-11-24T11:00:00Z');
const NEXT_EVENING = new Date('2026-11-25T19:30:00Z');

beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});
afterEach(() => vi.restoreAllMocks());

/** Subscribes the member's browser at the stand-in (in her language); answers its endpoint. */
async function device(client: TestClient) {
  const s = service.subscribe(t.config.webPush?.keys.publicKey ?? '');
  expect((await client.post('/api/push/subscriptions', s)).statusCode).toBe(200);
  return s.endpoint;
}
const pushesTo = (endpoint: string) => service.received.filter((p) => p.endpoint === endpoint);
const away = () => vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(false);
const mailsTo = async (email: string, template: string) =>
  (await t.mails()).filter((m) => m.toAddress === email && m.template === template);

async function fan(show: TestShow, window: [string, string], lang = 'en') {
  const email = `push-fan-${++n}@example.com`;
  const { client, user } = await registerAndVerify(t, email, { lang });
  expect((await client.post(`/api/favorites/${show.universalId}`)).statusCode).toBe(200);
  const body = { info_start: `${window[0]}:00+01:00`, info_end: `${window[1]}:00+01:00`, time_zone: 'Europe/Berlin' };
  expect((await client.put(`/api/favorites/${show.universalId}`, body)).statusCode).toBe(200);
  return { client, userId: user.id, email };
}
const online = (show: TestShow, at: Date) => noticeFavoritesOnline(t.app.ctx, [show.universalId], at);

describe('the sender, as a push service sees it', () => {
  it('signs with VAPID and encrypts per RFC 8291: the service decrypts exactly the payload', async () => {
    const { client, user } = await registerAndVerify(t, `push-sender-${++n}@example.com`);
    const endpoint = await device(client);
    const payload = { title: 'Hi', body: 'Ünïcode ✓', url: '/chat/1/a', tag: 'x' };
    const sent = await t.app.ctx.push.toMember(user.id, () => payload, {
      ttlSeconds: 60,
      urgency: 'high',
      topic: 't1',
    });
    expect(sent).toBe(1);
    expect(pushesTo(endpoint)).toEqual([
      { endpoint, status: 201, payload, ttl: 60, urgency: 'high', topic: 't1', refusal: null },
    ]);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('is refused by the service when signed with another key; 404 and 410 drop the device, 500 keeps it', async () => {
    const { client, user } = await registerAndVerify(t, `push-gone-${++n}@example.com`);
    const endpoint = await device(client);
    const forged = createPushSender({
      db: t.db,
      config: {
        webPush: { subject: 'mailto:a@b.example', keys: (await import('#server/env-web-push.ts')).newVapidKeys() },
      },
      log: { warn: () => {} },
    });
    const payload = () => ({ title: 'a', body: 'b', url: '/', tag: 'c' });
    expect(await forged.toMember(user.id, payload, { ttlSeconds: 60, urgency: 'normal' })).toBe(0);
    expect(pushesTo(endpoint).at(-1)?.status).toBe(403);
    service.answer(endpoint, 500);
    expect(await t.app.ctx.push.toMember(user.id, payload, { ttlSeconds: 60, urgency: 'normal' })).toBe(0);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(1);
    const logged = t.logLines.filter((l) => l.includes('push refused')).join('\n');
    expect(logged).toContain(service.origin);
    expect(logged).not.toContain(endpoint);
    // A redirect is not followed: the push failed, the device stays, nothing reached the target.
    service.answer(endpoint, 302);
    expect(await t.app.ctx.push.toMember(user.id, payload, { ttlSeconds: 60, urgency: 'normal' })).toBe(0);
    expect(pushesTo(endpoint).at(-1)?.status).toBe(302);
    expect(service.received.some((p) => p.endpoint.endsWith('/redirected'))).toBe(false);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(1);
    service.answer(endpoint, 410);
    expect(await t.app.ctx.push.toMember(user.id, payload, { ttlSeconds: 60, urgency: 'normal' })).toBe(0);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    const other = await device(client);
    service.answer(other, 404);
    await t.app.ctx.push.toMember(user.id, payload, { ttlSeconds: 60, urgency: 'normal' });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });
});

describe('a favorite comes online', () => {
  it('pushes instead of mailing, once a day, inside her window only, not while she is on the site', async () => {
    const show = await createShow(t.db, { showName: 'Pushy Pia', online: true });
    const f = await fan(show, ['20:00', '23:00']);
    const endpoint = await device(f.client);
    const here = vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(true);
    expect(await online(show, EVENING)).toEqual({ notified: 1, mailed: 0, pushed: 0 });
    expect(pushesTo(endpoint)).toEqual([]);
    here.mockResolvedValue(false);
    expect(await online(show, NOON)).toEqual({ notified: 0, mailed: 0, pushed: 0 });
    expect(await online(show, LATER)).toEqual({ notified: 1, mailed: 0, pushed: 1 });
    expect(pushesTo(endpoint).map((p) => p.payload)).toEqual([
      {
        title: 'Pushy Pia is online now',
        body: 'Your favorite is live on LiveCam. Tap to watch.',
        url: `/chat/${show.universalId}/${show.slugName}`,
        tag: `favorite-${show.universalId}`,
      },
    ]);
    expect(pushesTo(endpoint)[0]).toMatchObject({ ttl: 900, urgency: 'high' });
    // Later the same day: the notice again, but no second push; nor a mail.
    expect(await online(show, new Date(LATER.getTime() + 45 * 60_000))).toEqual({ notified: 1, mailed: 0, pushed: 0 });
    expect(await online(show, NEXT_EVENING)).toEqual({ notified: 1, mailed: 0, pushed: 1 });
    expect(await mailsTo(f.email, 'favorite_online')).toEqual([]);
  });

  it('in the language of the device; a device gone (410) is dropped and the mail goes instead', async () => {
    const show = await createShow(t.db, { showName: 'Deutsche Dora', online: true });
    const f = await fan(show, ['00:00', '00:00'], 'de');
    const endpoint = await device(f.client);
    await t.db.update(pushSubscriptions).set({ locale: 'de' }).where(eq(pushSubscriptions.endpoint, endpoint));
    away();
    expect(await online(show, EVENING)).toMatchObject({ pushed: 1, mailed: 0 });
    expect(pushesTo(endpoint)[0]?.payload).toMatchObject({
      title: 'Deutsche Dora ist jetzt online',
      body: 'Ihre Favoritin ist jetzt live bei LiveCam. Tippen zum Zuschauen.',
    });
    service.answer(endpoint, 410);
    expect(await online(show, NEXT_EVENING)).toMatchObject({ pushed: 0, mailed: 1 });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
    expect(await mailsTo(f.email, 'favorite_online')).toHaveLength(1);
  });

  it('pushes to an unconfirmed or mail-refusing member too (her own device), but never to a blocked one', async () => {
    const show = await createShow(t.db, { showName: 'Quiet Quinn', online: true });
    const f = await fan(show, ['00:00', '00:00']);
    const endpoint = await device(f.client);
    await t.db.update(users).set({ isVerified: false, favoriteMail: false }).where(eq(users.id, f.userId));
    away();
    expect(await online(show, EVENING)).toMatchObject({ pushed: 1 });
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, f.userId));
    expect(await online(show, NEXT_EVENING)).toMatchObject({ notified: 0, pushed: 0 });
    expect(pushesTo(endpoint)).toHaveLength(1);
  });
});

describe('a performer answers a message', () => {
  it('pushes one per answer to a member who is away, instead of the mail; none while she is here', async () => {
    const show = await createShow(t.db, { showName: 'Answering Ada' });
    const m = await writer(t, 0);
    const c = (await sendToShow(m, show)).json().data.conversation.id;
    const endpoint = await device(m.client);
    const here = vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(true);
    await replyToMember(t.app.ctx, { conversationId: c, body: 'A secret' });
    await t.app.ctx.background.settled();
    expect(pushesTo(endpoint)).toEqual([]);
    here.mockResolvedValue(false);
    await replyToMember(t.app.ctx, { conversationId: c, body: 'Second' });
    await replyToMember(t.app.ctx, { conversationId: c, body: 'Third' });
    await t.app.ctx.background.settled();
    const expected = {
      title: 'Answering Ada answered you',
      body: 'Open your messages on LiveCam to read it.',
      url: `/messages/${c}`,
      tag: `message-${c}`,
    };
    expect(pushesTo(endpoint).map((p) => p.payload)).toEqual([expected, expected]);
    expect(JSON.stringify(service.received)).not.toContain('Second');
    expect(await mailsTo(m.email, 'message_reply')).toEqual([]);
  });
});
