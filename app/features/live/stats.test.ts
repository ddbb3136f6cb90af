import { describe, expect, it } from 'vitest';
import { liveFigures } from './stats.ts';

const report = (timestamp: number, inbound: Record<string, unknown>, rtt?: number) => [
  { type: 'inbound-rtp', id: 'v', kind: 'video', timestamp, ...inbound },
  { type: 'inbound-rtp', id: 'a', kind: 'audio', timestamp, bytesReceived: 999_999 },
  ...(rtt === undefined
    ? []
    : [{ type: 'candidate-pair', id: 'p', timestamp, selected: true, currentRoundTripTime: rtt }]),
];

describe('liveFigures', () => {
  it('reads bitrate, loss and delay of the inbound video from two reports', () => {
    const before = report(1_000, { bytesReceived: 100_000, packetsReceived: 900, packetsLost: 0 });
    const now = report(
      2_000,
      {
        bytesReceived: 225_000,
        packetsReceived: 990,
        packetsLost: 10,
        jitterBufferDelay: 3,
        jitterBufferEmittedCount: 60,
        frameWidth: 640,
        frameHeight: 480,
        framesPerSecond: 30,
      },
      0.004,
    );
    expect(liveFigures(before, now, 420)).toEqual({
      firstFrameMs: 420,
      // 125,000 bytes in one second.
      bitrateKbps: 1000,
      lossPercent: 1,
      // 50 ms in the jitter buffer per frame, plus half of a 4 ms round trip.
      delayMs: 52,
      width: 640,
      height: 480,
      framesPerSecond: 30,
    });
  });

  it('leaves unknown what a first report cannot tell', () => {
    const figures = liveFigures(null, report(1_000, { bytesReceived: 10 }), null);
    expect(figures).toMatchObject({ firstFrameMs: null, bitrateKbps: null, lossPercent: null, delayMs: null });
  });
});
