import { vi } from 'vitest';
import type { StudioMe } from '#common/api/studio.ts';

/** Her studio as GET /api/studio/me answers it. */
export const studioMe = (online = false): StudioMe => ({
  performer: { id: 1, email: 'lena@example.com' },
  show: {
    universalId: '1001',
    showName: 'Lena Sun',
    online,
    free: false,
    pricePerMinute: 30,
    priceFactorExclusive: 150,
    exclusive: 0,
    messagePrice: 0,
    prices: { private: 30, exclusive: null, exclusiveOnly: false },
  },
});

/** A camera, a microphone and peer connections as far as the studio uses them (jsdom has none). */
export function fakeMedia(opts: { denied?: boolean } = {}) {
  const tracks = (['video', 'audio'] as const).map((kind) => ({
    kind,
    enabled: true,
    stop: vi.fn(),
    addEventListener: vi.fn(),
    getSettings: () => ({ deviceId: `${kind}-1` }),
  }));
  const stream = {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  };
  const state = { opened: 0, tracks, peers: [] as FakePeer[] };
  class FakePeer {
    iceGatheringState = 'complete';
    connectionState = 'new';
    localDescription: { type: string; sdp: string } | null = null;
    remote: unknown = null;
    closed = false;
    onconnectionstatechange: (() => void) | null = null;
    constructor() {
      state.peers.push(this);
    }
    addTransceiver() {}
    getSenders() {
      return [];
    }
    async createOffer() {
      return { type: 'offer', sdp: 'v=0 offer' };
    }
    async setLocalDescription(description: { type: string; sdp: string }) {
      this.localDescription = description;
    }
    async setRemoteDescription(description: unknown) {
      this.remote = description;
    }
    addEventListener() {}
    removeEventListener() {}
    close() {
      this.closed = true;
    }
  }
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (opts.denied) throw new DOMException('no', 'NotAllowedError');
        state.opened += 1;
        return stream;
      },
      enumerateDevices: async () => [
        { kind: 'videoinput', deviceId: 'video-1', label: 'Front camera' },
        { kind: 'audioinput', deviceId: 'audio-1', label: 'Headset' },
      ],
    },
  });
  return state;
}
