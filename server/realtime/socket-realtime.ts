import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { ShowChatMessage } from '#common/api/showchat.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
import type { Db } from '#server/db/client.ts';
import { liveSessionIds, liveSessionIdsOf } from '#server/features/session/data.ts';
import type { ChatAuthor, ChatPerson } from '#server/features/showchat/people.ts';
import { performerShowRoom } from '#server/features/showchat/rooms.ts';
import type { Realtime } from './hub.ts';

/** A performer's socket (handshake `auth: { as: 'performer' }` with a live studio session). */
export type SocketPerformer = { id: number; sessionId: string; showUniversalId: string };

/**
 * A visitor's socket has no user and no session: it hears broadcasts only. A performer's has no
 * member either, never joins member rooms, and carries her session and show instead. `address`
 * is the client's address key (http/client-address.ts), by which visitors are counted and limited.
 * `guestSessionId` is a visitor's browser session (when the handshake brought its cookie): only
 * the show chat's moderation uses it, to tell one guest from another (a ban of a guest is by
 * session); it joins no room, since session rooms carry member events and logouts.
 */
export type SocketData = {
  userId: number | null;
  sessionId: string | null;
  guestSessionId: string | null;
  performer: SocketPerformer | null;
  address: string;
};

/**
 * What API processes tell each other through the adapter (Redis): each keeps its own chat backlog
 * and its own memory of who wrote (for moderation) and who is muted, and ends its own streams of
 * a person the performer kicked (features/showchat/).
 */
export type InterServerEvents = {
  'showchat:backlog': (message: ShowChatMessage, author: ChatAuthor | null) => void;
  'showchat:mute': (showId: string, author: string | null, muted: boolean) => void;
  'showchat:kick': (showId: string, person: ChatPerson) => void;
};

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type ServerSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const performerSessionRoom = (sessionId: string) => `performer-session:${sessionId}`;

/** Users whose live sessions one query looks up at most. */
const LOOKUP_BATCH = 5_000;

/**
 * A user's live session ids, looked up together with every other user's asked for in the same
 * turn of the event loop: the minute tick of chat billing pushes to thousands of members at
 * once, and one query per push would queue thousands of queries before everybody else's.
 */
function liveSessionsLoader(db: Db) {
  type Waiter = { resolve: (ids: string[]) => void; reject: (err: unknown) => void };
  let waiting: Map<number, Waiter[]> | null = null;
  const lookUp = async (batch: Map<number, Waiter[]>) => {
    const userIds = [...batch.keys()];
    for (let i = 0; i < userIds.length; i += LOOKUP_BATCH) {
      const chunk = userIds.slice(i, i + LOOKUP_BATCH);
      try {
        const found = await liveSessionIdsOf(db, chunk);
        for (const userId of chunk) for (const w of batch.get(userId) ?? []) w.resolve(found.get(userId) ?? []);
      } catch (err) {
        for (const userId of chunk) for (const w of batch.get(userId) ?? []) w.reject(err);
      }
    }
  };
  return (userId: number) =>
    new Promise<string[]>((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<number, Waiter[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void lookUp(batch);
        });
      }
      const waiters = waiting.get(userId) ?? [];
      waiters.push({ resolve, reject });
      waiting.set(userId, waiters);
    });
}

/**
 * The `Realtime` features call, emitting through the (possibly Redis-backed) adapter.
 *
 * A member's events go to the rooms of their sessions that are live in the database, not to
 * every socket of the user: a socket whose session ended hears nothing more even when the
 * disconnect meant for it was lost (a Redis outage, a process that missed it). One indexed
 * query for the events raised in one turn of the event loop (liveSessionsLoader), in whichever
 * process raises them; a member's events keep their order.
 */
export function socketRealtime(io: SocketServer, deps: { db: Db; log: FastifyBaseLogger }): Realtime {
  const liveSessionsOf = liveSessionsLoader(deps.db);
  const queues = new Map<number, Promise<void>>();
  const inOrder = (userId: number, what: string, run: () => Promise<void>) => {
    const next = (queues.get(userId) ?? Promise.resolve())
      .then(run)
      .catch((err: unknown) => deps.log.error({ err, userId }, `socket event not sent: ${what}`));
    queues.set(userId, next);
    void next.then(() => {
      if (queues.get(userId) === next) queues.delete(userId);
    });
  };

  /**
   * Tells the sockets in the rooms `user:logout`, then closes them: this process's at once (also
   * while Redis is away), every other process's through the adapter.
   */
  const endSockets = (rooms: string[], except: string[] = []) => {
    io.to(rooms).except(except).emit('user:logout');
    io.local.in(rooms).except(except).disconnectSockets(true);
    io.in(rooms).except(except).disconnectSockets(true);
  };

  return {
    toUser: (userId, event, ...args) => {
      inOrder(userId, event, async () => {
        const live = await liveSessionsOf(userId);
        if (live.length) io.to(live.map(sessionRoom)).emit(event, ...args);
      });
    },
    broadcast: (event, ...args) => {
      io.emit(event, ...args);
    },
    toShow: (universalId, event, ...args) => {
      io.to(performerShowRoom(universalId)).emit(event, ...args);
    },
    isConnected: async (userId) => {
      try {
        return (await io.in(userRoom(userId)).fetchSockets()).length > 0;
      } catch (err) {
        // Another process did not answer in time: count the member as away, as one mail a day is the worst.
        deps.log.warn({ err, userId }, 'sockets of a member not counted');
        return false;
      }
    },
    sessionsEnded: (ended) => {
      if ('performerSessionId' in ended) {
        // The studio learns it from its own answers; her sockets just close.
        const room = performerSessionRoom(ended.performerSessionId);
        io.local.in(room).disconnectSockets(true);
        io.in(room).disconnectSockets(true);
        return;
      }
      if ('sessionId' in ended) {
        endSockets([sessionRoom(ended.sessionId)]);
        return;
      }
      const { userId, exceptSessionId } = ended;
      inOrder(userId, 'user:logout', async () => {
        // Sessions still live (the one kept, one that logged in meanwhile) keep their sockets.
        const live = await liveSessionIds(deps.db, userId).catch((err: unknown) => {
          deps.log.warn({ err, userId }, 'live sessions unknown: only the kept one keeps its sockets');
          return [];
        });
        const keep = new Set(exceptSessionId ? [...live, exceptSessionId] : live);
        endSockets([userRoom(userId)], [...keep].map(sessionRoom));
      });
    },
  };
}
