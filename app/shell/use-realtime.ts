import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQuery, useUser } from '#app/features/session/api.ts';

/** Opens the socket for a member and answers how to close it. */
export type OpenRealtime = (queryClient: QueryClient) => Promise<() => void>;

// The socket code is its own chunk: nothing of it is in the index route's JS.
const openLazily: OpenRealtime = (queryClient) =>
  import('./realtime-socket.ts').then((m) => m.openRealtime(queryClient, sessionQuery.queryKey));

/**
 * The real-time socket (spec, part 1 "Sign-in"): open while a member is logged in, closed on
 * logout or when another member logs in.
 */
export function useRealtime(open: OpenRealtime = openLazily) {
  const queryClient = useQueryClient();
  const userId = useUser()?.id ?? null;

  useEffect(() => {
    if (userId === null) return;
    let close: (() => void) | null = null;
    let ended = false;
    open(queryClient)
      .then((opened) => {
        // Logged out (or unmounted) while the code was loading.
        if (ended) opened();
        else close = opened;
      })
      // No socket when its code cannot load (offline, new deploy): the pages work without it.
      .catch(() => undefined);
    return () => {
      ended = true;
      close?.();
    };
  }, [userId, open, queryClient]);
}
