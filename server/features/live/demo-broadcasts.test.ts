import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { livePublications } from '#server/db/schema/live.ts';
import { WeriftSfu } from '#server/live/werift-sfu.ts';
import { muxWebm, vp8FromWebp } from '#server/media/webm.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import { createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { Changes, closePeers, startPublisher, startViewer } from '#server/test/live-peers.ts';
import { type DemoBroadcasts, startDemoBroadcasts } from './demo-broadcasts.ts';
import { LivePublications } from './publications.ts';

let t: TestContext;
let sfu: WeriftSfu;
let demo: DemoBroadcasts | null = null;

/** A clip of three small VP8 key frames of one colour; each frame fits one RTP packet. */
async function clip(shade: number): Promise<{ file: Buffer; frames: Buffer[] }> {
  const frames = await Promise.all(
    [0, 1, 2].map(async (i) =>
      vp8FromWebp(
        await sharp({ create: { width: 32, height: 18, channels: 3, background: { r: shade, g: i * 60, b: 90 } } })
          .webp({ quality: 40 })
          .toBuffer(),
      ),
    ),
  );
  const file = muxWebm({
    width: 32,
    height: 18,
    frames: frames.map((data, i) => ({ data, timestamp: i * 100 })),
    durationMs: 300,
  });
  return { file, frames };
}

/** A show with two videos: her first (older) one has parts 1 and 2, each with its own clip. */
async function showWithClips(db: Db, storage: Storage, online: boolean, shade: number) {
  const show = await createShow(db, { online });
  const first = await createVideo(db, show.id, { createdAt: new Date('2024-01-01') });
  const later = await createVideo(db, show.id, { createdAt: new Date('2025-01-01') });
  const own = await clip(shade);
  for (const [video, part, bytes] of [
    [first, 0, own.file],
    [first, 1, (await clip(shade + 1)).file],
    [later, 0, (await clip(shade + 2)).file],
  ] as const) {
    await storage.put(video.parts[part]?.storageKey ?? '', bytes);
  }
  return { show, frames: own.frames };
}

/** Storage that counts the clips read from it. */
function counting(storage: Storage) {
  const reads: string[] = [];
  return {
    reads,
    storage: {
      ...storage,
      read: (key: string, range?: { start: number; end: number }) => {
        reads.push(key);
        return storage.read(key, range);
      },
    } satisfies Storage,
  };
}

type Shows = Awaited<ReturnType<typeof showWithClips>>;
let anna: Shows;
let bea: Shows;
let carla: Shows;
let dora: TestShow;
let eva: Shows;

beforeAll(async () => {
  t = await createTestApp();
  anna = await showWithClips(t.db, t.storage, true, 20);
  bea = await showWithClips(t.db, t.storage, true, 80);
  carla = await showWithClips(t.db, t.storage, false, 140);
  // Online, but with no video to play.
  dora = await createShow(t.db, { online: true });
  // A real performer holds her show.
  eva = await showWithClips(t.db, t.storage, true, 200);
}, 60_000);
afterAll(() => t.close());

afterEach(async () => {
  await demo?.stop();
  demo = null;
  await sfu.close();
  await closePeers();
});

function start(owned: Set<string>) {
  sfu = new WeriftSfu({ iceServers: [], hostAddresses: { lan: false, addresses: ['127.0.0.1'] }, udpPortRange: null });
  const files = counting(t.storage);
  demo = startDemoBroadcasts({
    db: t.db,
    storage: files.storage,
    sfu,
    presence: t.app.ctx.presence,
    log: t.app.log,
    ownsShow: (id) => owned.has(id),
    publications: t.app.ctx.publications,
  });
  return { demo, reads: files.reads };
}

const id = (s: { show: TestShow } | TestShow) => ('show' in s ? s.show : s).universalId;
const text = (frames: Buffer[]) => frames.map((f) => f.toString());

