import type { ConsoleCapability } from '#common/domain/console-policy.ts';
import type { ServerEvent, ServerEventArgs } from '#common/realtime.ts';

/**
 * Sessions whose sockets must close: one member session, or a user's all but one (they hear
 * `user:logout` first), or a performer's studio session or an operator's console session (signed out).
 */
export type EndedSessions =
  | { sessionId: string }
  | { userId: number; exceptSessionId?: string }
  | { performerSessionId: string }
  | { operatorSessionId: string };

/**
 * How features reach connected browsers: by user (every socket of a member's live sessions) or
 * everybody. Mutations call it after their transaction committed; the Socket.IO server
 * implements it (server/realtime/socket-realtime.ts), and fans out through Redis when REDIS_URL
 * is set.
 */
export type Realtime = {
  toUser<E extends ServerEvent>(userId: number, event: E, ...args: ServerEventArgs<E>): void;
  broadcast<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void;
  /** Every studio socket of the show's performer. */
  toShow<E extends ServerEvent>(universalId: string, event: E, ...args: ServerEventArgs<E>): void;
  /** Every console socket of operators whose roles hold one of the capabilities. */
  toOperators<E extends ServerEvent>(
    capabilities: readonly ConsoleCapability[],
    event: E,
    ...args: ServerEventArgs<E>
  ): void;
  /** Whether the member has a socket connected anywhere (a reply mail waits for members who are away). */
  isConnected(userId: number): Promise<boolean>;
  /** Sessions were destroyed on the server: their sockets are told to log out, then disconnected. */
  sessionsEnded(ended: EndedSessions): void;
};

/** Until a socket server is attached (tests that need none, scripts), events go nowhere. */
export const noRealtime: Realtime = {
  toUser: () => {},
  broadcast: () => {},
  toShow: () => {},
  toOperators: () => {},
  isConnected: async () => false,
  sessionsEnded: () => {},
};

/** The same Realtime, with a listener that also hears every ended session (the live layer). */
export function alsoOnSessionsEnded(realtime: Realtime, listener: (ended: EndedSessions) => void): Realtime {
  return {
    ...realtime,
    sessionsEnded: (ended) => {
      realtime.sessionsEnded(ended);
      listener(ended);
    },
  };
}
