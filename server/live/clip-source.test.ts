import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RtpPacket } from 'werift';
import { clipSource } from './clip-source.ts';
import type { WebmClip } from './webm-frames.ts';

/** Three frames 100 ms apart, 300 ms a loop; frame i of the clip is (i + 1) bytes of the value i. */
const CLIP: WebmClip = {
  width: 320,
  height: 180,
  durationMs: 300,
  frames: [0, 1, 2].map((i) => ({ data: Buffer.alloc(i + 1, i), timestamp: i * 100 })),
};

type Sent = { at: number; packet: RtpPacket };

/** A started source: what it sent, when (on the fake clock), and its stop function. */
function started(source = clipSource({ load: async () => CLIP, now: () => Date.now() })) {
  const sent: Sent[] = [];
  const stop = source.start((kind, rtp) => {
    expect(kind).toBe('video');
    sent.push({ at: Date.now(), packet: RtpPacket.deSerialize(rtp) });
  });
  return { source, sent, stop, frameIndexes: () => sent.map((s) => s.packet.payload[1]) };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('clipSource', () => {
  it('sends the frames in a loop at their own times, one continuous RTP stream', async () => {
    const { sent, frameIndexes, stop } = started();
    await vi.advanceTimersByTimeAsync(950);
    // 0, 100, ..., 900 ms: ten frames, the clip three times and a bit.
    expect(frameIndexes()).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
    expect(sent.map((s) => s.at - 1_000_000)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    const headers = sent.map((s) => s.packet.header);
    for (let i = 1; i < headers.length; i++) {
      expect((headers[i]?.sequenceNumber ?? 0) - (headers[i - 1]?.sequenceNumber ?? 0)).toBeOneOf([1, -65_535]);
      // 100 ms on the 90 kHz clock, across the loops too.
      expect(((headers[i]?.timestamp ?? 0) - (headers[i - 1]?.timestamp ?? 0) + 2 ** 32) % 2 ** 32).toBe(9000);
    }
    expect(headers.every((h) => h.marker)).toBe(true);
    stop();
  });

  it('does not drift when sending takes time, and skips frames it is too late for', async () => {
    const source = clipSource({ load: async () => CLIP, now: () => Date.now() });
    const sent: number[] = [];
    let slowOnce = false;
    source.start(() => {
      sent.push(Date.now() - 1_000_000);
      // The first send costs 250 ms of wall time, every later one 30 ms (the timers do not see it).
      vi.setSystemTime(Date.now() + (slowOnce ? 30 : 250));
      slowOnce = true;
    });
    while (Date.now() - 1_000_000 < 10_000) await vi.advanceTimersByTimeAsync(10);
    // The 250 ms send made the frames at 100 and 200 ms late: the one at 200 went out, 100 was skipped.
    expect(sent.slice(0, 3)).toEqual([0, 250, 300]);
    // After that every frame left at its due time, to the end: no build-up after 100 frames.
    for (const at of sent.slice(2)) expect(at % 100).toBe(0);
    const last = sent.at(-1) ?? 0;
    expect(last).toBeGreaterThanOrEqual(9_900);
    expect(sent).toHaveLength(2 + (last - 300) / 100 + 1);
  });

  it('sends nothing after stop, and goes on with the same numbering when started again', async () => {
    const run = started();
    await vi.advanceTimersByTimeAsync(150);
    run.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run.frameIndexes()).toEqual([0, 1]);
    expect(vi.getTimerCount()).toBe(0);
    const again = started(run.source);
    await vi.advanceTimersByTimeAsync(50);
    again.stop();
    const [before, after] = [run.sent.at(-1)?.packet.header, again.sent[0]?.packet.header];
    // A run starts at the clip's first frame; sequence numbers run on, the media time moves on with the clock.
    expect(again.frameIndexes()).toEqual([0]);
    expect(after?.sequenceNumber).toBe(((before?.sequenceNumber ?? 0) + 1) % 65_536);
    expect(((after?.timestamp ?? 0) - (before?.timestamp ?? 0) + 2 ** 32) % 2 ** 32).toBe(1050 * 90);
    expect(after?.ssrc).toBe(before?.ssrc);
  });

  it('asks for the clip on every start, and reports a clip that cannot be loaded', async () => {
    const load = vi.fn(async () => CLIP);
    const errors: unknown[] = [];
    const source = clipSource({ load, now: () => Date.now(), onError: (e) => errors.push(e) });
    // Stopped before the clip arrived: nothing is sent, no timer is left.
    const early = started(source);
    early.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(early.sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    started(source).stop();
    expect(load).toHaveBeenCalledTimes(2);

    const broken = clipSource({
      load: async () => {
        throw new Error('no such clip');
      },
      onError: (e) => errors.push(e),
    });
    const run = started(broken);
    await vi.advanceTimersByTimeAsync(500);
    expect(run.sent).toEqual([]);
    expect(errors).toEqual([new Error('no such clip')]);
    run.stop();
  });

  it('sends big frames in several packets, the marker on the last', async () => {
    const big: WebmClip = { ...CLIP, frames: [{ data: Buffer.alloc(3000, 7), timestamp: 0 }] };
    const run = started(clipSource({ load: async () => big, now: () => Date.now() }));
    await vi.advanceTimersByTimeAsync(10);
    run.stop();
    expect(run.sent.map((s) => [s.packet.payload.length, s.packet.header.marker])).toEqual([
      [1200, false],
      [1200, false],
      [603, true],
    ]);
  });
});
