import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PRICE_MAX } from '#common/constants.ts';
import {
  EXCLUSIVE_FACTOR_MAX,
  EXCLUSIVE_FACTOR_MIN,
  PRICE_PER_MINUTE_MAX,
  PRICE_PER_MINUTE_MIN,
} from '#common/domain/show-settings.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { performerSessions } from '#server/db/schema/performers.ts';
import { createShow } from '#server/test/catalog.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, PERFORMER_PASSWORD, studioClient } from '#server/test/performers.ts';
import { closeAll, listenLocal, openSocket, type TestSocket } from '#server/test/sockets.ts';
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
afterEach(closeAll);

/** A browser that fetched its CSRF cookie first, so a refused write changes no table. */
async function browser(ip?: string) {
  const client = new TestClient(t.app, 'en', ip);
  await client.get('/api/auth/csrf-cookie');
  return client;
}

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
        free: false,
        pricePerMinute: 30,
        priceFactorExclusive: 150,
        exclusive: 0,
        messagePrice: 0,
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

  it("throttles a stranger's own browser and address after five wrong passwords (429 throttle), even with the right one", async () => {
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
    await expectRefused(t, () => member.post('/api/studio/live/stop', {}), 401, 'unauthenticated');
    await expectRefused(t, () => t.client().get('/api/studio/me'), 401, 'unauthenticated');
  });
});

const settingsOf = async (showId: number) =>
  (
    await t.db
      .select({
        free: shows.free,
        pricePerMinute: shows.pricePerMinute,
        priceFactorExclusive: shows.priceFactorExclusive,
        exclusive: shows.exclusive,
      })
      .from(shows)
      .where(eq(shows.id, showId))
  )[0];

