import { describe, expect, it } from 'vitest';
import { janusInstanceLayout } from './instance-layout.ts';

describe('the layout of Janus instances on one machine', () => {
  it('gives each instance two ports of its own and an equal share of the RTP range', () => {
    const layout = janusInstanceLayout({ count: 2, host: '127.0.0.1', port: 4190, rtpPorts: [46_000, 46_399] });
    expect(layout).toEqual([
      {
        name: 'janus-1',
        apiPort: 4190,
        adminPort: 4191,
        rtpPorts: [46_000, 46_199],
        url: 'ws://127.0.0.1:4190',
        adminUrl: 'ws://127.0.0.1:4191',
      },
      {
        name: 'janus-2',
        apiPort: 4192,
        adminPort: 4193,
        rtpPorts: [46_200, 46_399],
        url: 'ws://127.0.0.1:4192',
        adminUrl: 'ws://127.0.0.1:4193',
      },
    ]);
  });

  it('leaves the ports an uneven split cannot share unused, never overlapping', () => {
    const layout = janusInstanceLayout({ count: 3, host: '10.0.0.5', port: 8188, rtpPorts: [20_000, 20_100] });
    expect(layout.map((i) => i.rtpPorts)).toEqual([
      [20_000, 20_032],
      [20_033, 20_065],
      [20_066, 20_098],
    ]);
  });

  it('writes an IPv6 address in brackets', () => {
    const [one] = janusInstanceLayout({ count: 1, host: '::1', port: 8188, rtpPorts: [20_000, 20_999] });
    expect(one?.url).toBe('ws://[::1]:8188');
    expect(one?.adminUrl).toBe('ws://[::1]:8189');
  });

  it('refuses what cannot be laid out', () => {
    const base = { count: 2, host: '127.0.0.1', port: 8188, rtpPorts: [20_000, 20_999] as [number, number] };
    expect(() => janusInstanceLayout({ ...base, count: 0 })).toThrow(/count/);
    expect(() => janusInstanceLayout({ ...base, port: 65_534 })).toThrow(/not all valid/);
    expect(() => janusInstanceLayout({ ...base, rtpPorts: [21_000, 20_000] })).toThrow(/lower first/);
    expect(() => janusInstanceLayout({ ...base, rtpPorts: [80, 2000] })).toThrow(/RTP range/);
    expect(() => janusInstanceLayout({ ...base, rtpPorts: [20_000, 20_030] })).toThrow(/too small/);
  });
});
