import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import {
  expectInvalid,
  expectRefused,
  registerAndVerify,
  sendBrokenJson,
  sendOversized,
  sendWithXsrf,
} from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { type PushServiceStandIn, startPushService } from '#server/test/push-service.ts';
import { MAX_PUSH_DEVICES } from './mutations.ts';

let t: TestContext;
let service: PushServiceStandIn;
let member: TestClient;
let n = 0;
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  service = await startPushService();
  member = (await registerAndVerify(t, 'push-member@example.com')).client;
});
afterAll(async () => {
  await service.close();
  await t.close();
});

const subscription = () => service.subscribe(t.config.webPush?.keys.publicKey ?? '');
const rows = () => t.db.select().from(pushSubscriptions);

describe('the public key', () => {
  it('answers the VAPID public key to anybody', async () => {
    const res = await t.client().get('/api/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: t.config.webPush?.keys.publicKey ?? '' });
    expect(Buffer.from(res.json().public_key, 'base64url')).toHaveLength(65);
  });
});

describe('subscribing a device', () => {
  it('keeps the subscription with its language and a device name, again renews it, and lists it', async () => {
    const s = subscription();
    const de = new (member.constructor as typeof TestClient)(t.app, 'de');
    de.cookies = member.cookies;
    const res = await member.post('/api/push/subscriptions', s, { 'user-agent': CHROME_ANDROID });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows()).toMatchObject([{ endpoint: s.endpoint, locale: 'en', label: 'Chrome · Android' }]);
    expect((await de.post('/api/push/subscriptions', s)).statusCode).toBe(200);
    expect(await rows()).toMatchObject([{ endpoint: s.endpoint, locale: 'de' }]);
    const list = await member.get('/api/push/subscriptions');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: expect.any(Number), label: 'Browser', locale: 'de', created_at: expect.any(String), last_success_at: null },
    ]);
    expect(list.body).not.toContain(s.endpoint);
    expect(list.body).not.toContain(s.keys.auth);
  });

  it('moves a browser another member signs in to over to her', async () => {
    const s = subscription();
    expect((await member.post('/api/push/subscriptions', s)).statusCode).toBe(200);
    const other = (await registerAndVerify(t, `push-other-${++n}@example.com`)).client;
    expect((await other.post('/api/push/subscriptions', s)).statusCode).toBe(200);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
    const me = (await other.get('/api/auth/user')).json();
    expect(row?.userId).toBe(me.id ?? me.user?.id);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices a member, the newest`, async () => {
    const busy = (await registerAndVerify(t, `push-busy-${++n}@example.com`)).client;
    for (let i = 0; i < MAX_PUSH_DEVICES + 2; i += 1) {
      expect((await busy.post('/api/push/subscriptions', subscription())).statusCode).toBe(200);
    }
    expect((await busy.get('/api/push/subscriptions')).json().data).toHaveLength(MAX_PUSH_DEVICES);
  });

  it('refuses a malformed, incomplete, oversized or non-https subscription, changing nothing', async () => {
    const s = subscription();
    const url = '/api/push/subscriptions';
    const before = await rows();
    await expectInvalid(t, () => member.post(url, { ...s, endpoint: 'http://push.example.com/x' }), {
      endpoint: ['errors.validations.url'],
    });
    await expectInvalid(t, () => member.post(url, { ...s, endpoint: 'not a url' }), {
      endpoint: ['errors.validations.url'],
    });
    await expectInvalid(t, () => member.post(url, { ...s, keys: { ...s.keys, p256dh: 'AAAA' } }), {
      'keys.p256dh': ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => member.post(url, { ...s, keys: { ...s.keys, auth: 'ab$d' } }), {
      'keys.auth': ['errors.validations.invalid'],
    });
    const missing = await expectRefused(t, () => member.post(url, { endpoint: s.endpoint }), 422, 'validation_failed');
    expect(Object.keys(missing.errors ?? {})).toContain('keys');
    await expectRefused(t, () => sendBrokenJson(member, 'POST', url), 400, 'bad_request');
    await expectRefused(t, () => sendOversized(member, 'POST', url, s), 413, 'payload_too_large');
    await expectInvalid(t, () => member.post(url, { ...s, endpoint: `https://push.example.com/${'x'.repeat(2100)}` }), {
      endpoint: ['errors.validations.too_long'],
    });
    expect(await rows()).toEqual(before);
  });

  it('refuses visitors and requests without the CSRF token', async () => {
    const s = subscription();
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const before = await rows();
    await expectRefused(t, () => visitor.post('/api/push/subscriptions', s), 401, 'unauthenticated');
    await expectRefused(t, () => visitor.get('/api/push/subscriptions'), 401, 'unauthenticated');
    await expectRefused(
      t,
      () => visitor.post('/api/push/unsubscribe', { endpoint: s.endpoint }),
      401,
      'unauthenticated',
    );
    await expectRefused(t, () => visitor.delete('/api/push/subscriptions/1'), 401, 'unauthenticated');
    await expectRefused(t, () => sendWithXsrf(member, 'POST', '/api/push/subscriptions', s, {}), 419, 'csrf_mismatch');
    await expectRefused(
      t,
      () => sendWithXsrf(member, 'POST', '/api/push/subscriptions', s, { 'x-xsrf-token': 'forged' }),
      419,
      'csrf_mismatch',
    );
    expect(await rows()).toEqual(before);
  });
});

describe('ending a subscription', () => {
  it('by endpoint for this browser, by id from the settings; never another member’s', async () => {
    const a = subscription();
    const b = subscription();
    const owner = (await registerAndVerify(t, `push-owner-${++n}@example.com`)).client;
    expect((await owner.post('/api/push/subscriptions', a)).statusCode).toBe(200);
    expect((await owner.post('/api/push/subscriptions', b)).statusCode).toBe(200);
    // Another member can neither end nor remove them.
    expect((await member.post('/api/push/unsubscribe', { endpoint: a.endpoint })).statusCode).toBe(200);
    const [first, second] = (await owner.get('/api/push/subscriptions')).json().data;
    await expectRefused(t, () => member.delete(`/api/push/subscriptions/${first.id}`), 404, 'not_found');
    expect((await owner.get('/api/push/subscriptions')).json().data).toHaveLength(2);
    expect((await owner.post('/api/push/unsubscribe', { endpoint: a.endpoint })).statusCode).toBe(200);
    expect((await owner.delete(`/api/push/subscriptions/${first.id}`)).statusCode).toBe(200);
    expect((await owner.get('/api/push/subscriptions')).json().data).toEqual([]);
    expect(second).toBeDefined();
    await expectInvalid(t, () => owner.delete('/api/push/subscriptions/abc'), { id: expect.any(Array) });
    await expectInvalid(t, () => owner.post('/api/push/unsubscribe', {}), { endpoint: expect.any(Array) });
  });
});
