import { afterEach, describe, expect, it } from 'vitest';
import { closePeers, fakeSource, startPublisher, startViewer } from '#server/test/live-peers.ts';
import { WeriftSfu } from './werift-sfu.ts';

/** The SFU listens on 127.0.0.1 only; the publisher sits on 127.0.0.2, the viewers on 127.0.0.3. */
const SFU_ADDRESS = '127.0.0.1';
const SFU_PORTS: [number, number] = [47_000, 47_999];
let sfu: WeriftSfu;

function newSfu() {
  sfu = new WeriftSfu({
    iceServers: [],
    hostAddresses: { lan: false, addresses: [SFU_ADDRESS] },
    udpPortRange: SFU_PORTS,
    keyframeIntervalMs: 0,
  });
  return sfu;
}

afterEach(async () => {
  await sfu?.close();
  await closePeers();
});

/** A live show with a connected publisher that has sent its first frame, and two connected viewers. */
async function liveShowWithTwoViewers() {
  newSfu();
  const publisher = await startPublisher(sfu, 'show-1');
  await publisher.connected();
  publisher.send('video', 'first');
  await publisher.changes.until(() => sfu.stats('show-1').packetsIn > 0, 'the first frame at the SFU');
  const anna = await startViewer(sfu, 'show-1', 'anna');
  const ben = await startViewer(sfu, 'show-1', 'ben');
  await Promise.all([anna.connected(), ben.connected()]);
  return { publisher, anna, ben };
}

