import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEvent, ServerToClientEvents } from '#common/realtime.ts';
import type { App } from '#server/app.ts';
import { SOCKET_PATH } from '#server/realtime/socket.ts';
import type { TestClient } from './harness.ts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The harness's PUBLIC_URL: the Origin a browser on the site sends. */
export const SITE_ORIGIN = 'http://localhost:3000';

/** Listens on a free local port and answers the base URL. */
export async function listenLocal(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A socket like the SPA's, with the client's cookies: resolves once connected, rejects with the
 * server's refusal (`unauthenticated`, `origin_refused`). Closed by `closeAll`.
 */
export function openSocket(
  baseUrl: string,
  client: TestClient | null,
  opts: {
    origin?: string | null;
    transports?: Array<'websocket' | 'polling'>;
    /** More handshake headers (X-Forwarded-For as a proxy would send it). */
    headers?: Record<string, string>;
    /** The handshake's auth payload (`{ as: 'performer' }` for a performer's socket). */
    auth?: Record<string, unknown>;
  } = {},
): Promise<TestSocket> {
  const origin = opts.origin === undefined ? SITE_ORIGIN : opts.origin;
  const cookie = client?.cookieHeader() ?? '';
  const socket: TestSocket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: opts.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(opts.auth ? { auth: opts.auth } : {}),
    extraHeaders: { ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}), ...opts.headers },
  });
  opened.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

const opened = new Set<TestSocket>();
export function closeAll() {
  for (const socket of opened) socket.close();
  opened.clear();
}

/** Every event a socket receives, in order, by name. */
export function record(socket: TestSocket) {
  const events: Array<{ event: ServerEvent; args: unknown[] }> = [];
  socket.onAny((event: ServerEvent, ...args: unknown[]) => events.push({ event, args }));
  return events;
}

/** Resolves with the arguments of the next `event` on the socket; fails after `ms`. */
export function nextEvent(socket: TestSocket, event: ServerEvent, ms = 5000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (name: string, ...args: unknown[]) => {
      if (name !== event) return;
      clearTimeout(timer);
      socket.offAny(listener);
      resolve(args);
    };
    socket.onAny(listener);
  });
}
