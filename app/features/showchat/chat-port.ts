import type { AppSocket } from '#app/platform/shared-socket.ts';
import type {
  ShowChatJoinAnswer,
  ShowChatMessage,
  ShowChatModerationAnswer,
  ShowChatModerationListAnswer,
  ShowChatRemoved,
  ShowChatSendAnswer,
} from '#common/api/showchat.ts';

/** How long an answer to a join or a send may take before the chat says it failed. */
const ANSWER_WITHIN_MS = 8_000;

/** What the show chat needs of a socket; the Socket.IO client's is wrapped into one, a test's fake is another. */
export type ChatPort = {
  connected(): boolean;
  join(showId: string): Promise<ShowChatJoinAnswer>;
  leave(showId: string): void;
  send(showId: string, text: string): Promise<ShowChatSendAnswer>;
  /** The performer's moderation (her studio's socket only; the server refuses anyone else). */
  moderate(action: ChatModeration): Promise<ShowChatModerationAnswer>;
  /** Who is muted and banned in the show now. */
  moderation(showId: string): Promise<ShowChatModerationListAnswer>;
  /** Each listener answers how to stop listening. */
  onMessage(listener: (message: ShowChatMessage) => void): () => void;
  /** The performer removed this person from a show's chat (kicked or banned). */
  onRemoved(listener: (removed: ShowChatRemoved) => void): () => void;
  /** Connected, or connected again after a drop (the server forgot the rooms: join again). */
  onConnect(listener: () => void): () => void;
  onDisconnect(listener: () => void): () => void;
  /**
   * The connection failed: `reason` is the server's (`unauthenticated`: a performer's studio
   * session is gone; `origin_refused`: the page's address is not one of the site's) or the
   * transport's. `final`: the socket does not try again (the server refused it), so waiting would
   * show "connecting" for ever.
   */
  onRefused(listener: (reason: string, final: boolean) => void): () => void;
};

/** What the performer does to a person (by a message's author id) or to a ban. */
export type ChatModeration =
  | { kind: 'mute'; showId: string; author: string; muted: boolean }
  | { kind: 'kick' | 'ban'; showId: string; author: string }
  | { kind: 'unban'; showId: string; banId: number };

/** No answer within the time (offline, server gone): the same shape as the server's refusals. */
const unanswered = { ok: false as const, error: 'errors.unknown_error' };

/** The show chat's view of a Socket.IO socket. */
export function chatPort(socket: AppSocket): ChatPort {
  const listen = <A extends unknown[]>(
    event: 'connect' | 'disconnect' | 'connect_error' | 'chat:message' | 'chat:removed',
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
    moderate: (action) => {
      const asked = socket.timeout(ANSWER_WITHIN_MS);
      const answer =
        action.kind === 'mute'
          ? asked.emitWithAck('chat:mute', { showId: action.showId, author: action.author, muted: action.muted })
          : action.kind === 'unban'
            ? asked.emitWithAck('chat:unban', { showId: action.showId, banId: action.banId })
            : asked.emitWithAck(action.kind === 'kick' ? 'chat:kick' : 'chat:ban', {
                showId: action.showId,
                author: action.author,
              });
      return answer.catch(() => unanswered);
    },
    moderation: (showId) =>
      socket
        .timeout(ANSWER_WITHIN_MS)
        .emitWithAck('chat:moderation', { showId })
        .catch(() => unanswered),
    onMessage: (listener) => listen('chat:message', listener),
    onRemoved: (listener) => listen('chat:removed', listener),
    onConnect: (listener) => listen('connect', listener),
    onDisconnect: (listener) => listen('disconnect', listener),
    onRefused: (listener) => listen('connect_error', (err: Error) => listener(err.message, !socket.active)),
  };
}