const labels = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('the werift SFU', () => {
  it('forwards the one incoming stream to every viewer, and counts what flowed', async () => {
    const { publisher, anna, ben } = await liveShowWithTwoViewers();
    const video = labels('frame', 20);
    for (const label of video) publisher.send('video', label);
    publisher.send('audio', 'opus-0');
    for (const viewer of [anna, ben]) {
      await viewer.changes.until(
        () => video.every((l) => viewer.labels('video').includes(l)) && viewer.labels('audio').includes('opus-0'),
        'the frames at a viewer',
      );
    }
    expect(anna.labels('video').filter((l) => l.startsWith('frame-'))).toEqual(video);
    expect(ben.labels('video').filter((l) => l.startsWith('frame-'))).toEqual(video);

    const stats = sfu.stats('show-1');
    expect(stats).toMatchObject({ showId: 'show-1', connected: true, kinds: ['video', 'audio'], subscribers: 2 });
    // The first frame plus 21 packets came in; each viewer got the 21 sent after she connected.
    expect(stats.packetsIn).toBe(22);
    expect(stats.bytesIn).toBeGreaterThan(22 * 12);
    for (const viewer of stats.subscriptions) {
      expect(viewer.packetsOut).toBe(21);
      expect(viewer.bytesOut).toBeGreaterThan(21 * 12);
    }
    expect(stats.packetsOut).toBe(42);
    expect(stats.subscriptions.map((s) => s.viewerId).sort()).toEqual(['anna', 'ben']);
  });

  it('asks the publisher for a keyframe when a viewer joins and when a viewer asks', async () => {
    const { publisher, anna } = await liveShowWithTwoViewers();
    // One picture-loss indication per joining viewer.
    await publisher.changes.until(() => publisher.plis() >= 2, 'the join keyframe requests');
    publisher.send('video', 'frame-0');
    await anna.changes.until(() => anna.labels('video').includes('frame-0'), 'a frame at anna');
    const before = publisher.plis();
    await anna.requestKeyframe();
    await publisher.changes.until(() => publisher.plis() > before, "anna's keyframe request at the publisher");
    expect(sfu.stats('show-1').subscriptions.find((s) => s.viewerId === 'anna')?.keyframeRequests).toBe(1);
    expect(sfu.stats('show-1').keyframeRequestsSent).toBe(before + 1);
  });

  it('ends a subscription at once: the other viewer keeps receiving', async () => {
    const { publisher, anna, ben } = await liveShowWithTwoViewers();
    await sfu.unsubscribe(anna.subscriptionId);
    expect(anna.events.at(-1)).toEqual({ type: 'ended', reason: 'unsubscribed' });
    expect(sfu.stats('show-1').subscribers).toBe(1);
    const after = labels('after', 10);
    for (const label of after) publisher.send('video', label);
    await ben.changes.until(() => after.every((l) => ben.labels('video').includes(l)), 'the frames at ben');
    // Both were forwarded in the same pass over the viewers: anna would have had them by now.
    expect(anna.labels('video').filter((l) => l.startsWith('after-'))).toEqual([]);
    // Ending twice is harmless; the id is gone.
    await sfu.unsubscribe(anna.subscriptionId);
    await expect(sfu.addIceCandidate(anna.subscriptionId, null)).rejects.toMatchObject({ code: 'unknown_session' });
  });

  it('stopping the publication ends every subscription', async () => {
    const { publisher, anna, ben } = await liveShowWithTwoViewers();
    await sfu.stopPublication('show-1');
    await Promise.all([anna.ended(), ben.ended()]);
    for (const viewer of [anna, ben]) {
      expect(viewer.events.filter((e) => e.type === 'ended')).toEqual([
        { type: 'ended', reason: 'publication_stopped' },
      ]);
    }
    expect(publisher.events.at(-1)).toEqual({ type: 'ended', reason: 'publication_stopped' });
    expect(sfu.isLive('show-1')).toBe(false);
    expect(() => sfu.stats('show-1')).toThrow(expect.objectContaining({ code: 'no_publisher' }));
    await expect(startViewer(sfu, 'show-1', 'carla')).rejects.toMatchObject({ code: 'no_publisher' });
  });

  it("gives viewers only the SFU's addresses, never the publisher's", async () => {
    const { publisher, anna, ben } = await liveShowWithTwoViewers();
    // The check means something: the SFU itself saw the publisher on 127.0.0.2.
    expect(publisher.offerSdp).toContain('127.0.0.2');
    for (const viewer of [anna, ben]) {
      const trickled = viewer.events.flatMap((e) => (e.type === 'ice-candidate' && e.candidate ? [e.candidate] : []));
      const text = [viewer.offer.sdp, ...trickled.map((c) => c.candidate)].join('\n');
      expect(text).not.toContain('127.0.0.2');
      const candidates = [...text.matchAll(/(?:^|\n)(?:a=)?candidate:\S+ \d+ \w+ \d+ (\S+) (\d+)/g)];
      expect([...new Set(candidates.map((m) => m[1]))]).toEqual([SFU_ADDRESS]);
      // On the ports of LIVE_UDP_PORTS.
      for (const [, , port] of candidates) expect(Number(port)).toSatisfy((p: number) => p >= 47_000 && p <= 47_999);
      const connectionLines = [...viewer.offer.sdp.matchAll(/^c=IN IP4 (\S+)/gm)].map((m) => m[1]);
      expect(connectionLines.every((a) => a === SFU_ADDRESS || a === '0.0.0.0')).toBe(true);
      // Neither the publisher's stream id nor her CNAME is passed on.
      const publisherCname = /a=ssrc:\d+ cname:(\S+)/.exec(publisher.offerSdp)?.[1];
      expect(publisherCname).toBeTruthy();
      expect(viewer.offer.sdp).not.toContain(publisherCname);
    }
  });

  it('forwards nothing while paused, and asks for a keyframe on resume', async () => {
    const { publisher, anna } = await liveShowWithTwoViewers();
    sfu.setPaused('show-1', true);
    expect(sfu.stats('show-1').paused).toBe(true);
    publisher.send('video', 'private-0');
    await publisher.changes.until(() => sfu.stats('show-1').packetsIn >= 2, 'the paused frame at the SFU');
    const plis = publisher.plis();
    sfu.setPaused('show-1', false);
    await publisher.changes.until(() => publisher.plis() > plis, 'the keyframe request on resume');
    publisher.send('video', 'public-0');
    await anna.changes.until(() => anna.labels('video').includes('public-0'), 'the frame after resume');
    expect(anna.labels('video')).not.toContain('private-0');
    expect(() => sfu.setPaused('nobody', true)).toThrow(expect.objectContaining({ code: 'no_publisher' }));
  });
});