describe('demo broadcasts', () => {
  it('puts every online show with a clip on air and plays her first clip only while someone watches', async () => {
    const { demo, reads } = start(new Set([id(eva)]));
    await demo.ready;
    expect([anna, bea, carla, dora, eva].map((s) => sfu.isLive(id(s)))).toEqual([true, true, false, false, false]);
    // On air, but nobody watches: nothing read, nothing sent.
    expect(reads).toEqual([]);
    expect(sfu.stats(id(anna))).toMatchObject({ connected: true, kinds: ['video'], packetsIn: 0 });

    const first = await startViewer(sfu, id(anna), 'v1');
    const second = await startViewer(sfu, id(anna), 'v2');
    await Promise.all([first.connected(), second.connected()]);
    const frames = text(anna.frames);
    for (const viewer of [first, second]) {
      // The clip loops: each of her three frames arrives, again and again.
      await viewer.changes.until(
        () => frames.every((f) => viewer.labels('video').filter((l) => l === f).length >= 2),
        'two loops of her clip',
      );
      expect(new Set(viewer.labels('video'))).toEqual(new Set(frames));
    }
    // One stream for both, read once.
    expect(reads).toHaveLength(1);
    expect(sfu.stats(id(anna)).packetsOut).toBeGreaterThanOrEqual(12);

    // Everyone leaves: the clip stops. A new viewer starts it from memory.
    await sfu.unsubscribe(first.subscriptionId);
    await sfu.unsubscribe(second.subscriptionId);
    const stopped = sfu.stats(id(anna)).packetsIn;
    const third = await startViewer(sfu, id(anna), 'v3');
    await third.connected();
    await third.changes.until(() => text(anna.frames).every((f) => third.labels('video').includes(f)), 'the clip');
    expect(sfu.stats(id(anna)).packetsIn).toBeGreaterThan(stopped);
    expect(reads).toHaveLength(1);
  });

  it('follows presence: online goes on air, offline ends the demo stream and its viewers', async () => {
    const { demo } = start(new Set());
    await demo.ready;
    const changes = new Changes();
    const viewer = await startViewer(sfu, id(bea), 'v1');
    await viewer.connected();

    await t.app.ctx.presence.setOnline([carla.show.id], true);
    await changes.until(() => sfu.isLive(id(carla)), 'carla on air');
    await t.app.ctx.presence.setOnline([bea.show.id], false);
    await viewer.ended();
    expect(viewer.events.at(-1)).toEqual({ type: 'ended', reason: 'publication_stopped' });
    expect(sfu.isLive(id(bea))).toBe(false);

    // Online and offline in quick succession: she ends up off the air.
    await t.app.ctx.presence.setOnline([bea.show.id], true);
    await t.app.ctx.presence.setOnline([bea.show.id], false);
    await t.app.ctx.presence.setOnline([carla.show.id], false);
    await changes.until(() => !sfu.isLive(id(carla)), 'carla off the air');
    expect(sfu.isLive(id(bea))).toBe(false);

    // Stopping takes every demo stream off; presence is no longer heard.
    await t.app.ctx.presence.setOnline([bea.show.id, carla.show.id], true);
    await changes.until(() => sfu.isLive(id(bea)) && sfu.isLive(id(carla)), 'both on air');
    await demo.stop();
    expect([anna, bea, carla].map((s) => sfu.isLive(id(s)))).toEqual([false, false, false]);
    await t.app.ctx.presence.setOnline([bea.show.id], false);
    await t.app.ctx.presence.setOnline([bea.show.id], true);
    expect(sfu.isLive(id(bea))).toBe(false);
    await t.app.ctx.presence.setOnline([carla.show.id], false);
  });

  it("leaves a real performer's show alone, and never stops a stream that is not its own", async () => {
    const owned = new Set([id(eva)]);
    const { demo } = start(owned);
    await demo.ready;
    expect(sfu.isLive(id(eva))).toBe(false);
    const publisher = await startPublisher(sfu, id(eva));
    await t.app.ctx.presence.setOnline([eva.show.id], false);
    await t.app.ctx.presence.setOnline([eva.show.id], true);
    expect(sfu.stats(id(eva)).publicationId).toBe(publisher.publicationId);

    // A show live already (a performer's stream) is not published over, and not stopped either.
    await sfu.stopPublication(id(anna));
    const other = await startPublisher(sfu, id(anna));
    await t.app.ctx.presence.setOnline([anna.show.id], false);
    expect(sfu.stats(id(anna)).publicationId).toBe(other.publicationId);
    await t.app.ctx.presence.setOnline([anna.show.id], true);
    expect(sfu.stats(id(anna)).publicationId).toBe(other.publicationId);
    await demo.stop();
    expect(sfu.isLive(id(anna)) && sfu.isLive(id(eva))).toBe(true);
  });

  it('broadcasts a show once across processes: one another process holds is left to it, and taken up when its lease ran out', async () => {
    const other = new LivePublications({
      db: t.db,
      node: 'other-process',
      internalUrl: 'http://127.0.0.1:9',
      log: t.app.log,
    });
    expect(await other.claim(id(bea), 'demo')).toBe(true);
    const { demo } = start(new Set([id(eva)]));
    await demo.ready;
    expect([anna, bea].map((s) => sfu.isLive(id(s)))).toEqual([true, false]);
    // Here the row is ours: a second process's claim fails, and this one renews.
    expect(await t.app.ctx.publications.holder(id(anna))).toMatchObject({ node: t.app.ctx.publications.node });
    expect(await other.claim(id(anna), 'demo')).toBe(false);
    // Nothing to adopt while the other process holds bea; once its lease ran out, this process takes her up.
    await demo.adopt();
    expect(sfu.isLive(id(bea))).toBe(false);
    await t.db
      .update(livePublications)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(livePublications.showUniversalId, id(bea)));
    await demo.adopt();
    expect(sfu.isLive(id(bea))).toBe(true);
    expect(await t.app.ctx.publications.holder(id(bea))).toMatchObject({ node: t.app.ctx.publications.node });
    // The other process learns at its renewal that bea is no longer its own.
    const lost: string[] = [];
    other.whenLost((show) => lost.push(show));
    await other.renew();
    expect(lost).toEqual([id(bea)]);
    // Stopping lets go of every row it held.
    await demo.stop();
    expect(await t.app.ctx.publications.holder(id(anna))).toBeNull();
    expect(await t.app.ctx.publications.holder(id(bea))).toBeNull();
  });
});
