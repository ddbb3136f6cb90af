import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Server } from 'socket.io';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
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
  /** An operator's console socket: her session (hashed) and what her roles let her see. */
  operator?: { sessionId: string; capabilities: readonly ConsoleCapability[] } | null;
  address: string;
};

/**
 * A Socket.IO server of ours, whatever its processes tell each other (features/showchat/sockets.ts
 * names what they do).
 */
export type AnySocketServer<InterServer extends DefaultEventsMap> = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServer,
  SocketData
>;

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const performerSessionRoom = (sessionId: string) => `performer-session:${sessionId}`;
/** Every socket of the show's performer (her studio's): she hears her private chats there. */
/** The consoles of operators whose roles hold a capability, and one operator session's. */
export const operatorsRoom = (capability: ConsoleCapability) => `operators:${capability}`;
export const operatorSessionRoom = (sessionId: string) => `operator-session:${sessionId}`;
export const performerShowRoom = (universalId: string) => `performer-show:${universalId}`;

/** The live sessions the emitter asks the database for (features/session/data.ts reads them). */
export type LiveSessionLookups = {
  /** A user's live session ids. */
  of(userId: number): Promise<string[]>;
  /** The live session ids of many users at once (absent: none). */
  ofMany(userIds: number[]): Promise<Map<number, string[]>>;
};

/** Users whose live sessions one query looks up at most. */
const LOOKUP_BATCH = 5_000;

/**
 * A user's live session ids, looked up together with every other user's asked for in the same
 * turn of the event loop: the minute tick of chat billing pushes to thousands of members at
 * once, and one query per push would queue thousands of queries before everybody else's.
 */
function liveSessionsLoader(lookups: LiveSessionLookups) {
  type Waiter = { resolve: (ids: string[]) => void; reject: (err: unknown) => void };
  let waiting: Map<number, Waiter[]> | null = null;
  const lookUp = async (batch: Map<number, Waiter[]>) => {
    const userIds = [...batch.keys()];
    for (let i = 0; i < userIds.length; i += LOOKUP_BATCH) {
      const chunk = userIds.slice(i, i + LOOKUP_BATCH);
      try {
        const found = await lookups.ofMany(chunk);
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
export function socketRealtime<InterServer extends DefaultEventsMap>(
  io: AnySocketServer<InterServer>,
  deps: { liveSessions: LiveSessionLookups; log: FastifyBaseLogger },
): Realtime {
  const liveSessionsOf = liveSessionsLoader(deps.liveSessions);
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
    toOperators: (capabilities, event, ...args) => {
      if (capabilities.length) io.to(capabilities.map(operatorsRoom)).emit(event, ...args);
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
      if ('performerSessionId' in ended || 'operatorSessionId' in ended) {
        // The studio and the console learn it from their own answers; the sockets just close.
        const room =
          'performerSessionId' in ended
            ? performerSessionRoom(ended.performerSessionId)
            : operatorSessionRoom(ended.operatorSessionId);
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
        const live = await deps.liveSessions.of(userId).catch((err: unknown) => {
          deps.log.warn({ err, userId }, 'live sessions unknown: only the kept one keeps its sockets');
          return [];
        });
        const keep = new Set(exceptSessionId ? [...live, exceptSessionId] : live);
        endSockets([userRoom(userId)], [...keep].map(sessionRoom));
      });
    },
  };
}
