import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
import type { AnySocketServer, SocketData } from '#server/realtime/socket-realtime.ts';
import type { ChatPerson } from './people.ts';

/**
 * What API processes tell each other through the adapter (Redis): each ends its own streams of a
 * person the performer kicked. The chat's state (backlogs, authors, mutes, flood counts) is not
 * told but shared, in Redis (store.ts).
 */
export type InterServerEvents = {
  'showchat:kick': (showId: string, person: ChatPerson) => void;
};

/** The socket server (realtime/socket.ts) and its sockets, with the show chat's events between processes. */
export type SocketServer = AnySocketServer<InterServerEvents>;
export type ServerSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
