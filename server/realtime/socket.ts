import { Server } from 'socket.io';
import { SESSION_COOKIE } from '#common/constants.ts';
import { capabilitiesOf } from '#common/domain/console-policy.ts';
import type { App } from '#server/app.ts';
import { siteOrigins } from '#server/config.ts';
import { OPERATOR_COOKIE, operatorOfToken } from '#server/features/admin/session.ts';
import { liveSessionIds, liveSessionIdsOf } from '#server/features/session/data.ts';
import { sessionFromToken } from '#server/features/session/request.ts';
import { showChat } from '#server/features/showchat/chat.ts';
import { authorKey, type ChatPerson } from '#server/features/showchat/people.ts';
import { redisChatStore } from '#server/features/showchat/redis-store.ts';
import type { SocketServer } from '#server/features/showchat/sockets.ts';
import { memoryChatStore } from '#server/features/showchat/store.ts';
import { PERFORMER_COOKIE, performerOfHandshake } from '#server/features/studio/session.ts';
import { addressKey, clientAddress } from '#server/http/client-address.ts';
import { watchRedis } from '#server/redis/client.ts';
import { redisAdapter } from './redis-adapter.ts';
import {
  MEMBER_SOCKETS_PER_SESSION,
  MEMBER_SOCKETS_PER_USER,
  PERFORMER_SOCKETS_PER_SESSION,
  SocketCounts,
  VISITOR_SOCKETS_PER_ADDRESS,
} from './socket-limits.ts';
import {
  operatorSessionRoom,
  operatorsRoom,
  performerSessionRoom,
  performerShowRoom,
  sessionRoom,
  socketRealtime,
  userRoom,
} from './socket-realtime.ts';

/** Under the API prefix: same origin, same proxy rules, and the CSP's connect-src 'self'. */
export const SOCKET_PATH = '/api/socket';

/** Clients send the handshake and chat events (300 characters of text); a larger message closes the connection. */
export const SOCKET_MAX_MESSAGE_BYTES = 4096;

/** A handshake asking for the performer's socket: `io({ auth: { as: 'performer' } })`. */
const asPerformer = (auth: unknown) =>
  typeof auth === 'object' && auth !== null && (auth as Record<string, unknown>).as === 'performer';
/** A handshake asking for the operator's console socket: `io({ auth: { as: 'operator' } })`. */
const asOperator = (auth: unknown) =>
  typeof auth === 'object' && auth !== null && (auth as Record<string, unknown>).as === 'operator';

/**
 * Whether a handshake may come from this Origin: one of the site's own (config.ts siteOrigins,
 * the loopback names too when the site is local). Browsers always send one on WebSocket upgrades
 * and cross-site requests, so a foreign one is refused; a same-origin polling GET carries none,
 * and the SameSite=Lax session cookie keeps cross-site subresource requests anonymous anyway.
 */
function originAllowed(origin: string | undefined, origins: ReadonlySet<string>) {
  return origin === undefined || origins.has(origin);
}

/**
 * Attaches Socket.IO to the app's HTTP server. Members and visitors connect (same-site origins
 * only, within the caps of socket-limits.ts); the session cookie is checked on connect like an
 * API request, and a member's socket joins the rooms of its user and its session, while a
 * visitor's hears only broadcasts (`show:bulkupdate`). A performer's browser asks for her socket
 * (`auth: { as: 'performer' }`): then only the studio cookie counts, a handshake without a live
 * studio session is refused (`unauthenticated`), and her socket joins no member room. Every
 * socket may use the show chat (features/showchat/). With Redis the adapter fans events out to
 * every process. Sets `app.ctx.realtime` (socket-realtime.ts). `onKick`: the performer removed a
 * person from her show's chat (features/showchat/moderation.ts), heard in every process.
 */