/** Resolves with the first show:bulkupdate that names the show; fails after `ms`. */
function bulkUpdateFor(socket: TestSocket, universalId: string, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no show:bulkupdate for ${universalId} within ${ms} ms`)), ms);
    socket.on('show:bulkupdate', (updates) => {
      if (!Object.hasOwn(updates, universalId)) return;
      clearTimeout(timer);
      resolve(updates[universalId]);
    });
  });
}

describe('PATCH /api/studio/show', () => {
  it('changes her own show, answers her studio with it, and the show page shows it', async () => {
    const { performer: row, show } = await createTestPerformer(t, { email: 'settings@example.com' });
    const client = await studioClient(t, row.email);
    const res = await client.patch('/api/studio/show', {
      free: true,
      pricePerMinute: 40,
      exclusive: 1,
      priceFactorExclusive: 175,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().show).toMatchObject({
      universalId: show.universalId,
      free: true,
      pricePerMinute: 40,
      priceFactorExclusive: 175,
      exclusive: 1,
      prices: { private: 40, exclusive: 70, exclusiveOnly: false },
    });
    expect(await settingsOf(show.id)).toEqual({
      free: true,
      pricePerMinute: 40,
      priceFactorExclusive: 175,
      exclusive: 1,
    });
    const page = (await t.client().get(`/api/shows/${show.universalId}`)).json();
    expect(page).toMatchObject({
      flags: { free: true, exclusive: 1 },
      pricePerMinute: 40,
      priceFactorExclusive: 175,
    });
    // One field alone leaves the others as they are.
    const only = await client.patch('/api/studio/show', { exclusive: 2 });
    expect(only.json().show).toMatchObject({
      free: true,
      pricePerMinute: 40,
      exclusive: 2,
      prices: { private: null, exclusive: 70, exclusiveOnly: true },
    });
    expect((await client.get('/api/studio/me')).json().show.exclusive).toBe(2);
  });

  it('reads a stored mask with both bits as exclusive only', async () => {
    const show = await createShow(t.db, { exclusive: 3, online: false });
    const { performer: row } = await createTestPerformer(t, { email: 'both-bits@example.com', show });
    const client = await studioClient(t, row.email);
    expect((await client.get('/api/studio/me')).json().show).toMatchObject({
      exclusive: 2,
      prices: { exclusiveOnly: true },
    });
  });

  it('accepts each bound and refuses what lies beyond it with one message', async () => {
    const { performer: row, show } = await createTestPerformer(t, { email: 'bounds@example.com' });
    const client = await studioClient(t, row.email);
    for (const pricePerMinute of [PRICE_PER_MINUTE_MIN, PRICE_PER_MINUTE_MAX]) {
      expect((await client.patch('/api/studio/show', { pricePerMinute })).json().show.pricePerMinute).toBe(
        pricePerMinute,
      );
    }
    for (const priceFactorExclusive of [EXCLUSIVE_FACTOR_MIN, EXCLUSIVE_FACTOR_MAX]) {
      const res = await client.patch('/api/studio/show', { priceFactorExclusive });
      expect(res.json().show.priceFactorExclusive).toBe(priceFactorExclusive);
    }
    const range = ['errors.validations.whole_number_range'];
    for (const pricePerMinute of [PRICE_PER_MINUTE_MIN - 1, PRICE_PER_MINUTE_MAX + 1, 12.5, -30]) {
      await expectInvalid(t, () => client.patch('/api/studio/show', { pricePerMinute }), { pricePerMinute: range });
    }
    for (const priceFactorExclusive of [EXCLUSIVE_FACTOR_MIN - 1, EXCLUSIVE_FACTOR_MAX + 1, 150.5]) {
      await expectInvalid(t, () => client.patch('/api/studio/show', { priceFactorExclusive }), {
        priceFactorExclusive: range,
      });
    }
    for (const exclusive of [3, -1, 4]) {
      await expectInvalid(t, () => client.patch('/api/studio/show', { exclusive }), {
        exclusive: ['errors.validations.invalid'],
      });
    }
    // One bad field refuses the whole body: the good one is not written either.
    await expectInvalid(t, () => client.patch('/api/studio/show', { free: true, pricePerMinute: 0 }), {
      pricePerMinute: range,
    });
    expect((await settingsOf(show.id))?.free).toBe(false);
  });

  it('sets the message price from 0 to MESSAGE_PRICE_MAX and refuses anything else', async () => {
    const { performer: row, show } = await createTestPerformer(t, { email: 'message-price@example.com' });
    const client = await studioClient(t, row.email);
    const priceOf = async () =>
      (await t.db.select({ p: shows.messagePrice }).from(shows).where(eq(shows.id, show.id)))[0]?.p;
    for (const messagePrice of [MESSAGE_PRICE_MAX, 0, 25]) {
      const res = await client.patch('/api/studio/show', { messagePrice });
      expect(res.json().show.messagePrice).toBe(messagePrice);
    }
    expect(await priceOf()).toBe(25);
    const range = ['errors.validations.whole_number_range'];
    for (const messagePrice of [-1, MESSAGE_PRICE_MAX + 1, 2.5, '10', null]) {
      await expectInvalid(t, () => client.patch('/api/studio/show', { messagePrice }), { messagePrice: range });
    }
    expect(await priceOf()).toBe(25);
    expect((await client.get('/api/studio/me')).json().show.messagePrice).toBe(25);
  });

  it('refuses an empty body, an unknown field and wrong types', async () => {
    const { performer: row } = await createTestPerformer(t, { email: 'shapes@example.com' });
    const client = await studioClient(t, row.email);
    const send = (body: unknown) => () => client.patch('/api/studio/show', body);
    await expectInvalid(t, send({}), { _: ['errors.validations.required'] });
    await expectInvalid(t, send({ pricePerMinute: 40, showId: 1 }), { _: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ online: true }), { _: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ free: 'yes' }), { free: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ free: null }), { free: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ pricePerMinute: '40' }), {
      pricePerMinute: ['errors.validations.whole_number_range'],
    });
    await expectInvalid(t, send({ exclusive: '1' }), { exclusive: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ exclusive: true }), { exclusive: ['errors.validations.invalid'] });
    await expectInvalid(t, send([]), { _: ['errors.validations.invalid'] });
  });

  it('changes only her own show: another performer saving changes hers, never this one', async () => {
    const { performer: a, show: showA } = await createTestPerformer(t, { email: 'own-a@example.com' });
    const { performer: b, show: showB } = await createTestPerformer(t, { email: 'own-b@example.com' });
    const before = await settingsOf(showA.id);
    const clientB = await studioClient(t, b.email);
    const res = await clientB.patch('/api/studio/show', { pricePerMinute: 99, free: true });
    expect(res.json().show.universalId).toBe(showB.universalId);
    expect(await settingsOf(showB.id)).toMatchObject({ pricePerMinute: 99, free: true });
    expect(await settingsOf(showA.id)).toEqual(before);
    expect((await (await studioClient(t, a.email)).get('/api/studio/me')).json().show.pricePerMinute).toBe(30);
  });

  it('refuses anonymous callers and members with 401', async () => {
    const anonymous = await browser();
    await expectRefused(t, () => anonymous.patch('/api/studio/show', { free: true }), 401, 'unauthenticated');
    await expectRefused(t, () => member.patch('/api/studio/show', { free: true }), 401, 'unauthenticated');
  });

  it('tells open pages: free when it was switched, the list fields whenever they changed', async () => {
    const { performer: row, show } = await createTestPerformer(t, { email: 'broadcast@example.com' });
    const client = await studioClient(t, row.email);
    const heard: unknown[] = [];
    const stop = t.app.ctx.presence.onChange((change) => {
      heard.push(change);
    });
    const socket = await openSocket(await listenLocal(t.app), null);

    const switched = bulkUpdateFor(socket, show.universalId);
    await client.patch('/api/studio/show', { free: true });
    expect(await switched).toEqual({ free: true, flags: { free: true, exclusive: 0 } });

    // The show list's cache hears every change at once (presence listeners clear its pages).
    const priced = bulkUpdateFor(socket, show.universalId);
    await client.patch('/api/studio/show', { free: true, pricePerMinute: 55 });
    expect(await priced).toEqual({ pricePerMinute: 55 });

    // Nothing changed: nothing to tell.
    await client.patch('/api/studio/show', { pricePerMinute: 55 });
    expect(heard).toEqual([
      { [show.universalId]: { free: true, flags: { free: true, exclusive: 0 } } },
      { [show.universalId]: { pricePerMinute: 55 } },
    ]);
    stop();
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
    { method: 'PATCH', url: '/api/studio/show', body: { pricePerMinute: 40 }, as: 'performer' },
  ],
);
