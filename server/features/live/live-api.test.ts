import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { cameraPeer, viewerPeer } from '#server/test/live-browsers.ts';
import { closePeers } from '#server/test/live-peers.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
let member: TestClient;
let studio: TestClient;
let show: TestShow;
// A relay is configured: every answer carries ICE_SERVERS and a TURN credential of its own.
const stun = { urls: 'stun:stun.example.com:3478' };
const turnSecret = 'a-turn-secret-for-the-live-api-test';
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ICE_SERVERS: JSON.stringify([stun]),
      TURN_URLS: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349',
      TURN_SECRET: turnSecret,
      TURN_TTL_SECONDS: '1800',
    },
  });
  member = (await registerAndVerify(t, 'live-viewer@example.com')).client;
  expect((await member.post('/api/user/nickname/add', { nickname: 'NightOwl' })).statusCode).toBe(201);
  show = await createShow(t.db, { showName: 'Aurora Live', online: false, free: true });
  const { performer } = await createTestPerformer(t, { email: 'aurora@example.com', show });
  studio = await studioClient(t, performer.email);
});
afterEach(async () => {
  await studio.post('/api/studio/live/stop');
  await closePeers();
});
afterAll(() => t.close());

const isOnline = async () =>
  (await t.db.select({ online: shows.online }).from(shows).where(eq(shows.id, show.id)))[0]?.online;

async function visitor() {
  const client = t.client();
  await client.get('/api/auth/csrf-cookie');
  return client;
}

/** Her camera on air through the studio's API. */
async function goLive() {
  const camera = await cameraPeer();
  const res = await studio.post('/api/studio/live', { offer: camera.offer });
  expect(res.statusCode, res.body).toBe(200);
  await camera.accept(res.json().answer);
  await camera.connected();
  return camera;
}

/** A free chat session with the show: its login and password open the stream. */
async function freeChat(client: TestClient, universalId = show.universalId) {
  const res = await client.post(`/api/chatsession/${universalId}`, { type: 'free' });
  expect(res.statusCode, res.body).toBe(200);
  const { login, password } = res.json();
  return { login, password };
}

const askToWatch = async (client: TestClient, universalId = show.universalId) =>
  client.post(`/api/live/${universalId}/watch`, await freeChat(client, universalId));

/** A viewer watching through the show page's API. */
async function watch(client: TestClient, address = '127.0.0.3') {
  const res = await askToWatch(client);
  expect(res.statusCode, res.body).toBe(200);
  const { subscriptionId, offer } = res.json();
  const peer = viewerPeer(address);
  const answer = await peer.answer(offer);
  const answered = await client.post(`/api/live/subscriptions/${subscriptionId}/answer`, { answer });
  expect(answered.statusCode, answered.body).toBe(200);
  await peer.connected();
  return { peer, subscriptionId, offer: offer.sdp as string };
}

const studioState = async () => (await studio.get('/api/studio/live')).json();