export function attachSocketServer(
  app: App,
  hooks: { onKick: (showUniversalId: string, person: ChatPerson) => void },
): SocketServer {
  const { config, redis, db } = app.ctx;
  const origins = siteOrigins(config);
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
  const perPerformerSession = new SocketCounts<string>(PERFORMER_SOCKETS_PER_SESSION);

  io.use(async (socket, next) => {
    const { headers } = socket.handshake;
    if (!originAllowed(headers.origin, origins)) {
      // Said by name, to the client (its chat says so instead of connecting for ever) and in the log.
      app.log.warn({ origin: headers.origin, accepted: [...origins] }, 'socket from a foreign origin refused');
      return next(new Error('origin_refused'));
    }
    const address = visitorKey(socket.handshake);
    try {
      const cookies = app.parseCookie(headers.cookie ?? '');
      if (asPerformer(socket.handshake.auth)) {
        // Her socket or none: never a member's or a visitor's in her place.
        const performer = await performerOfHandshake(app.ctx, cookies[PERFORMER_COOKIE]);
        if (!performer) return next(new Error('unauthenticated'));
        socket.data = { userId: null, sessionId: null, guestSessionId: null, performer, address };
      } else if (asOperator(socket.handshake.auth)) {
        // Her console's socket: only the operator cookie counts, and it joins no member's room.
        const signedIn = await operatorOfToken(app.ctx, cookies[OPERATOR_COOKIE]);
        if (!signedIn) return next(new Error('unauthenticated'));
        const operator = { sessionId: signedIn.sessionId, capabilities: capabilitiesOf(signedIn.operator.roles) };
        socket.data = { userId: null, sessionId: null, guestSessionId: null, performer: null, operator, address };
      } else {
        const found = await sessionFromToken(app.ctx, cookies[SESSION_COOKIE]);
        const userId = found?.row.userId ?? null;
        socket.data =
          found && userId
            ? { userId, sessionId: found.row.id, guestSessionId: null, performer: null, address }
            : { userId: null, sessionId: null, guestSessionId: found?.row.id ?? null, performer: null, address };
      }
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      return next(new Error('unavailable'));
    }
    // Counted from here (no await in between), released when the connection ends either way;
    // one already gone would never say so, and socket.io drops it anyway.
    if (socket.conn.readyState !== 'open') return next(new Error('unavailable'));
    const { userId, sessionId, performer, operator } = socket.data;
    const claim = <K>(counts: SocketCounts<K>, key: K) => ({
      fits: () => counts.fits(key),
      add: () => counts.add(key, socket.id),
      release: () => counts.release(key, socket.id),
    });
    const claims = performer
      ? [claim(perPerformerSession, performer.sessionId)]
      : operator
        ? [claim(perPerformerSession, `operator:${operator.sessionId}`)]
        : userId !== null && sessionId !== null
          ? [claim(perSession, sessionId), claim(perMember, userId)]
          : [claim(visitors, address)];
    if (!claims.every((c) => c.fits())) return next(new Error('throttled'));
    for (const c of claims) c.add();
    const release = () => {
      for (const c of claims) c.release();
    };
    socket.conn.once('close', release);
    socket.once('disconnect', release);
    next();
  });

  // The chat's flood counts, backlogs, authors and mutes: shared in Redis, in the process while it is away.
  const chatLink = redis ? watchRedis(redis, app.log, 'show chat limits, mutes and backlogs are per process') : null;
  const chat = showChat({
    io,
    db,
    log: app.log,
    background: app.ctx.background,
    clustered: fanout !== null,
    store: redis && chatLink ? redisChatStore(redis, chatLink) : memoryChatStore(),
    authorKey: authorKey(config.sessionSecret),
    wordFilter: config.chat.wordFilter,
    onKick: hooks.onKick,
  });
  app.ctx.presence.onChange((change) => chat.showsChanged(change));
  io.on('connection', (socket) => {
    const { userId, sessionId, performer, operator } = socket.data;
    if (operator)
      void socket.join([operatorSessionRoom(operator.sessionId), ...operator.capabilities.map(operatorsRoom)]);
    else if (performer)
      void socket.join([performerSessionRoom(performer.sessionId), performerShowRoom(performer.showUniversalId)]);
    else if (userId !== null && sessionId !== null) void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    chat.listen(socket);
  });

  app.ctx.realtime = socketRealtime(io, {
    liveSessions: { of: (userId) => liveSessionIds(db, userId), ofMany: (userIds) => liveSessionIdsOf(db, userIds) },
    log: app.log,
  });
  app.ctx.chatNotices = {
    tipped: (universalId, nickname, coins) =>
      void chat
        .tipped(universalId, nickname, coins)
        .catch((err: unknown) => app.log.warn({ err }, 'tip notice not sent')),
  };
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
    chatLink?.stop();
  });
  return io;
}