describe('a stream the server makes (publishSource)', () => {
  it('reaches every viewer without a peer connection of its own, and counts what flowed', async () => {
    newSfu();
    const fake = fakeSource();
    const { publicationId } = sfu.publishSource({ showId: 'demo-1', source: fake.source });
    expect(sfu.isLive('demo-1')).toBe(true);
    expect(sfu.stats('demo-1')).toMatchObject({ publicationId, connected: true, kinds: ['video'], subscribers: 0 });
    // One publication per show, whoever makes it.
    expect(() => sfu.publishSource({ showId: 'demo-1', source: fakeSource().source })).toThrow(
      expect.objectContaining({ code: 'already_publishing' }),
    );
    await expect(startPublisher(sfu, 'demo-1')).rejects.toMatchObject({ code: 'already_publishing' });
    await expect(sfu.addIceCandidate(publicationId, null)).rejects.toMatchObject({ code: 'wrong_state' });

    const anna = await startViewer(sfu, 'demo-1', 'anna');
    const ben = await startViewer(sfu, 'demo-1', 'ben');
    await Promise.all([anna.connected(), ben.connected()]);
    const video = labels('frame', 10);
    for (const label of video) expect(fake.send('video', label)).toBe(true);
    // A kind the source did not declare goes nowhere.
    fake.send('audio', 'stray');
    for (const viewer of [anna, ben]) {
      await viewer.changes.until(() => video.every((l) => viewer.labels('video').includes(l)), 'the frames');
      expect(viewer.labels('video')).toEqual(video);
    }
    const stats = sfu.stats('demo-1');
    expect(stats).toMatchObject({ packetsIn: 10, packetsOut: 20, subscribers: 2 });
    expect(stats.bytesIn).toBeGreaterThan(10 * 12);
  });

  it('starts on the first connected viewer and stops when the last one leaves', async () => {
    newSfu();
    const fake = fakeSource();
    sfu.publishSource({ showId: 'demo-1', source: fake.source });
    // Nobody watches: nothing runs, not even while a viewer is still connecting.
    const { subscriptionId: pending } = await sfu.subscribe({ showId: 'demo-1', viewerId: 'p', onEvent: () => {} });
    expect(fake.state.starts).toBe(0);
    await sfu.unsubscribe(pending);
    expect(fake.state).toMatchObject({ starts: 0, stops: 0 });

    const anna = await startViewer(sfu, 'demo-1', 'anna');
    await anna.connected();
    expect(fake.state.starts).toBe(1);
    const ben = await startViewer(sfu, 'demo-1', 'ben');
    await ben.connected();
    expect(fake.state.starts).toBe(1);
    await sfu.unsubscribe(anna.subscriptionId);
    expect(fake.state.stops).toBe(0);
    fake.send('video', 'for-ben');
    await ben.changes.until(() => ben.labels('video').includes('for-ben'), 'the frame at ben');
    await sfu.unsubscribe(ben.subscriptionId);
    expect(fake.state).toMatchObject({ starts: 1, stops: 1 });
    expect(fake.running()).toBe(false);
    // Still on air: the next viewer starts it again.
    expect(sfu.isLive('demo-1')).toBe(true);
    const carla = await startViewer(sfu, 'demo-1', 'carla');
    await carla.connected();
    expect(fake.state.starts).toBe(2);
    fake.send('video', 'for-carla');
    await carla.changes.until(() => carla.labels('video').includes('for-carla'), 'the frame at carla');
    await sfu.close();
    expect(fake.state.stops).toBe(2);
    expect(carla.events.at(-1)).toEqual({ type: 'ended', reason: 'sfu_closed' });
  });

  it('stopping the publication ends every viewer and stops the source', async () => {
    newSfu();
    const fake = fakeSource();
    sfu.publishSource({ showId: 'demo-1', source: fake.source });
    const anna = await startViewer(sfu, 'demo-1', 'anna');
    const ben = await startViewer(sfu, 'demo-1', 'ben');
    await Promise.all([anna.connected(), ben.connected()]);
    await sfu.stopPublication('demo-1');
    await Promise.all([anna.ended(), ben.ended()]);
    for (const viewer of [anna, ben])
      expect(viewer.events.at(-1)).toEqual({ type: 'ended', reason: 'publication_stopped' });
    expect(fake.state).toMatchObject({ starts: 1, stops: 1 });
    expect(fake.send('video', 'late')).toBe(false);
    expect(sfu.isLive('demo-1')).toBe(false);
    // The show is free for a performer of flesh and blood.
    const publisher = await startPublisher(sfu, 'demo-1');
    expect(sfu.stats('demo-1').publicationId).toBe(publisher.publicationId);
  });

  it("passes keyframe requests on to the source: a viewer's join, her PLI, the resume after a pause", async () => {
    newSfu();
    const fake = fakeSource();
    sfu.publishSource({ showId: 'demo-1', source: fake.source });
    const anna = await startViewer(sfu, 'demo-1', 'anna');
    await anna.connected();
    expect(fake.state.keyframeRequests).toBe(1);
    fake.send('video', 'frame-0');
    await anna.changes.until(() => anna.labels('video').includes('frame-0'), 'a frame at anna');
    await anna.requestKeyframe();
    await fake.changes.until(() => fake.state.keyframeRequests === 2, "anna's keyframe request at the source");
    sfu.setPaused('demo-1', true);
    fake.send('video', 'private-0');
    sfu.setPaused('demo-1', false);
    expect(fake.state.keyframeRequests).toBe(3);
    sfu.requestKeyframe('demo-1');
    expect(fake.state.keyframeRequests).toBe(4);
    fake.send('video', 'public-0');
    await anna.changes.until(() => anna.labels('video').includes('public-0'), 'the frame after resume');
    expect(anna.labels('video')).not.toContain('private-0');
    expect(sfu.stats('demo-1')).toMatchObject({ keyframeRequestsSent: 4, packetsIn: 3 });
  });
});
