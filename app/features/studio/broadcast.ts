import { gathered } from '#app/features/live/peer.ts';
import { api } from '#app/http.ts';
import type { PublishAnswer, StudioLiveState } from '#common/api/live.ts';

/** The studio's calls for her stream (decision 018); the studio's answers never touch the member shell. */
export const studioLive = {
  publish: (sdp: string) => api<PublishAnswer>('POST', '/studio/live', { offer: { type: 'offer', sdp } }),
  pause: (paused: boolean) => api<StudioLiveState>('POST', '/studio/live/pause', { paused }),
  stop: () => api<StudioLiveState>('POST', '/studio/live/stop', {}),
  state: (signal?: AbortSignal) => api<StudioLiveState>('GET', '/studio/live', undefined, signal ? { signal } : {}),
  /** Ends the private (or exclusive) chat running in her show. */
  endPrivate: () => api<StudioLiveState>('POST', '/studio/chat/end', {}),
};

export type BroadcastDeps = {
  publish(sdp: string): Promise<PublishAnswer>;
  createPeer(config?: RTCConfiguration): RTCPeerConnection;
  /** Her connection to the server failed while she meant to be on air. */
  onLost(): void;
};

/**
 * Her camera's connection to the server: one peer connection that only sends, negotiated with
 * whole descriptions over HTTP. Devices switch without a new negotiation (replaceTrack).
 */
export class Broadcast {
  private pc: RTCPeerConnection | null = null;

  constructor(private readonly deps: BroadcastDeps) {}

  async start(stream: MediaStream): Promise<void> {
    this.close();
    const pc = this.deps.createPeer();
    this.pc = pc;
    for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    pc.onconnectionstatechange = () => {
      if (this.pc === pc && (pc.connectionState === 'failed' || pc.connectionState === 'closed')) this.deps.onLost();
    };
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const { answer } = await this.deps.publish(pc.localDescription?.sdp ?? '');
    if (this.pc !== pc) return;
    await pc.setRemoteDescription(answer);
  }

  /** The camera or microphone changed: the new track goes out on the same connection. */
  async replace(track: MediaStreamTrack): Promise<void> {
    const sender = this.pc?.getSenders().find((s) => s.track?.kind === track.kind);
    await sender?.replaceTrack(track);
  }

  get connectionState(): RTCPeerConnectionState | 'none' {
    return this.pc?.connectionState ?? 'none';
  }

  close(): void {
    const pc = this.pc;
    this.pc = null;
    if (pc) {
      pc.onconnectionstatechange = null;
      pc.close();
    }
  }
}
