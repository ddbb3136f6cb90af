import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ConsoleDashboard } from '#common/api/admin.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
import { consoleApi } from './api.ts';

/** The dashboard's figures: the start page shows them, every page's title counts the work waiting. */
export const dashboardQuery = queryOptions({
  queryKey: ['console', 'dashboard'],
  queryFn: ({ signal }) => consoleApi<ConsoleDashboard>('GET', 'dashboard', undefined, { signal }),
  staleTime: 30_000,
  // Shows going online and chats starting announce nothing to the console: those figures are
  // counted again every half minute while the console is open (each is one indexed count).
  refetchInterval: 30_000,
});

/** Work waiting for her (the figures that lead to a screen: reviews, support, notices, applications). */
export function useWaitingCount(): number {
  const { data } = useQuery({
    ...dashboardQuery,
    select: (d) => d.figures.reduce((sum, f) => sum + (f.href ? f.value : 0), 0),
  });
  return data ?? 0;
}

type ConsoleSocket = {
  on(event: 'console:changed', listener: ServerToClientEvents['console:changed']): unknown;
  disconnect(): unknown;
};

/** How the console's socket is opened: Socket.IO's client in the browser, a fake in tests (testing.tsx). */
export const consoleSocket = {
  open: (): ConsoleSocket =>
    io({
      path: '/api/socket',
      withCredentials: true,
      transports: ['websocket', 'polling'],
      auth: { as: 'operator' },
    }) as Socket<ServerToClientEvents, ClientToServerEvents>,
};

/**
 * The operators' socket: while she is signed in, a change the console shows (a new support
 * message, an upload to review, a notice, a decision by a colleague) makes the screens showing it
 * read it again, and the dashboard with them. Query keys start with ['console', topic].
 */
export function useConsoleLive() {
  const client = useQueryClient();
  useEffect(() => {
    const socket = consoleSocket.open();
    socket.on('console:changed', ({ topics }) => {
      for (const topic of [...topics, 'dashboard']) void client.invalidateQueries({ queryKey: ['console', topic] });
    });
    return () => {
      socket.disconnect();
    };
  }, [client]);
}
