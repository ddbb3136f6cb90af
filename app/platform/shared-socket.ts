import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';

/** The Socket.IO client's socket with the app's event maps (a type only: this module loads no socket code). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The app's socket while one is open (socket.ts sets it), for features that talk over it (the
 * show chat). Null while there is none: a visitor's opens when the browser is idle, and login and
 * logout replace it, so users subscribe and follow it.
 */
let current: AppSocket | null = null;
const listeners = new Set<() => void>();

export const sharedSocket = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  set(socket: AppSocket | null) {
    if (socket === current) return;
    current = socket;
    for (const listener of listeners) listener();
  },
  /** Clears it, if it is still this socket. */
  release(socket: unknown) {
    if (socket === current) sharedSocket.set(null);
  },
};
