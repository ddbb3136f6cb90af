import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/**
 * A client of the Janus API over its WebSocket transport: requests matched to their answers by
 * transaction, sessions kept alive, and the events Janus sends on its own (webrtcup, media, hangup,
 * a plugin's asynchronous events) handed to the handle they concern. Only the API server talks to
 * Janus; the API secret goes with every request.
 */

export type Jsep = { type: 'offer' | 'answer'; sdp: string; trickle?: boolean };

/** What Janus sends: the fields this client reads. */
export type JanusMessage = {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: Jsep;
  type?: string;
  receiving?: boolean;
  mid?: string;
  reason?: string;
  [key: string]: unknown;
};

/** Janus or its plugin refused a request; `code` is Janus' (or the VideoRoom's) error code. */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

/** The instance did not answer a request in time (a hung instance, or a network that drops). */
export class JanusTimeout extends JanusError {
  constructor(instance: string, request: string) {
    super(0, `media server ${instance} did not answer ${request} in time`);
    this.name = 'JanusTimeout';
  }
}

/** The connection to the instance closed (it stopped, or the network between us failed). */
export class JanusGone extends Error {
  constructor(readonly instance: string) {
    super(`media server ${instance} is not reachable`);
    this.name = 'JanusGone';
  }
}

type Pending = {
  resolve: (message: JanusMessage) => void;
  reject: (error: Error) => void;
  /** Plugin requests answer `ack` first, then an `event` with the same transaction. */
  waitForEvent: boolean;
  timer: NodeJS.Timeout;
};

export type HandleEvent =
  | { type: 'webrtcup' }
  | { type: 'media'; kind: string; receiving: boolean }
  | { type: 'hangup'; reason: string }
  | { type: 'detached' }
  | { type: 'plugin'; data: Record<string, unknown>; jsep?: Jsep | undefined };

const REQUEST_TIMEOUT_MS = 5_000;
/**
 * How often the instance is asked for a sign of life (Janus' `ping`, answered by its core), and how
 * long an answer may take. Two answers missed in a row (one could be this process' own event loop
 * falling behind) and an instance that hangs, or whose network fails without closing the socket,
 * counts as gone: within about 4 s, so its shows move within the 10 s a failover may take.
 */
const PROBE_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;
const PROBES_MISSED = 2;
/** Janus ends a session without a sign of life for 60 s (janus-config.ts): well inside that. */
const KEEPALIVE_MS = 20_000;

export class JanusConnection {
  private readonly pending = new Map<string, Pending>();
  private readonly handles = new Map<number, (event: HandleEvent) => void>();
  private readonly closeListeners = new Set<() => void>();
  private readonly probe: NodeJS.Timeout;
  private closed = false;

  private constructor(
    readonly instance: string,
    private readonly socket: WebSocket,
    private readonly secret: string,
    private readonly adminProtocol: boolean,
  ) {
    socket.on('message', (raw) => this.receive(String(raw)));
    socket.on('close', () => this.gone());
    socket.on('error', () => this.gone());
    let missed = 0;
    this.probe = setInterval(() => {
      this.request({ janus: 'ping' }, false, PROBE_TIMEOUT_MS).then(
        () => {
          missed = 0;
        },
        (error: unknown) => {
          if (error instanceof JanusTimeout && ++missed >= PROBES_MISSED) this.close();
        },
      );
    }, PROBE_MS);
    this.probe.unref();
  }

