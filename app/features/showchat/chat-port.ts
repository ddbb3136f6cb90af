import type { AppSocket } from '#app/shell/shared-socket.ts';
import type { ShowChatJoinAnswer, ShowChatMessage, ShowChatSendAnswer } from '#common/api/showchat.ts';

/** How long an answer to a join or a send may take before the chat says it failed. */
const ANSWER_WITHIN_MS = 8_000;

/** What the show chat needs of a socket; the Socket.IO client's is wrapped into one, a test's fake is another. */
export type ChatPort = {
  connected(): boolean;
  join(showId: string): Promise<ShowChatJoinAnswer>;
  leave(showId: string): void;
  send(showId: string, text: string): Promise<ShowChatSendAnswer>;
  /** Each listener answers how to stop listening. */
  onMessage(listener: (message: ShowChatMessage) => void): () => void;
  /** Connected, or connected again after a drop (the server forgot the rooms: join again). */
  onConnect(listener: () => void): () => void;
  onDisconnect(listener: () => void): () => void;
  /** The server refused the connection (`unauthenticated`: a performer's studio session is gone). */
  onRefused(listener: (reason: string) => void): () => void;
};

/** No answer within the time (offline, server gone): the same shape as the server's refusals. */
const unanswered = { ok: false as const, error: 'errors.unknown_error' };

/** The show chat's view of a Socket.IO socket. */
export function chatPort(socket: AppSocket): ChatPort {
  const listen = <A extends unknown[]>(
    event: 'connect' | 'disconnect' | 'connect_error' | 'chat:message',
    listener: (...args: A) => void,
  ) => {
    const on = socket.on.bind(socket) as (event: string, listener: (...args: A) => void) => unknown;
    const off = socket.off.bind(socket) as (event: string, listener: (...args: A) => void) => unknown;
    on(event, listener);
    return () => void off(event, listener);
  };
  return {
    connected: () => socket.connected,
    join: (showId) =>
      socket
        .timeout(ANSWER_WITHIN_MS)
        .emitWithAck('chat:join', { showId })
        .catch(() => unanswered),
    leave: (showId) => void socket.emit('chat:leave', { showId }),
    send: (showId, text) =>
      socket
        .timeout(ANSWER_WITHIN_MS)
        .emitWithAck('chat:send', { showId, text })
        .catch(() => unanswered),
    onMessage: (listener) => listen('chat:message', listener),
    onConnect: (listener) => listen('connect', listener),
    onDisconnect: (listener) => listen('disconnect', listener),
    onRefused: (listener) => listen('connect_error', (err: Error) => listener(err.message)),
  };
}
