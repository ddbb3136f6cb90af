import type { CapacityStep } from './live-capacity.ts';
import { lossCause } from './live-report-capacity.ts';

const step = (over: Partial<CapacityStep>): CapacityStep => ({
  viewers: 250,
  failedJoins: 0,
  withPicture: 250,
  sfuCorePercent: 90,
  apiCorePercent: null,
  viewersCorePercent: 100,
  viewersBusiestProcessPercent: 40,
  viewersProcesses: 3,
  sfuRssMiB: 280,
  sfuHeapMiB: 110,
  notConnected: 0,
  chatEnded: {},
  udpReceiveDrops: { sfu: 0, viewers: 0, machine: 0 },
  udpToClosedPorts: 0,
  publisherPacketsPerSecond: 125,
  lossPercent: 0,
  packetsPerSecondOut: 31_000,
  machineBusyPercent: 90,
  appLoopDelayMs: { p50: 20, p99: 400, max: 900 },
  ...over,
});

describe('where a capacity step lost its packets', () => {
  it('says nothing of a step without loss', () => {
    expect(lossCause(step({ udpReceiveDrops: { sfu: 3, viewers: 0, machine: 3 } }))).toBeNull();
  });

  it("blames the SFU's sockets when they overflowed, with its event loop delay", () => {
    const cause = lossCause(step({ lossPercent: 63.1, udpReceiveDrops: { sfu: 218, viewers: 0, machine: 218 } }));
    expect(cause).toMatch(/218 datagrams dropped on the SFU's full sockets \(event loop delay p99 400 ms\)/);
    expect(cause).not.toMatch(/viewers' full sockets/);
  });

  it("blames the bench's own receivers when their sockets overflowed", () => {
    const cause = lossCause(step({ lossPercent: 42, udpReceiveDrops: { sfu: 0, viewers: 5000, machine: 5000 } }));
    expect(cause).toMatch(/5000 dropped on the viewers' full sockets \(busiest viewers' process 40 % of a core\)/);
  });

  it('says when no socket overflowed', () => {
    expect(lossCause(step({ lossPercent: 5, notConnected: 12 }))).toMatch(
      /no socket overflowing.*12 viewers not connected/,
    );
  });
});
