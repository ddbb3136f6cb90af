import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '#app/http.ts';
import { logClientError } from '#app/platform/client-log.ts';
import { sharedSocket } from '#app/platform/shared-socket.ts';
import type { ChatSessionState } from '#common/api/chat.ts';
import { CHAT_HEARTBEAT_MS, LOG_LEVELS } from '#common/constants.ts';
import { beaconChatGone, heartbeatChatSession } from './api.ts';
import { chatActions, useChatStore } from './store.ts';

/** The server no longer knows the session as ours: it ended without saying why. */
function lost(sessionId: string) {
  const state = useChatStore.getState().session?.state;
  if (state?.id !== sessionId) return;
  chatActions.update({
    ...state,
    open: false,
    nextMinuteIn: null,
    lowCoins: false,
    endReason: 'chat.ended_interrupted',
  });
}

/**
 * Keeps the running session open and current: a heartbeat every CHAT_HEARTBEAT_MS (its answer
 * brings the state and a fresh join password for the next reconnect), and the `chat:session`
 * pushes of the shell's socket (a minute billed, coins running low, the end and its reason).
 * A page that goes away says so at once (`pagehide`), so that no minute is billed while nobody
 * watches; a page that comes back from the browser's cache beats at once.
 */
export function useSessionKeepalive(sessionId: string, open: boolean) {
  useEffect(() => {
    if (!open) return;
    const beat = () =>
      heartbeatChatSession(sessionId).then(
        ({ session, password }) => chatActions.update(session, password),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) lost(sessionId);
          // A network blip: the next beat tries again, well within the server's timeout.
          else logClientError(`chat heartbeat: ${String(error)}`, LOG_LEVELS.WARNING, [error]);
        },
      );
    const timer = setInterval(beat, CHAT_HEARTBEAT_MS);
    const gone = () => void beaconChatGone(sessionId);
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) void beat();
    };
    window.addEventListener('pagehide', gone);
    window.addEventListener('pageshow', back);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', gone);
      window.removeEventListener('pageshow', back);
    };
  }, [sessionId, open]);

  const socket = useSyncExternalStore(sharedSocket.subscribe, sharedSocket.get, () => null);
  useEffect(() => {
    if (!socket) return;
    const pushed = (state: ChatSessionState) => {
      if (state.id === sessionId) chatActions.update(state);
    };
    socket.on('chat:session', pushed);
    return () => void socket.off('chat:session', pushed);
  }, [socket, sessionId]);
}
