import { io } from 'socket.io-client';
import type { AppSocket } from '#app/platform/shared-socket.ts';

/**
 * The performer's own socket: the studio cookie goes along (path /api) and `as: 'performer'` makes
 * the server take it, not a member session the browser may hold. Loaded on demand with the chat.
 */
export function openPerformerSocket(): AppSocket {
  return io({
    path: '/api/socket',
    withCredentials: true,
    transports: ['websocket', 'polling'],
    auth: { as: 'performer' },
  });
}
