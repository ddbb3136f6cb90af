import { ApiError } from '#app/http.ts';
import type { WatchAnswer } from '#common/api/live.ts';
import { LIVE_RECONNECT_DELAYS_MS } from '#common/constants.ts';
import type { WatchBody } from './api.ts';
import { gathered } from './peer.ts';

/**
 * What the player shows: connecting (also between reconnects), playing, paused by the performer,
 * offline, without free chat now, or failed for good (the overlay offers a retry).
 */
export type LivePhase = 'connecting' | 'playing' | 'paused' | 'offline' | 'not_free' | 'failed';

export type LiveViewerDeps = {
  watch(universalId: string, credentials: WatchBody): Promise<WatchAnswer>;
  /** The chat session's login and its newest password (heartbeats renew it), read at every (re)connect. */
  credentials(): WatchBody;
  answer(subscriptionId: string, sdp: string): Promise<unknown>;
  leave(subscriptionId: string): Promise<unknown>;
  createPeer(config: RTCConfiguration): RTCPeerConnection;
  onPhase(phase: LivePhase): void;
  onStream(stream: MediaStream | null, kinds: WatchAnswer['kinds']): void;
};

/** A connection that stays disconnected this long is given up and made again. */
const DISCONNECTED_GRACE_MS = 2_000;

/**
 * One viewer's live stream of one show: asks to watch, answers the server's offer, and keeps the
 * stream going: after a network blip, a server restart or the performer's reload it connects
 * again (with growing pauses), and it follows the show's state (online, paused, free) as the
 * server announces it. Framework-free; the React hook (use-live-stream.ts) renders its phases.
 */
export class LiveViewer {
  private pc: RTCPeerConnection | null = null;
  private subscriptionId: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private phase: LivePhase = 'connecting';
  /** Bumped on every (re)connect: answers of an older attempt are dropped. */
  private generation = 0;
  startedAt = 0;

  constructor(
    private readonly universalId: string,
    private readonly deps: LiveViewerDeps,
  ) {}

  start(): void {
    this.startedAt = performance.now();
    void this.connect();
  }

  /** The first frame is painted: the stream plays, and the next blip starts its delays afresh. */
  framePainted(): void {
    this.attempt = 0;
    if (this.phase === 'connecting') this.setPhase('playing');
  }

  /** The show's state as announced (show:bulkupdate). */
  showChanged(update: { online?: boolean; paused?: boolean; free?: boolean; restarted?: boolean }): void {
    if (this.closed) return;
    if (update.online === false) {
      this.hangUp();
      this.setPhase('offline');
      return;
    }
    if (update.free === false) {
      this.hangUp();
      this.setPhase('not_free');
      return;
    }
    // Her stream was published anew: the one this viewer holds (or waits for) is gone.
    const cameBack =
      (update.restarted === true && this.phase !== 'not_free') ||
      (update.online === true && this.phase === 'offline') ||
      (update.free === true && this.phase === 'not_free');
    if (cameBack) {
      this.retryNow();
      return;
    }
    if (update.paused === true && this.pc) this.setPhase('paused');
    if (update.paused === false && this.phase === 'paused') this.setPhase('connecting');
  }

  /** Tries again at once (the overlay's retry button, the show coming back). */
  retryNow(): void {
    if (this.closed) return;
    this.attempt = 0;
    this.hangUp();
    void this.connect();
  }

  /** The player shows nothing while frames stop coming though the connection looks up. */
  stalled(): void {
    if (this.phase === 'playing') this.reconnectLater();
  }

  close(): void {
    this.closed = true;
    this.hangUp();
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.setPhase('connecting');
    let watch: WatchAnswer;
    try {
      watch = await this.deps.watch(this.universalId, this.deps.credentials());
    } catch (error) {
      if (generation !== this.generation || this.closed) return;
      const reason = error instanceof ApiError ? Object.keys(error.body?.errors ?? {})[0] : undefined;
      if (reason === 'chat.show_not_available' || (error instanceof ApiError && error.status === 404)) {
        this.setPhase('offline');
      } else if (reason === 'chat.show_not_available_free') {
        this.setPhase('not_free');
      } else {
        this.reconnectLater();
      }
      return;
    }
    if (generation !== this.generation || this.closed) {
      void this.deps.leave(watch.subscriptionId).catch(() => undefined);
      return;
    }
    const pc = this.deps.createPeer({ iceServers: watch.iceServers });
    this.pc = pc;
    this.subscriptionId = watch.subscriptionId;
    const stream = new MediaStream();
    pc.ontrack = (event) => {
      stream.addTrack(event.track);
      this.deps.onStream(stream, watch.kinds);
    };
    let disconnectedTimer: ReturnType<typeof setTimeout> | null = null;
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (disconnectedTimer) clearTimeout(disconnectedTimer);
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') this.reconnectLater();
      if (pc.connectionState === 'disconnected') {
        disconnectedTimer = setTimeout(() => this.pc === pc && this.reconnectLater(), DISCONNECTED_GRACE_MS);
      }
    };
    try {
      await pc.setRemoteDescription(watch.offer);
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      if (generation !== this.generation || this.closed) return;
      await this.deps.answer(watch.subscriptionId, pc.localDescription?.sdp ?? '');
    } catch {
      if (generation === this.generation && !this.closed) this.reconnectLater();
      return;
    }
    if (watch.paused) this.setPhase('paused');
  }

  private reconnectLater(): void {
    if (this.closed) return;
    this.hangUp();
    this.setPhase('connecting');
    const delays = LIVE_RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 8_000;
    this.attempt += 1;
    // Past the longest delay, the overlay offers a retry rather than trying forever.
    if (this.attempt > delays.length + 2) {
      this.setPhase('failed');
      return;
    }
    this.timer = setTimeout(() => void this.connect(), delay);
  }

  private hangUp(): void {
    this.generation += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { pc, subscriptionId } = this;
    this.pc = null;
    this.subscriptionId = null;
    if (pc) {
      pc.ontrack = null;
      pc.onconnectionstatechange = null;
      pc.close();
      this.deps.onStream(null, []);
    }
    if (subscriptionId) void this.deps.leave(subscriptionId).catch(() => undefined);
  }

  private setPhase(phase: LivePhase): void {
    if (this.phase === phase) return;
    this.phase = phase;
    this.deps.onPhase(phase);
  }

  /** The peer connection, for the debug figures. */
  get connection(): RTCPeerConnection | null {
    return this.pc;
  }
}
