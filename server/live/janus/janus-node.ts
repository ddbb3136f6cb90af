import { randomBytes } from 'node:crypto';
import { type HandleEvent, JanusConnection, type JanusHandle, type JanusSession } from './janus-api.ts';

/** How to reach one Janus instance (JANUS_URLS): its API, its Admin API and their secrets. */
export type JanusEndpoint = {
  name: string;
  url: string;
  /**
   * Where other instances (and the API's own server-made streams) send it RTP: the address of
   * its network the others reach; by default the host of its API address.
   */
  mediaAddress?: string | undefined;
  apiSecret: string;
  adminUrl: string;
  adminSecret: string;
};

const PLUGIN = 'janus.plugin.videoroom';
/** A lost instance is tried again this often; its shows have moved elsewhere meanwhile. */
const RECONNECT_MS = 1_000;

/** A VideoRoom on one instance: one per show and instance, created with its own secret and pin. */
export type Room = { node: JanusNode; id: string; secret: string; pin: string };

const token = () => randomBytes(18).toString('base64url');

/**
 * One Janus instance as the API process sees it: a session of its own (every handle of this
 * process lives in it), a control handle for room requests, and the Admin API for figures. When
 * the connection drops, everything on the instance is gone for this process (Janus ends a
 * session whose transport closed): `onDown` listeners move the shows, and the node connects again
 * in the background.
 */
export class JanusNode {
  private session: JanusSession | null = null;
  private control: JanusHandle | null = null;
  private admin: JanusConnection | null = null;
  private readonly downListeners = new Set<() => void>();
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;
  /** Subscriptions this process holds on the instance (placement counts them). */
  load = 0;
  /** Publications whose origin it is (a new show goes where fewest are, among equally loaded). */
  publications = 0;

  constructor(readonly endpoint: JanusEndpoint) {}

  get name(): string {
    return this.endpoint.name;
  }

  /** Remote publishers and forwarders need the plugin's admin key (janus-config.ts locks them). */
  get adminKey(): string {
    return this.endpoint.adminSecret;
  }

  get mediaAddress(): string {
    return this.endpoint.mediaAddress ?? new URL(this.endpoint.url).hostname;
  }

  get up(): boolean {
    return this.session?.connection.isOpen === true;
  }

  /** What it is and carries for this process (health and diagnostics). */
  describe() {
    return { name: this.name, up: this.up, viewers: this.load, publications: this.publications };
  }

  onDown(listener: () => void): void {
    this.downListeners.add(listener);
  }

  /** Connects (or reports failure); later losses are retried in the background until close. */
  async connect(): Promise<boolean> {
    if (this.up || this.closed) return this.up;
    try {
      const connection = await JanusConnection.open(this.name, this.endpoint.url, this.endpoint.apiSecret);
      const session = await connection.createSession();
      const control = await session.attach(PLUGIN, () => undefined);
      const admin = await JanusConnection.open(this.name, this.endpoint.adminUrl, this.endpoint.adminSecret, true);
      this.session = session;
      this.control = control;
      this.admin = admin;
      connection.onClose(() => this.lost());
      admin.onClose(() => {
        if (this.admin === admin) this.admin = null;
      });
      return true;
    } catch {
      this.scheduleReconnect();
      return false;
    }
  }

  private lost(): void {
    if (this.closed) return;
    this.session = null;
    this.control = null;
    this.admin?.close();
    this.admin = null;
    this.load = 0;
    this.publications = 0;
    for (const listener of this.downListeners) listener();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.connect();
    }, RECONNECT_MS);
    this.reconnect.unref();
  }

  private requireSession(): JanusSession {
    if (!this.session) throw new Error(`media server ${this.name} is down`);
    return this.session;
  }

  /** A handle for a peer connection (publisher or viewer) with its own events. */
  attach(onEvent: (event: HandleEvent) => void): Promise<JanusHandle> {
    return this.requireSession().attach(PLUGIN, onEvent);
  }

  /** A VideoRoom for a show's stream: private, one publisher, VP8 and Opus only. */
  async createRoom(showId: string): Promise<Room> {
    const room: Room = { node: this, id: `${showId}-${token().slice(0, 8)}`, secret: token(), pin: token() };
    await this.roomRequest({
      request: 'create',
      room: room.id,
      secret: room.secret,
      pin: room.pin,
      admin_key: this.adminKey,
      is_private: true,
      publishers: 1,
      videocodec: 'vp8',
      audiocodec: 'opus',
      notify_joining: false,
      // Viewers ask for keyframes themselves (PLI); no periodic FIR on top.
      fir_freq: 0,
    });
    return room;
  }

  /** Ends a room and with it every peer connection in it; harmless when it is gone already. */
  async destroyRoom(room: Room): Promise<void> {
    if (!this.up) return;
    await this.roomRequest({ request: 'destroy', room: room.id, secret: room.secret }).catch(() => undefined);
  }

  roomRequest(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!this.control) return Promise.reject(new Error(`media server ${this.name} is down`));
    return this.control.call(body);
  }

  /** The Admin API's view of a handle (its peer connection's counters), or null when unavailable. */
  async handleInfo(handle: JanusHandle): Promise<Record<string, unknown> | null> {
    if (!this.admin || !this.session) return null;
    const answer = await this.admin
      .request({ janus: 'handle_info', session_id: handle.session.id, handle_id: handle.id })
      .catch(() => null);
    return (answer?.info as Record<string, unknown> | undefined) ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    const session = this.session;
    this.session = null;
    this.control = null;
    if (session) {
      await session.destroy();
      session.connection.close();
    }
    this.admin?.close();
    this.admin = null;
  }
}
