import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/http.ts';
import type { WatchAnswer } from '#common/api/live.ts';
import { LIVE_RECONNECT_DELAYS_MS } from '#common/constants.ts';
import { type LivePhase, LiveViewer } from './live-viewer.ts';

/** A browser peer connection as far as the viewer uses it. */
class FakePeer {
  connectionState: RTCPeerConnectionState = 'new';
  iceGatheringState: RTCIceGatheringState = 'complete';
  localDescription: { type: string; sdp: string } | null = null;
  closed = false;
  ontrack: ((event: { track: unknown }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  async setRemoteDescription() {}
  async createAnswer() {
    return { type: 'answer', sdp: 'v=0 answer' };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
  }
  addEventListener() {}
  removeEventListener() {}
  close() {
    this.closed = true;
  }
  fail() {
    this.connectionState = 'failed';
    this.onconnectionstatechange?.();
  }
}

const offer = (n: number, paused = false): WatchAnswer => ({
  subscriptionId: `00000000-0000-4000-8000-00000000000${n}`,
  offer: { type: 'offer', sdp: 'v=0' },
  iceServers: [],
  paused,
  kinds: ['video'],
});

const LOGIN = '00000000-0000-4000-8000-0000000000aa';

function harness(watch: () => Promise<WatchAnswer>) {
  const phases: LivePhase[] = [];
  const peers: FakePeer[] = [];
  const credentials = { login: LOGIN, password: 'first' };
  const deps = {
    watch: vi.fn((_id: string, _credentials: { login: string; password: string }) => watch()),
    credentials: () => ({ ...credentials }),
    answer: vi.fn(async () => ({ ok: true })),
    leave: vi.fn(async () => ({ ok: true })),
    createPeer: () => {
      const peer = new FakePeer();
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    onPhase: (phase: LivePhase) => phases.push(phase),
    onStream: vi.fn(),
  };
  const viewer = new LiveViewer('1001', deps);
  return { viewer, deps, phases, peers, credentials };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('MediaStream', class {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveViewer', () => {
  it('asks to watch, answers with its description, and plays from the first frame', async () => {
    let n = 0;
    const { viewer, deps, phases } = harness(async () => offer(++n));
    viewer.start();
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledWith(offer(1).subscriptionId, 'v=0 answer'));
    viewer.framePainted();
    expect(phases).toEqual(['playing']);
  });

  it('watches with the session login and the newest password, also when it connects again', async () => {
    let n = 0;
    const { viewer, deps, peers, credentials } = harness(async () => offer(++n));
    viewer.start();
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledTimes(1));
    expect(deps.watch).toHaveBeenLastCalledWith('1001', { login: LOGIN, password: 'first' });
    // A heartbeat renewed the password before the connection dropped.
    credentials.password = 'renewed';
    peers[0]?.fail();
    await vi.advanceTimersByTimeAsync(LIVE_RECONNECT_DELAYS_MS[0]);
    expect(deps.watch).toHaveBeenLastCalledWith('1001', { login: LOGIN, password: 'renewed' });
    viewer.close();
  });

  it('reconnects after a failed connection with growing delays, leaving the old subscription', async () => {
    let n = 0;
    const { viewer, deps, peers, phases } = harness(async () => offer(++n));
    viewer.start();
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledTimes(1));
    viewer.framePainted();
    peers[0]?.fail();
    expect(peers[0]?.closed).toBe(true);
    expect(deps.leave).toHaveBeenCalledWith(offer(1).subscriptionId);
    expect(phases.at(-1)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(LIVE_RECONNECT_DELAYS_MS[0] - 1);
    expect(deps.watch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.watch).toHaveBeenCalledTimes(2);
    // Failing again before a frame: the next delay is longer.
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledTimes(2));
    peers[1]?.fail();
    await vi.advanceTimersByTimeAsync(LIVE_RECONNECT_DELAYS_MS[0]);
    expect(deps.watch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LIVE_RECONNECT_DELAYS_MS[1] - LIVE_RECONNECT_DELAYS_MS[0]);
    expect(deps.watch).toHaveBeenCalledTimes(3);
  });

  it('gives up after the longest delays and offers a retry', async () => {
    const { viewer, deps, phases } = harness(async () => {
      throw new ApiError(503, { error: 'unavailable', message: 'live_full' });
    });
    viewer.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(phases.at(-1)).toBe('failed');
    const calls = deps.watch.mock.calls.length;
    viewer.retryNow();
    expect(deps.watch).toHaveBeenCalledTimes(calls + 1);
  });

  it('shows offline and no-free-chat refusals, and comes back when the show does', async () => {
    let refusal: string | null = 'chat.show_not_available';
    const { viewer, deps, phases } = harness(async () => {
      if (refusal) throw new ApiError(409, { error: 'conflict', message: refusal, errors: { [refusal]: [refusal] } });
      return offer(1);
    });
    viewer.start();
    await vi.waitFor(() => expect(phases.at(-1)).toBe('offline'));
    refusal = 'chat.show_not_available_free';
    viewer.showChanged({ online: true });
    await vi.waitFor(() => expect(phases.at(-1)).toBe('not_free'));
    refusal = null;
    viewer.showChanged({ free: true });
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledTimes(1));
  });

  it('watches again at once when her stream is published anew, from playing or from waiting out an interruption', async () => {
    let interrupted = false;
    let n = 0;
    const { viewer, deps, peers, phases } = harness(async () => {
      if (interrupted) throw new ApiError(503, { error: 'unavailable', message: 'live_interrupted' });
      n += 1;
      return offer(n);
    });
    viewer.start();
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledTimes(1));
    viewer.framePainted();
    // Her media server is lost: the next attempts are refused for now, and retried later.
    interrupted = true;
    viewer.showChanged({ paused: false, restarted: true });
    expect(peers[0]?.closed).toBe(true);
    await vi.waitFor(() => expect(deps.watch).toHaveBeenCalledTimes(2));
    expect(phases.at(-1)).toBe('connecting');
    // Her studio has published again: no waiting for the next delay.
    interrupted = false;
    viewer.showChanged({ paused: false, restarted: true });
    await vi.waitFor(() => expect(deps.answer).toHaveBeenCalledTimes(2));
    expect(deps.watch).toHaveBeenCalledTimes(3);
    viewer.close();
  });

  it('follows the pause and the show going offline', async () => {
    const { viewer, deps, peers, phases } = harness(async () => offer(1, true));
    viewer.start();
    await vi.waitFor(() => expect(phases.at(-1)).toBe('paused'));
    viewer.showChanged({ paused: false });
    expect(phases.at(-1)).toBe('connecting');
    viewer.framePainted();
    expect(phases.at(-1)).toBe('playing');
    viewer.showChanged({ online: false });
    expect(phases.at(-1)).toBe('offline');
    expect(peers[0]?.closed).toBe(true);
    expect(deps.leave).toHaveBeenCalledTimes(1);
    viewer.close();
  });
});
