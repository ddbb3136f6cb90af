import { useCallback } from 'react';
import { useUser } from '#app/features/session/api.ts';
import { logClientError } from '#app/platform/client-log.ts';
import { LOG_LEVELS } from '#common/constants.ts';
import { checkChatRating, stopChatSession } from './api.ts';
import { chatActions, useChatStore } from './store.ts';

/** The rating check runs one at a time (spec part 2 section 4 "Chat": Stopping). */
let checking = false;

export async function checkRating(universalId: string) {
  if (checking) return;
  checking = true;
  try {
    const answer = await checkChatRating(universalId);
    const { rating, sessionId, contentProviderId, showId } = answer;
    if (rating && sessionId && contentProviderId !== null && showId) {
      chatActions.rate({ sessionId, contentProviderId, showId, saving: false, universalId });
    }
  } catch (error) {
    logClientError(`chat rating check: ${String(error)}`, LOG_LEVELS.WARNING, [error]);
  } finally {
    checking = false;
  }
}

/**
 * Ends the running session (spec part 2 section 4 "Chat": Stopping): the chat is hidden at once
 * (the player unmounts, which destroys the stream's viewer), the server is told to stop it if it
 * still runs, and for a member's private or exclusive the rating check runs.
 */
export function useChatEnd() {
  const member = useUser() !== null;
  return useCallback(async () => {
    const running = useChatStore.getState().session;
    if (!running) return;
    chatActions.cleared();
    const { state } = running;
    if (state.open) {
      try {
        await stopChatSession(running.login);
      } catch (error) {
        // The server ends a session without heartbeats by itself; nothing more to do here.
        logClientError(`chat stop: ${String(error)}`, LOG_LEVELS.WARNING, [error]);
      }
    }
    if (member && (state.kind === 'private' || state.kind === 'exclusive')) await checkRating(state.universalId);
  }, [member]);
}