  /**
   * Opens the Janus API (`janus-protocol`) or the Admin API (`janus-admin-protocol`) of an
   * instance; refuses within the timeout when nothing answers.
   */
  static open(instance: string, url: string, secret: string, admin = false): Promise<JanusConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, admin ? 'janus-admin-protocol' : 'janus-protocol', {
        handshakeTimeout: REQUEST_TIMEOUT_MS,
      });
      const fail = () => reject(new JanusGone(instance));
      socket.once('error', fail);
      socket.once('open', () => {
        socket.off('error', fail);
        resolve(new JanusConnection(instance, socket, secret, admin));
      });
    });
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** A core request (`create`, `attach`, `info`, `detach`, …): its `success` answer. */
  request(body: Record<string, unknown>, waitForEvent = false, timeoutMs = REQUEST_TIMEOUT_MS): Promise<JanusMessage> {
    if (this.closed) return Promise.reject(new JanusGone(this.instance));
    const transaction = randomBytes(9).toString('base64url');
    const secretField = this.adminProtocol ? { admin_secret: this.secret } : { apisecret: this.secret };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusTimeout(this.instance, String(body.janus)));
      }, timeoutMs);
      timer.unref();
      this.pending.set(transaction, { resolve, reject, waitForEvent, timer });
      this.socket.send(JSON.stringify({ ...body, ...secretField, transaction }));
    });
  }

  async createSession(): Promise<JanusSession> {
    const answer = await this.request({ janus: 'create' });
    const id = answer.data?.id;
    if (typeof id !== 'number') throw new JanusError(0, 'no session id in the answer');
    return new JanusSession(this, id);
  }

  /** Routes a handle's events to its listener (JanusSession.attach). */
  listen(handleId: number, listener: ((event: HandleEvent) => void) | null): void {
    if (listener) this.handles.set(handleId, listener);
    else this.handles.delete(handleId);
  }

  close(): void {
    if (this.closed) return;
    // terminate, not close: a hung instance would never answer the closing handshake.
    this.socket.terminate();
    this.gone();
  }

  private receive(text: string): void {
    let message: JanusMessage;
    try {
      message = JSON.parse(text) as JanusMessage;
    } catch {
      return;
    }
    const pending = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (!pending) this.dispatch(message);
    // A plugin request's `ack` only says it arrived: its answer is the event that follows.
    else if (!(message.janus === 'ack' && pending.waitForEvent)) this.settle(message, pending);
  }

  private settle(message: JanusMessage, pending: Pending): void {
    if (message.transaction) this.pending.delete(message.transaction);
    clearTimeout(pending.timer);
    if (message.janus === 'error') {
      pending.reject(new JanusError(message.error?.code ?? 0, message.error?.reason ?? 'refused'));
      return;
    }
    const data = message.plugindata?.data;
    if (data && typeof data.error === 'string') {
      pending.reject(new JanusError(Number(data.error_code ?? 0), data.error));
      return;
    }
    pending.resolve(message);
  }

  private dispatch(message: JanusMessage): void {
    const listener = message.sender === undefined ? undefined : this.handles.get(message.sender);
    if (!listener) return;
    if (message.janus === 'webrtcup') listener({ type: 'webrtcup' });
    else if (message.janus === 'media')
      listener({ type: 'media', kind: String(message.type ?? ''), receiving: message.receiving === true });
    else if (message.janus === 'hangup') listener({ type: 'hangup', reason: String(message.reason ?? '') });
    else if (message.janus === 'detached') listener({ type: 'detached' });
    else if (message.janus === 'event' && message.plugindata)
      listener({ type: 'plugin', data: message.plugindata.data, jsep: message.jsep });
  }

  private gone(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.probe);
    for (const [transaction, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new JanusGone(this.instance));
      this.pending.delete(transaction);
    }
    for (const listener of this.closeListeners) listener();
    this.closeListeners.clear();
  }
}

/** A Janus session: the handles of one API process on one instance, kept alive while it runs. */
export class JanusSession {
  private readonly keepalive: NodeJS.Timeout;

  constructor(
    readonly connection: JanusConnection,
    readonly id: number,
  ) {
    this.keepalive = setInterval(() => {
      connection.request({ janus: 'keepalive', session_id: id }).catch(() => undefined);
    }, KEEPALIVE_MS);
    this.keepalive.unref();
    connection.onClose(() => clearInterval(this.keepalive));
  }

  async attach(plugin: string, onEvent: (event: HandleEvent) => void): Promise<JanusHandle> {
    const answer = await this.connection.request({ janus: 'attach', session_id: this.id, plugin });
    const id = answer.data?.id;
    if (typeof id !== 'number') throw new JanusError(0, 'no handle id in the answer');
    this.connection.listen(id, onEvent);
    return new JanusHandle(this, id);
  }

  async destroy(): Promise<void> {
    clearInterval(this.keepalive);
    await this.connection.request({ janus: 'destroy', session_id: this.id }).catch(() => undefined);
  }
}

/** A handle on a plugin: a publisher's or a viewer's peer connection, or a control handle. */
export class JanusHandle {
  constructor(
    readonly session: JanusSession,
    readonly id: number,
  ) {}

  private base() {
    return { session_id: this.session.id, handle_id: this.id };
  }

  /** A plugin request answered at once (`success`): its data. */
  async call(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.session.connection.request({ janus: 'message', ...this.base(), body });
    return answer.plugindata?.data ?? {};
  }

  /** A plugin request answered by an event (join, configure, start): its data and description. */
  async ask(body: Record<string, unknown>, jsep?: Jsep): Promise<{ data: Record<string, unknown>; jsep?: Jsep }> {
    const request = { janus: 'message', ...this.base(), body, ...(jsep ? { jsep } : {}) };
    const answer = await this.session.connection.request(request, true);
    return { data: answer.plugindata?.data ?? {}, ...(answer.jsep ? { jsep: answer.jsep } : {}) };
  }

  /** A remote candidate of the browser, or the end of them (null). */
  async trickle(candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null) {
    const body = candidate ? { candidate } : { candidate: { completed: true } };
    await this.session.connection.request({ janus: 'trickle', ...this.base(), ...body });
  }

  /** Closes its peer connection and forgets it (Janus hangs it up first); harmless when gone. */
  async detach(): Promise<void> {
    this.session.connection.listen(this.id, null);
    await this.session.connection.request({ janus: 'detach', ...this.base() }).catch(() => undefined);
  }
}
