import type { QueryClient } from '@tanstack/react-query';
import { showPath } from '#app/features/favorites/paths.ts';
import { CONVERSATIONS_KEY, MESSAGE_COUNT_KEY } from '#app/features/messages/query-key.ts';
import { useMessagePopup } from '#app/features/messages/store.ts';
import type { SessionState } from '#app/features/session/api.ts';
import { applyShowUpdates } from '#app/features/shows/live-updates.ts';
import { VOICECALL_KEY } from '#app/features/voicecall/query-key.ts';
import { sharedSocket } from '#app/platform/shared-socket.ts';
import { connectSocket, type RealtimeSocket } from '#app/platform/socket.ts';
import { notify } from '#app/ui/snackbar.ts';

/**
 * What the socket's events do in the features' caches (the socket itself is platform/socket.ts).
 * Loaded on demand by use-realtime.ts: members after the first paint, visitors once the browser is
 * idle on a catalogue page, so the index route's JS carries neither this nor the Socket.IO client.
 */

/** The message count the shell shows; refreshed on `user:mc`. */
export { MESSAGE_COUNT_KEY };

/**
 * Connects and writes the events into the caches the pages read; answers the disconnect. The
 * session's query key comes from the caller: importing the session module here would pull the
 * HTTP and i18n modules into this chunk's graph and make the bundler split the entry's chunks.
 */
export function openRealtime(
  queryClient: QueryClient,
  sessionKey: readonly ['session'],
  connect: () => RealtimeSocket = connectSocket,
) {
  const socket = connect();
  const refetchSession = () => void queryClient.invalidateQueries({ queryKey: sessionKey });
  socket.on('user:coins', ({ coins }) =>
    queryClient.setQueryData<SessionState>(sessionKey, (old) =>
      old?.user ? { ...old, user: { ...old.user, coins } } : old,
    ),
  );
  socket.on('user:avs', refetchSession);
  // The session ended on the server: the refetch finds no user and the shell's rules take over.
  socket.on('user:logout', refetchSession);
  socket.on('user:mc', () => void queryClient.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY }));
  // A new message: the count, the lists and the open conversation read again; the pop-up may open.
  socket.on('user:message', () => {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    useMessagePopup.getState().request();
  });
  // A favorite came online in the member's window: a notice with a link to her show.
  socket.on('user:favorite_online', ({ show }) =>
    notify('favorites.online_notice.text', 'info', {
      params: { name: show.showName },
      link: { to: showPath(show), labelKey: 'favorites.online_notice.open' },
    }),
  );
  socket.on('user:phonecall', () => void queryClient.invalidateQueries({ queryKey: VOICECALL_KEY }));
  // Online states (and other list fields) of shows, into every cached answer that lists them.
  socket.on('show:bulkupdate', (updates) => applyShowUpdates(queryClient, updates));
  // The server closes the sockets of a session that ended. When the session, fetched again,
  // still has this member (activation or a reset gave this browser a new one), the socket
  // connects again with the new cookie; otherwise the shell closes it.
  const memberId = queryClient.getQueryData<SessionState>(sessionKey)?.user?.id ?? null;
  let closed = false;
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect' || memberId === null) return;
    void queryClient.invalidateQueries({ queryKey: sessionKey }, { cancelRefetch: false }).then(() => {
      if (!closed && queryClient.getQueryData<SessionState>(sessionKey)?.user?.id === memberId) socket.connect();
    });
  });
  return () => {
    closed = true;
    sharedSocket.release(socket);
    socket.disconnect();
  };
}