describe('going live and watching', () => {
  it('puts her camera on air, and guests and members watch it through the server only', async () => {
    const camera = await goLive();
    expect(await isOnline()).toBe(true);
    camera.send('frame-0');
    await camera.changes.until(() => t.app.ctx.live.stats(show.universalId).packetsIn > 0, 'the first frame');
    const guest = await watch(await visitor());
    const owl = await watch(member, '127.0.0.4');
    await camera.changes.until(() => camera.plis() > 0, 'a keyframe request for the new viewers');
    camera.send('frame-1');
    await Promise.all([guest.peer.has('frame-1'), owl.peer.has('frame-1')]);

    // The viewers' offers hold the server's address only, never the camera's (127.0.0.2).
    for (const { offer } of [guest, owl]) {
      expect(offer).not.toContain('127.0.0.2');
      const hosts = [...offer.matchAll(/a=candidate:\S+ \d+ \w+ \d+ (\S+) /g)].map((m) => m[1]);
      expect(hosts.length).toBeGreaterThan(0);
      expect(new Set(hosts)).toEqual(new Set(['127.0.0.1']));
    }
    const state = await studioState();
    expect(state).toEqual({
      live: true,
      paused: false,
      // A guest is shown by her name for the visit: the performer tells her guests apart.
      viewers: [{ nickname: expect.stringMatching(/^guest-\d{4}$/) }, { nickname: 'NightOwl' }],
      session: null,
    });
  });

  it('hands every answer ICE_SERVERS and the relay with a fresh credential that names nobody', async () => {
    const camera = await cameraPeer();
    const published = await studio.post('/api/studio/live', { offer: camera.offer });
    expect(published.statusCode, published.body).toBe(200);
    await camera.accept(published.json().answer);
    await camera.connected();
    const answers = [published, await askToWatch(await visitor()), await askToWatch(member)];
    const now = Math.floor(Date.now() / 1000);
    const usernames = answers.map((res) => {
      const [first, relay, ...rest] = res.json().iceServers;
      expect(first).toEqual(stun);
      expect(rest).toEqual([]);
      expect(relay.urls).toEqual(['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349']);
      const [expiry, id] = relay.username.split(':');
      expect(Number(expiry) - now).toBeGreaterThanOrEqual(1795);
      expect(Number(expiry) - now).toBeLessThanOrEqual(1800);
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(relay.credential).toBe(createHmac('sha1', turnSecret).update(relay.username).digest('base64'));
      return relay.username;
    });
    expect(new Set(usernames).size).toBe(3);
  });

  it('pauses: nothing reaches the viewers until she resumes', async () => {
    const camera = await goLive();
    const guest = await watch(await visitor());
    const lateClient = await visitor();
    const credentials = await freeChat(lateClient);
    const paused = await studio.post('/api/studio/live/pause', { paused: true });
    expect(paused.json()).toMatchObject({ live: true, paused: true });
    camera.send('private-1');
    // A later viewer learns of the pause with the offer.
    // A chat cannot start while she pauses; a session started before connects meanwhile.
    const another = await visitor();
    const refused = await expectRefused(
      t,
      () => another.post(`/api/chatsession/${show.universalId}`, { type: 'free' }),
      409,
      'conflict',
    );
    expect(refused.errors).toEqual({ 'chat.show_paused': ['chat.show_paused'] });
    const late = await lateClient.post(`/api/live/${show.universalId}/watch`, credentials);
    expect(late.json().paused).toBe(true);
    expect((await studio.post('/api/studio/live/pause', { paused: false })).json().paused).toBe(false);
    camera.send('public-1');
    await guest.peer.has('public-1');
    expect(guest.peer.labels).not.toContain('private-1');
  });

  it('going offline ends every viewer and the show; watching then is refused', async () => {
    await goLive();
    await watch(await visitor());
    const stopped = await studio.post('/api/studio/live/stop');
    expect(stopped.json()).toEqual({ live: false, paused: false, viewers: [], session: null });
    expect(await isOnline()).toBe(false);
    expect(t.app.ctx.live.viewerCount()).toBe(0);
    const late = await visitor();
    const body = await expectRefused(
      t,
      () => late.post(`/api/chatsession/${show.universalId}`, { type: 'free' }),
      409,
      'conflict',
    );
    expect(body.errors).toEqual({ 'chat.show_not_available': ['chat.show_not_available'] });
  });

  it('ends the subscriptions of a session that logs out', async () => {
    await goLive();
    const client = (await registerAndVerify(t, 'live-leaver@example.com')).client;
    expect((await client.post('/api/user/nickname/add', { nickname: 'Leaver' })).statusCode).toBe(201);
    await watch(client);
    expect((await studioState()).viewers).toHaveLength(1);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await studioState()).viewers).toEqual([]);
    expect(t.app.ctx.live.viewerCount()).toBe(0);
  });

  it('takes her off air when her studio session ends', async () => {
    const other = await createShow(t.db, { online: false, free: true });
    const { performer } = await createTestPerformer(t, { email: 'signs-out@example.com', show: other });
    const herStudio = await studioClient(t, performer.email);
    const camera = await cameraPeer();
    const res = await herStudio.post('/api/studio/live', { offer: camera.offer });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.app.ctx.live.ownsShow(other.universalId)).toBe(true);
    expect((await herStudio.post('/api/studio/logout', {})).statusCode).toBe(200);
    await camera.changes.until(() => !t.app.ctx.live.ownsShow(other.universalId), 'her stream to end');
    await expect
      .poll(async () => (await t.db.select({ online: shows.online }).from(shows).where(eq(shows.id, other.id)))[0])
      .toEqual({ online: false });
  });

  it('ends the free viewers when free chat is switched off, and refuses new ones', async () => {
    await goLive();
    await watch(await visitor());
    await t.db.update(shows).set({ free: false }).where(eq(shows.id, show.id));
    t.app.ctx.presence.queue({ [show.universalId]: { free: false } });
    expect(t.app.ctx.live.viewerCount()).toBe(0);
    const late = await visitor();
    const body = await expectRefused(
      t,
      () => late.post(`/api/chatsession/${show.universalId}`, { type: 'free' }),
      409,
      'conflict',
    );
    expect(body.errors).toEqual({ 'chat.show_not_available_free': ['chat.show_not_available_free'] });
    await t.db.update(shows).set({ free: true }).where(eq(shows.id, show.id));
  });

  it('takes a show offline whose studio went silent: no state asked for and no media for 10 s', async () => {
    const camera = await goLive();
    const live = t.app.ctx.live as unknown as { now: () => number };
    const realNow = live.now;
    let ahead = 0;
    live.now = () => realNow() + ahead;
    try {
      camera.send('frame-0');
      await camera.changes.until(() => t.app.ctx.live.stats(show.universalId).packetsIn > 0, 'a frame at the SFU');
      // Her studio tab slept, but her camera streams: she stays.
      ahead = 11_000;
      await t.app.ctx.live.sweep();
      expect(await isOnline()).toBe(true);
      // Nothing more from her for another 11 s: gone.
      ahead = 22_000;
      await t.app.ctx.live.sweep();
    } finally {
      live.now = realNow;
    }
    expect(await isOnline()).toBe(false);
    expect((await studioState()).live).toBe(false);
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown show and 409 for one that is not on air', async () => {
    const client = await visitor();
    const unknown = { login: '00000000-0000-4000-8000-000000000000', password: 'x' };
    await expectRefused(t, () => client.post('/api/live/no-such-show/watch', unknown), 404, 'not_found');
    const offline = await createShow(t.db, { online: false, free: true });
    const start = (id: string) => client.post(`/api/chatsession/${id}`, { type: 'free' });
    const body = await expectRefused(t, () => start(offline.universalId), 409, 'conflict');
    expect(body.errors).toEqual({ 'chat.show_not_available': ['chat.show_not_available'] });
    // Online but no stream yet: nothing to watch either.
    const noStream = await createShow(t.db, { online: true, free: true });
    await expectRefused(t, () => start(noStream.universalId), 409, 'conflict');
  });

  it('opens the stream only to an open chat session of the same browser, with its credential', async () => {
    await goLive();
    const owner = await visitor();
    const credentials = await freeChat(owner);
    const url = `/api/live/${show.universalId}/watch`;
    // No body, or a malformed one: 422.
    await expectRefused(t, () => owner.post(url), 422, 'validation_failed');
    await expectRefused(t, () => owner.post(url, { login: 'x', password: '' }), 422, 'validation_failed');
    // Another browser with her credentials, or her session with a forged password: refused.
    const other = await visitor();
    const ended = { 'chat.session_ended': ['chat.session_ended'] };
    expect((await expectRefused(t, () => other.post(url, credentials), 409, 'conflict')).errors).toEqual(ended);
    const forged = { ...credentials, password: `${credentials.password.split('.')[0]}.AAAA` };
    expect((await expectRefused(t, () => owner.post(url, forged), 409, 'conflict')).errors).toEqual(ended);
    // Stopped: the credential opens nothing more.
    expect((await owner.post(`/api/chatsession/stop/${credentials.login}`)).statusCode).toBe(200);
    expect((await expectRefused(t, () => owner.post(url, credentials), 409, 'conflict')).errors).toEqual(ended);
    expect(t.app.ctx.live.viewerCount()).toBe(0);
  });

  it("does not let one session answer or leave another's subscription", async () => {
    await goLive();
    const res = await askToWatch(await visitor());
    const { subscriptionId, offer } = res.json();
    const other = await visitor();
    const answer = await viewerPeer().answer(offer);
    await expectRefused(
      t,
      () => other.post(`/api/live/subscriptions/${subscriptionId}/answer`, { answer }),
      404,
      'not_found',
    );
    await expectRefused(t, () => other.post(`/api/live/subscriptions/${subscriptionId}/leave`), 404, 'not_found');
    expect(t.app.ctx.live.viewerCount()).toBe(1);
  });

  it('refuses malformed session descriptions with 422', async () => {
    const client = await visitor();
    const id = '00000000-0000-4000-8000-000000000000';
    await expectInvalid(
      t,
      () => client.post(`/api/live/subscriptions/${id}/answer`, { answer: { type: 'offer', sdp: 'x' } }),
      {
        'answer.type': ['errors.validations.invalid'],
      },
    );
    await expectRefused(
      t,
      () => client.post('/api/live/subscriptions/not-a-uuid/answer', {}),
      422,
      'validation_failed',
    );
    await expectInvalid(
      t,
      () => studio.post('/api/studio/live', { offer: { type: 'offer', sdp: 'v=0\r\nnonsense' } }),
      {
        sdp: ['errors.validations.invalid'],
      },
    );
    await expectRefused(
      t,
      () => studio.post('/api/studio/live', { offer: { type: 'offer', sdp: 'x'.repeat(40_000) } }),
      422,
      'validation_failed',
    );
    expect(await isOnline()).toBe(false);
  });

  it('refuses the studio calls to visitors and members, and pausing when not on air', async () => {
    const client = await visitor();
    for (const who of [client, member]) {
      await expectRefused(t, () => who.get('/api/studio/live'), 401, 'unauthenticated');
      await expectRefused(t, () => who.post('/api/studio/live/stop'), 401, 'unauthenticated');
    }
    await expectRefused(t, () => studio.post('/api/studio/live/pause', { paused: true }), 409, 'conflict');
  });
});

describeWriteGuards(
  () => ({ t, member, performer: studio }),
  [
    { method: 'POST', url: '/api/studio/live/pause', body: { paused: true }, as: 'performer' },
    { method: 'POST', url: '/api/studio/live/stop', body: {}, as: 'performer' },
    {
      method: 'POST',
      url: '/api/live/subscriptions/00000000-0000-4000-8000-000000000000/leave',
      body: {},
      as: 'visitor',
    },
  ],
);
