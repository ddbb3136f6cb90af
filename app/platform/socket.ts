import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
import { sharedSocket } from './shared-socket.ts';

/** What is used of a socket; the Socket.IO client's is one, a test's fake another. */
export type RealtimeSocket = {
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
};

/** Opens the app's socket and publishes it for the features that talk over it (the show chat). */
export function connectSocket(): RealtimeSocket {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    // Same origin, under the API prefix: the session cookie goes along and the CSP allows it.
    path: '/api/socket',
    withCredentials: true,
    transports: ['websocket', 'polling'],
  });
  // Features that talk over it (the show chat) find it there until it closes.
  sharedSocket.set(socket);
  return socket;
}
