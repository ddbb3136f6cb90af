import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { performerSessions } from '#server/db/schema/performers.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, PERFORMER_PASSWORD, studioClient } from '#server/test/performers.ts';
import { setPerformerStatus } from './mutations.ts';
import { PERFORMER_COOKIE } from './session.ts';

let t: TestContext;
let member: TestClient;
let performer: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'studio-api-member@example.com')).client;
  const { performer: row } = await createTestPerformer(t, { email: 'guards@example.com' });
  performer = await studioClient(t, row.email);
});
afterAll(() => t.close());

/** A browser that fetched its CSRF cookie first, so a refused write changes no table. */
async function browser(ip?: string) {
  const client = new TestClient(t.app, 'en', ip);
  await client.get('/api/auth/csrf-cookie');
  return client;
}

const isOnline = async (showId: number) =>
  (await t.db.select({ online: shows.online }).from(shows).where(eq(shows.id, showId)))[0]?.online;

describe('POST /api/studio/login', () => {
  it('signs her in with her own cookie and answers her account and her show', async () => {
    const { performer: row, show } = await createTestPerformer(t, { email: 'Mia@Example.com' });
    const client = new TestClient(t.app, 'en', '127.0.0.1');
    const res = await client.post('/api/studio/login', { email: ' MIA@example.com ', password: PERFORMER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      performer: { id: row.id, email: 'mia@example.com' },
      show: {
        universalId: show.universalId,
        showName: show.showName,
        online: false,
        prices: { private: 30, exclusive: null, exclusiveOnly: false },
      },
    });
    const cookies = String(res.headers['set-cookie'])
      .split(/,(?=\s*\S+=)/)
      .map((c) => c.trim())
      .filter((c) => c.startsWith(PERFORMER_COOKIE));
    // Sent to the whole API (the socket handshake too); the one of the former path is cleared.
    const cookie = cookies.find((c) => !c.startsWith(`${PERFORMER_COOKIE}=;`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith(`${PERFORMER_COOKIE}=;`))).toMatch(/Path=\/api\/studio(;|$)/);
    expect((await client.get('/api/studio/me')).json().show.universalId).toBe(show.universalId);
  });

  it('answers 422 field errors for missing or malformed details', async () => {
    const client = await browser();
    await expectInvalid(t, () => client.post('/api/studio/login', { email: '', password: '' }), {
      email: ['errors.validations.required'],
      password: ['errors.validations.required'],
    });
    await expectInvalid(t, () => client.post('/api/studio/login', { email: 'nope', password: 'x' }), {
      email: ['errors.validations.email'],
    });
  });

  it('answers unknown_credentials alike for a wrong password, an unknown address and a disabled account', async () => {
    const { performer: row } = await createTestPerformer(t, { email: 'wrong@example.com' });
    const { performer: off } = await createTestPerformer(t, { email: 'off@example.com' });
    await setPerformerStatus(t.db, off.id, 'disabled');
    for (const [email, password] of [
      [row.email, 'not-her-password'],
      ['nobody@example.com', PERFORMER_PASSWORD],
      [off.email, PERFORMER_PASSWORD],
    ]) {
      const client = await browser();
      await expectRefused(t, () => client.post('/api/studio/login', { email, password }), 401, 'unknown_credentials');
    }
  });

  it('slows an account down after ten attempts (429 throttle), even with the right password', async () => {
    const { performer: row } = await createTestPerformer(t, { email: 'throttled@example.com' });
    const client = await browser();
    for (let i = 0; i < 10; i++) await client.post('/api/studio/login', { email: row.email, password: 'wrong-one-1' });
    const body = await expectRefused(
      t,
      () => client.post('/api/studio/login', { email: row.email, password: PERFORMER_PASSWORD }),
      429,
      'throttle',
    );
    expect(body.message).toBeTruthy();
  });

  it('refuses demo logins to callers from other machines', async () => {
    await createTestPerformer(t, { email: 'demo-star@performers.livecam.local' });
    const remote = await browser('203.0.113.9');
    const send = () =>
      remote.post('/api/studio/login', { email: 'demo-star@performers.livecam.local', password: PERFORMER_PASSWORD });
    await expectRefused(t, send, 401, 'unknown_credentials');
    await studioClient(t, 'demo-star@performers.livecam.local');
  });
});

describe('the studio session', () => {
  it('drives her own show on and off line through presence', async () => {
    const { performer: row, show } = await createTestPerformer(t, { email: 'presence@example.com' });
    const client = await studioClient(t, row.email);
    const heard: unknown[] = [];
    const stop = t.app.ctx.presence.onChange((change) => heard.push(change));
    const on = await client.post('/api/studio/presence', { online: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().show.online).toBe(true);
    expect(await isOnline(show.id)).toBe(true);
    expect(heard).toEqual([{ [show.universalId]: { online: true } }]);
    const off = await client.post('/api/studio/presence', { online: false });
    expect(off.json().show.online).toBe(false);
    expect(await isOnline(show.id)).toBe(false);
    stop();
  });

  it('signs out on the server: the old cookie opens nothing any more', async () => {
    const { performer: row } = await createTestPerformer(t, { email: 'logout@example.com' });
    const client = await studioClient(t, row.email);
    const token = client.cookies.get(PERFORMER_COOKIE) ?? '';
    const res = await client.post('/api/studio/logout', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(client.cookies.has(PERFORMER_COOKIE)).toBe(false);
    const sessions = await t.db.select().from(performerSessions).where(eq(performerSessions.performerId, row.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    client.cookies.set(PERFORMER_COOKIE, token);
    await expectRefused(t, () => client.get('/api/studio/me'), 401, 'unauthenticated');
  });

  it('ends when her account is disabled', async () => {
    const { performer: row } = await createTestPerformer(t, { email: 'disabled-later@example.com' });
    const client = await studioClient(t, row.email);
    await setPerformerStatus(t.db, row.id, 'disabled');
    await expectRefused(t, () => client.get('/api/studio/me'), 401, 'unauthenticated');
  });

  it('never reaches member routes, and a member session never reaches the studio', async () => {
    const only = await browser('127.0.0.1');
    only.cookies.set(PERFORMER_COOKIE, performer.cookies.get(PERFORMER_COOKIE) ?? '');
    await expectRefused(t, () => only.get('/api/auth/user'), 401, 'unauthenticated');
    await expectRefused(t, () => only.post('/api/videos/buy/1/1', { payment: 'coins' }), 401, 'unauthenticated');
    await expectRefused(t, () => member.get('/api/studio/me'), 401, 'unauthenticated');
    await expectRefused(t, () => member.post('/api/studio/presence', { online: true }), 401, 'unauthenticated');
    await expectRefused(t, () => t.client().get('/api/studio/me'), 401, 'unauthenticated');
  });
});

describeWriteGuards(
  () => ({ t, member, performer }),
  [
    {
      method: 'POST',
      url: '/api/studio/login',
      body: { email: 'x@example.com', password: 'whatever1' },
      as: 'visitor',
    },
    { method: 'POST', url: '/api/studio/logout', body: {}, as: 'performer' },
    { method: 'POST', url: '/api/studio/presence', body: { online: true }, as: 'performer' },
  ],
);
