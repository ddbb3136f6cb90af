import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SfuError } from '#server/live/sfu.ts';
import { janusAvailable, mediaHost, startTestJanus, type TestJanus } from '#server/test/janus.ts';
import { closePeers, fakeSource, startPublisher, startViewer } from '#server/test/live-peers.ts';
import { JanusSfu } from './janus-sfu.ts';

/**
 * The Janus adapter against real Janus instances (Debian's janus; .ci/run installs it). Peers are
 * werift stand-ins for browsers on the machine's address (Janus offers no loopback candidates).
 */
let instances: TestJanus[] = [];
let sfu: JanusSfu | null = null;

async function newSfu(viewersPerNode = 100, count = 1) {
  sfu = new JanusSfu({
    nodes: instances.slice(0, count).map((i) => i.endpoint),
    viewersPerNode,
    hostAddresses: { lan: true, addresses: [] },
    statsIntervalMs: 100,
  });
  expect(await sfu.connect()).toBe(count);
  return sfu;
}

const labels = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe.skipIf(!janusAvailable)('the Janus SFU', () => {
  beforeAll(async () => {
    instances = [await startTestJanus(), await startTestJanus()];
  }, 30_000);
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
  });
  afterEach(async () => {
    await sfu?.close();
    sfu = null;
    await closePeers();
  });

  async function onAir(s: JanusSfu, showId = 'show-1') {
    const publisher = await startPublisher(s, showId, mediaHost);
    await publisher.connected();
    await publisher.changes.until(() => s.stats(showId).connected, 'the publication to connect at Janus');
    return publisher;
  }

  async function watching(s: JanusSfu, showId: string, name: string) {
    const viewer = await startViewer(s, showId, name, mediaHost);
    await viewer.connected();
    return viewer;
  }

  /** Sends labelled frames until every viewer has the last one (the first may arrive before a viewer is ready). */
  async function flows(
    publisher: Awaited<ReturnType<typeof onAir>>,
    viewers: Awaited<ReturnType<typeof watching>>[],
    prefix: string,
  ) {
    const sent = labels(prefix, 10);
    for (const label of sent) publisher.send('video', label);
    for (const viewer of viewers) {
      await viewer.changes.until(() => viewer.labels('video').includes(sent[9] as string), `${prefix} at a viewer`);
    }
    return sent;
  }

  it('forwards the one incoming stream to every viewer, and counts what came in', async () => {
    const s = await newSfu();
    const publisher = await onAir(s);
    const [anna, ben] = [await watching(s, 'show-1', 'anna'), await watching(s, 'show-1', 'ben')];
    const sent = await flows(publisher, [anna, ben], 'frame');
    for (const viewer of [anna, ben]) expect(viewer.labels('video')).toEqual(expect.arrayContaining(sent));
    publisher.send('audio', 'opus-0');
    await anna.changes.until(() => anna.labels('audio').includes('opus-0'), 'audio at a viewer');
    await publisher.changes.until(() => s.stats('show-1').packetsIn >= 10, 'the counters read from Janus');
    expect(s.stats('show-1')).toMatchObject({
      connected: true,
      kinds: ['video', 'audio'],
      subscribers: 2,
      paused: false,
    });
    // The viewer's description holds the media server's candidates only.
    expect(anna.offer.sdp).not.toContain(String(publisher.pc.iceTransports[0]?.connection.localCandidates[0]?.port));
  });

  it('stops one viewer at once and keeps the other; stopping the show ends every viewer', async () => {
    const s = await newSfu();
    const publisher = await onAir(s);
    const [anna, ben] = [await watching(s, 'show-1', 'anna'), await watching(s, 'show-1', 'ben')];
    await flows(publisher, [anna, ben], 'before');
    await s.unsubscribe(anna.subscriptionId);
    expect(anna.events.at(-1)).toEqual({ type: 'ended', reason: 'unsubscribed' });
    const count = anna.labels('video').length;
    await flows(publisher, [ben], 'after');
    expect(anna.labels('video')).toHaveLength(count);
    await s.stopPublication('show-1');
    expect(ben.events.at(-1)).toEqual({ type: 'ended', reason: 'publication_stopped' });
    expect(publisher.events.at(-1)).toEqual({ type: 'ended', reason: 'publication_stopped' });
    expect(s.isLive('show-1')).toBe(false);
  });

  it('forwards nothing while paused, and asks her for a keyframe on resume', async () => {
    const s = await newSfu();
    const publisher = await onAir(s);
    const anna = await watching(s, 'show-1', 'anna');
    await flows(publisher, [anna], 'live');
    s.setPaused('show-1', true);
    expect(s.stats('show-1').paused).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const label of labels('hidden', 5)) publisher.send('video', label);
    // The frames reach Janus over UDP, the resume over its API: they must not overtake each other.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const plis = publisher.plis();
    s.setPaused('show-1', false);
    await publisher.changes.until(() => publisher.plis() > plis, 'a keyframe request after the pause');
    await flows(publisher, [anna], 'back');
    expect(anna.labels('video').filter((l) => l.startsWith('hidden'))).toEqual([]);
  });

  it('relays a show to a second instance once the first carries its share; the performer publishes once', async () => {
    const s = await newSfu(1, 2);
    const publisher = await onAir(s);
    const anna = await watching(s, 'show-1', 'anna');
    const ben = await watching(s, 'show-1', 'ben');
    const sent = await flows(publisher, [anna, ben], 'relayed');
    expect(ben.labels('video')).toEqual(expect.arrayContaining(sent));
    expect(s.instances().map((i) => i.viewers)).toEqual([1, 1]);
    // One peer connection from her: the relay copies at the media servers.
    expect(publisher.pc.getTransceivers()).toHaveLength(2);
    // Viewers ask for keyframes through the relay too.
    const plis = publisher.plis();
    await ben.requestKeyframe();
    await publisher.changes.until(
      () => publisher.plis() > plis,
      'a relayed viewer’s keyframe request at the publisher',
    );
  });

  it('puts a stream the server makes on air while someone watches it', async () => {
    const s = await newSfu();
    const source = fakeSource(['video']);
    s.publishSource({ showId: 'demo-1', source: source.source });
    expect(s.isLive('demo-1')).toBe(true);
    const anna = await watching(s, 'demo-1', 'anna');
    await source.changes.until(() => source.state.starts === 1, 'the source to start');
    // Janus asks the source for a keyframe when a viewer arrives (through the latched RTCP port).
    await source.changes.until(() => source.state.keyframeRequests > 0, 'a keyframe request at the source');
    const sending = setInterval(() => source.send('video', 'clip'), 20);
    await anna.changes.until(() => anna.labels('video').includes('clip'), 'the server-made stream at a viewer');
    clearInterval(sending);
    await s.unsubscribe(anna.subscriptionId);
    await source.changes.until(() => source.state.stops === 1, 'the source to stop with its last viewer');
  });

  /** Two instances of the test's own (it stops or hangs them), and an SFU on them. */
  async function onOwnInstances(viewersPerNode: number, run: (s: JanusSfu, own: TestJanus[]) => Promise<void>) {
    const own = [await startTestJanus(), await startTestJanus()];
    try {
      const s = new JanusSfu({
        nodes: own.map((i) => i.endpoint),
        viewersPerNode,
        hostAddresses: { lan: true, addresses: [] },
      });
      sfu = s;
      expect(await s.connect()).toBe(2);
      await run(s, own);
    } finally {
      await Promise.all(own.map((i) => i.stop()));
    }
  }

  it('ends what lived on an instance that went away, and places new shows on those left', async () => {
    await onOwnInstances(1, async (s, own) => {
      const publisher = await onAir(s);
      const anna = await watching(s, 'show-1', 'anna');
      const ben = await watching(s, 'show-1', 'ben');
      await flows(publisher, [anna, ben], 'both');
      // The relay's instance dies: its viewer is told, the origin's goes on.
      await own[1]?.stop();
      await ben.changes.until(() => ben.events.some((e) => e.type === 'ended'), 'the relayed viewer to be told');
      expect(ben.events.at(-1)).toEqual({ type: 'ended', reason: 'sfu_closed' });
      await flows(publisher, [anna], 'origin');
      expect(s.instances().map((i) => i.up)).toEqual([true, false]);
      // The origin dies: the publication and its viewers end, and nothing is left to publish on.
      await own[0]?.stop();
      await publisher.changes.until(() => publisher.events.some((e) => e.type === 'ended'), 'the publisher to be told');
      expect(publisher.events.at(-1)).toEqual({ type: 'ended', reason: 'sfu_closed' });
      expect(anna.events.at(-1)).toEqual({ type: 'ended', reason: 'sfu_closed' });
      expect(s.isLive('show-1')).toBe(false);
      await expect(startPublisher(s, 'show-1', mediaHost)).rejects.toMatchObject({ code: 'unavailable' });
    });
  });

  it('counts an instance that hangs as gone within seconds: its show ends, and publishes again on another', async () => {
    await onOwnInstances(10, async (s, own) => {
      const publisher = await onAir(s);
      const origin = s.instances().findIndex((i) => i.publications > 0);
      const hung = own[origin] as TestJanus;
      // Stopped, not killed: its sockets stay open, only its answers stop.
      process.kill(hung.pid, 'SIGSTOP');
      const since = Date.now();
      try {
        await publisher.changes.until(
          () => publisher.events.some((e) => e.type === 'ended'),
          'the hang to be noticed',
          8_000,
        );
        expect(Date.now() - since).toBeLessThan(6_000);
        expect(publisher.events.at(-1)).toEqual({ type: 'ended', reason: 'sfu_closed' });
        const again = await onAir(s);
        const anna = await watching(s, 'show-1', 'anna');
        await flows(again, [anna], 'moved');
        expect(s.instances()[origin]?.up).toBe(false);
      } finally {
        process.kill(hung.pid, 'SIGCONT');
      }
    });
  });

  it('refuses what it cannot take with SfuErrors, and changes nothing', async () => {
    const s = await newSfu();
    await expect(s.subscribe({ showId: 'nobody', viewerId: 'x', onEvent: () => {} })).rejects.toMatchObject({
      code: 'no_publisher',
    });
    await expect(
      s.publish({ showId: 'show-9', offer: { type: 'offer', sdp: 'v=0\r\nnothing' }, onEvent: () => {} }),
    ).rejects.toBeInstanceOf(SfuError);
    expect(s.isLive('show-9')).toBe(false);
    await expect(s.acceptAnswer('nope', { type: 'answer', sdp: 'v=0' })).rejects.toMatchObject({
      code: 'unknown_session',
    });
    await onAir(s, 'show-2');
    await expect(startPublisher(s, 'show-2', mediaHost)).rejects.toMatchObject({ code: 'already_publishing' });
  });
});
