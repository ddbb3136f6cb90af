import { Server } from 'socket.io';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { App } from '#server/app.ts';
import { addressKey, clientAddress } from '#server/http/client-address.ts';
import { sessionFromToken } from '#server/http/session.ts';
import { redisAdapter } from './redis-adapter.ts';
import {
  MEMBER_SOCKETS_PER_SESSION,
  MEMBER_SOCKETS_PER_USER,
  SocketCounts,
  VISITOR_SOCKETS_PER_ADDRESS,
} from './socket-limits.ts';
import { type SocketServer, sessionRoom, socketRealtime, userRoom } from './socket-realtime.ts';

/** Under the API prefix: same origin, same proxy rules, and the CSP's connect-src 'self'. */
export const SOCKET_PATH = '/api/socket';

/** Clients send nothing but the handshake; a larger message closes the connection. */
export const SOCKET_MAX_MESSAGE_BYTES = 4096;

/**
 * Whether a handshake may come from this Origin. Browsers always send one on WebSocket upgrades
 * and cross-site requests, so a foreign one is refused; a same-origin polling GET carries none,
 * and the SameSite=Lax session cookie keeps cross-site subresource requests anonymous anyway.
 */
function originAllowed(origin: string | undefined, publicUrl: string) {
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin;
}

/**
 * Attaches Socket.IO to the app's HTTP server. Members and visitors connect (same-site origins
 * only, within the caps of socket-limits.ts); the session cookie is checked on connect like an
 * API request, and a member's socket joins the rooms of its user and its session, while a
 * visitor's hears only broadcasts (`show:bulkupdate`). With Redis the adapter fans events out to
 * every process. Sets `app.ctx.realtime` (socket-realtime.ts).
 */
export function attachSocketServer(app: App): SocketServer {
  const { config, redis, db } = app.ctx;
  const fanout = redis ? redisAdapter(redis, app.log) : null;
  const io: SocketServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    ...(fanout ? { adapter: fanout.adapter } : {}),
  });

  // This process's open sockets: a visitor needs no account, so the count per address is what
  // stops one address from holding thousands of connections; a member's are counted per
  // session and per member (socket-limits.ts).
  const visitors = new SocketCounts<string>(VISITOR_SOCKETS_PER_ADDRESS);
  // The client's address by the rule request.ip follows (TRUST_PROXY), keyed as every per-address limit.
  const visitorKey = (handshake: { address: string; headers: Record<string, string | string[] | undefined> }) =>
    addressKey(clientAddress(handshake.address, handshake.headers['x-forwarded-for'], config.trustProxy));
  const perSession = new SocketCounts<string>(MEMBER_SOCKETS_PER_SESSION);
  const perMember = new SocketCounts<number>(MEMBER_SOCKETS_PER_USER);

  io.use(async (socket, next) => {
    const { headers } = socket.handshake;
    if (!originAllowed(headers.origin, config.publicUrl)) return next(new Error('forbidden_origin'));
    try {
      const cookies = app.parseCookie(headers.cookie ?? '');
      const found = await sessionFromToken(app.ctx, cookies[SESSION_COOKIE]);
      const userId = found?.row.userId ?? null;
      socket.data = found && userId ? { userId, sessionId: found.row.id } : { userId: null, sessionId: null };
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      return next(new Error('unavailable'));
    }
    // Counted from here (no await in between), released when the connection ends either way;
    // one already gone would never say so, and socket.io drops it anyway.
    if (socket.conn.readyState !== 'open') return next(new Error('unavailable'));
    const { userId, sessionId } = socket.data;
    const claim = <K>(counts: SocketCounts<K>, key: K) => ({
      fits: () => counts.fits(key),
      add: () => counts.add(key, socket.id),
      release: () => counts.release(key, socket.id),
    });
    const claims =
      userId !== null && sessionId !== null
        ? [claim(perSession, sessionId), claim(perMember, userId)]
        : [claim(visitors, visitorKey(socket.handshake))];
    if (!claims.every((c) => c.fits())) return next(new Error('throttled'));
    for (const c of claims) c.add();
    const release = () => {
      for (const c of claims) c.release();
    };
    socket.conn.once('close', release);
    socket.once('disconnect', release);
    next();
  });

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    if (userId !== null && sessionId !== null) void socket.join([userRoom(userId), sessionRoom(sessionId)]);
  });

  app.ctx.realtime = socketRealtime(io, { db, log: app.log });
  // The adapter subscribes as it is made; ready means subscribed (or Redis found unreachable:
  // the start goes on, and it subscribes once Redis is back).
  app.addHook('onReady', async () => {
    await fanout?.ready();
  });

  // Before the HTTP server closes: it waits for open connections, and upgraded sockets are some.
  // Only this process's sockets go (a cluster's other processes keep theirs), and the HTTP
  // server is left to Fastify, which closes it next.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    await fanout?.close();
  });
  return io;
}
