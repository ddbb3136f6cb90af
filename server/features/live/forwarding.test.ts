import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { App } from '#server/app.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { livePublications } from '#server/db/schema/live.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { addressHash } from '#server/features/session/address-hash.ts';
import { hashToken } from '#server/features/session/tokens.ts';
import { FORWARDED_HEADER, forwardedCallHeader } from '#server/http/forwarded-call.ts';
import { createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { cameraPeer, viewerPeer } from '#server/test/live-browsers.ts';
import { closePeers } from '#server/test/live-peers.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

/**
 * Two API processes on one database, each listening on its own loopback port (its INTERNAL_URL):
 * live calls landing on the process that does not hold the show's publication reach the one that
 * does (decision 051), and the media flows through the holder's SFU.
 */

/** A loopback port nobody listens on (now). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function apiProcess(name: string, sharing?: TestContext) {
  const port = await freePort();
  const t = await createTestApp({
    env: { NODE_NAME: name, INTERNAL_URL: `http://127.0.0.1:${port}`, DEMO_BROADCASTS: 'on' },
    ...(sharing ? { sharing } : {}),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

/** The same browser (cookies, address) with its request landing on another process. */
function sameBrowser(client: TestClient, app: App): TestClient {
  const twin = new TestClient(app, 'en', client.ip);
  twin.cookies = client.cookies;
  return twin;
}

let a: TestContext;
let b: TestContext;
let show: TestShow;
let studioA: TestClient;
let studioB: TestClient;
beforeAll(async () => {
  a = await apiProcess('live-a');
  b = await apiProcess('live-b', a);
  show = await createShow(a.db, { showName: 'Two Rooms', online: false, free: true });
  const { performer } = await createTestPerformer(a, { email: 'two-rooms@example.com', show });
  studioA = await studioClient(a, performer.email);
  studioB = sameBrowser(studioA, b.app);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await studioA.post('/api/studio/live/stop');
  await closePeers();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function goLive(studio: TestClient) {
  const camera = await cameraPeer();
  const res = await studio.post('/api/studio/live', { offer: camera.offer });
  expect(res.statusCode, res.body).toBe(200);
  await camera.accept(res.json().answer);
  await camera.connected();
  return camera;
}

async function visitor(t: TestContext) {
  const client = t.client();
  await client.get('/api/auth/csrf-cookie');
  return client;
}

async function freeChat(client: TestClient, universalId = show.universalId) {
  const res = await client.post(`/api/chatsession/${universalId}`, { type: 'free' });
  expect(res.statusCode, res.body).toBe(200);
  const { login, password } = res.json();
  return { login, password };
}

const holderNode = async (universalId = show.universalId) => (await a.app.ctx.publications.holder(universalId))?.node;

describe('live calls reach the process holding the publication', () => {
  it('lets a viewer on B watch the camera published through A, answer and leave through B', async () => {
    const camera = await goLive(studioA);
    expect(await holderNode()).toBe('live-a');
    const viewer = await visitor(b);
    const watched = await viewer.post(`/api/live/${show.universalId}/watch`, await freeChat(viewer));
    expect(watched.statusCode, watched.body).toBe(200);
    const { subscriptionId, offer } = watched.json();
    // A's SFU made the offer: the subscription is there, none on B.
    expect([a.app.ctx.live.viewerCount(), b.app.ctx.live.viewerCount()]).toEqual([1, 0]);
    const peer = viewerPeer();
    const answer = await peer.answer(offer);
    const answered = await viewer.post(`/api/live/subscriptions/${subscriptionId}/answer`, { answer });
    expect(answered.statusCode, answered.body).toBe(200);
    await peer.connected();
    camera.send('through-a');
    await peer.has('through-a');
    // A answered for her address, not for B's: her guest session still holds her own.
    const sessionId = hashToken(a.config.sessionSecret, viewer.cookies.get(SESSION_COOKIE) ?? '');
    const [row] = await a.db.select({ hash: sessions.addressHash }).from(sessions).where(eq(sessions.id, sessionId));
    expect(row?.hash).toBe(addressHash(a.config.sessionSecret, viewer.ip));
    // Her studio polls through B: A's state, with the viewer.
    expect((await studioB.get('/api/studio/live')).json()).toMatchObject({
      live: true,
      viewers: [{ nickname: expect.stringMatching(/^guest-\d{4}$/) }], // her name for this show visit
    });

    const left = await viewer.post(`/api/live/subscriptions/${subscriptionId}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    expect(a.app.ctx.live.viewerCount()).toBe(0);
    // Another browser's call for her subscription is as unknown on B as on A.
    const stranger = await visitor(b);
    const strangerLeaves = () => stranger.post(`/api/live/subscriptions/${subscriptionId}/leave`);
    await expectRefused(b, strangerLeaves, 404, 'not_found');
  });

  it("pauses, resumes and stops through B the publication A holds; B's chat starts see the pause", async () => {
    await goLive(studioA);
    const paused = await studioB.post('/api/studio/live/pause', { paused: true });
    expect(paused.json()).toMatchObject({ live: true, paused: true });
    expect(await a.app.ctx.live.isPaused(show.universalId)).toBe(true);
    const late = await visitor(b);
    const refused = await expectRefused(
      b,
      () => late.post(`/api/chatsession/${show.universalId}`, { type: 'free' }),
      409,
      'conflict',
    );
    expect(refused.errors).toEqual({ 'chat.show_paused': ['chat.show_paused'] });
    expect((await studioB.post('/api/studio/live/pause', { paused: false })).json().paused).toBe(false);

    const stopped = await studioB.post('/api/studio/live/stop');
    expect(stopped.json()).toMatchObject({ live: false, viewers: [] });
    expect(a.app.ctx.live.ownsShow(show.universalId)).toBe(false);
    expect(await holderNode()).toBeUndefined();
    const [row] = await a.db.select({ online: shows.online }).from(shows).where(eq(shows.id, show.id));
    expect(row?.online).toBe(false);
  });

  it('refuses a forged forwarding header with 403 and does nothing; a genuine one is never passed on again', async () => {
    await goLive(studioA);
    const viewer = await visitor(a);
    const credentials = await freeChat(viewer);
    const url = `/api/live/${show.universalId}/watch`;
    const envelope = { ip: '203.0.113.9', host: 'localhost', node: 'live-b' };
    const forged = [
      'nonsense',
      forwardedCallHeader('another-secret-that-is-long-enough-0123456789', { method: 'POST', url }, envelope),
      forwardedCallHeader(a.config.sessionSecret, { method: 'POST', url: '/api/studio/live/stop' }, envelope),
      forwardedCallHeader(a.config.sessionSecret, { method: 'POST', url }, envelope, Date.now() - 60_000),
    ];
    for (const header of forged) {
      await expectRefused(a, () => viewer.post(url, credentials, { [FORWARDED_HEADER]: header }), 403, 'forbidden');
    }
    expect(a.app.ctx.live.viewerCount()).toBe(0);

    // B answers a call passed on to it itself, even for a show A holds: not live there.
    const onB = sameBrowser(viewer, b.app);
    const genuine = forwardedCallHeader(
      b.config.sessionSecret,
      { method: 'POST', url },
      { ...envelope, ip: viewer.ip },
    );
    const fetched = vi.spyOn(globalThis, 'fetch');
    const body = await expectRefused(
      b,
      () => onB.post(url, credentials, { [FORWARDED_HEADER]: genuine }),
      409,
      'conflict',
    );
    expect(body.errors).toEqual({ 'chat.show_not_available': ['chat.show_not_available'] });
    expect(fetched).not.toHaveBeenCalled();
    expect(a.app.ctx.live.viewerCount()).toBe(0);
  });

  it('treats a holder that does not answer as gone: not live, and her next publication takes the show', async () => {
    const gone = await freePort();
    await a.db.update(shows).set({ online: true }).where(eq(shows.id, show.id));
    await a.db.insert(livePublications).values({
      showUniversalId: show.universalId,
      node: 'live-gone',
      internalUrl: `http://127.0.0.1:${gone}`,
      source: 'camera',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    const viewer = await visitor(b);
    const credentials = await freeChat(viewer);
    const url = `/api/live/${show.universalId}/watch`;
    const body = await expectRefused(b, () => viewer.post(url, credentials), 409, 'conflict');
    expect(body.errors).toEqual({ 'chat.show_not_available': ['chat.show_not_available'] });

    // She publishes again (her studio reconnects), landing on B: B takes the show.
    const camera = await goLive(studioB);
    expect(await holderNode()).toBe('live-b');
    const onA = sameBrowser(viewer, a.app);
    const watched = await onA.post(url, credentials);
    expect(watched.statusCode, watched.body).toBe(200);
    expect([a.app.ctx.live.viewerCount(), b.app.ctx.live.viewerCount()]).toEqual([0, 1]);
    camera.pc.close();
    expect((await studioA.post('/api/studio/live/stop')).statusCode).toBe(200);
    expect(b.app.ctx.live.ownsShow(show.universalId)).toBe(false);
  });

  it('passes nothing on while one process holds and answers', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    await goLive(studioA);
    const viewer = await visitor(a);
    const watched = await viewer.post(`/api/live/${show.universalId}/watch`, await freeChat(viewer));
    expect(watched.statusCode, watched.body).toBe(200);
    expect((await studioA.get('/api/studio/live')).json().live).toBe(true);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('broadcasts a demo show from one process only; viewers of the other are passed on to it', async () => {
    const demo = await createShow(a.db, { online: true, free: true });
    await createVideo(a.db, demo.id);
    await Promise.all([a.app.startDemoBroadcasts(), b.app.startDemoBroadcasts()]);
    const onAir = [a, b].map((t) => t.app.ctx.sfu.isLive(demo.universalId));
    expect(onAir.filter(Boolean)).toHaveLength(1);
    const [holder, other] = onAir[0] ? [a, b] : [b, a];
    expect(await holderNode(demo.universalId)).toBe(holder.config.chat.node);
    const viewer = await visitor(other);
    const watched = await viewer.post(`/api/live/${demo.universalId}/watch`, await freeChat(viewer, demo.universalId));
    expect(watched.statusCode, watched.body).toBe(200);
    expect([holder.app.ctx.live.viewerCount(), other.app.ctx.live.viewerCount()]).toEqual([1, 0]);
  });
});
