import type { Socket } from 'socket.io';
import type { ShowChatMessage } from '#common/api/showchat.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
import type { AnySocketServer, SocketData } from '#server/realtime/socket-realtime.ts';
import type { ChatAuthor, ChatPerson } from './people.ts';

/**
 * What API processes tell each other through the adapter (Redis): each keeps its own chat backlog
 * and its own memory of who wrote (for moderation) and who is muted, and ends its own streams of
 * a person the performer kicked.
 */
export type InterServerEvents = {
  'showchat:backlog': (message: ShowChatMessage, author: ChatAuthor | null) => void;
  'showchat:mute': (showId: string, author: string | null, muted: boolean) => void;
  'showchat:kick': (showId: string, person: ChatPerson) => void;
};

/** The socket server (realtime/socket.ts) and its sockets, with the show chat's events between processes. */
export type SocketServer = AnySocketServer<InterServerEvents>;
export type ServerSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
