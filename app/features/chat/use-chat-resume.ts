import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';
import { heartbeatChatSession, stopChatSession } from './api.ts';
import { type RunningInTab, runningInTab } from './running-tab.ts';
import { chatActions, useChatStore } from './store.ts';
import { checkRating } from './use-chat-end.ts';

/** The session being taken up, so that an effect run twice asks once. */
let resuming: string | null = null;

/**
 * A reload (or a page restored later in the same tab) takes up the session this tab was running
 * with the show: its first heartbeat tells the server the page is back (no second session, no
 * second minute), brings the state and a fresh join password, and the chat opens again. A session
 * that ended meanwhile is let go, and a member's private or exclusive is offered for rating.
 */
export function useChatResume(universalId: string) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const member = useUser() !== null;

  // Once per show page: a later change of the search or the member is no reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const kept = runningInTab();
    if (!kept || kept.universalId !== universalId || resuming === kept.login) return;
    if (useChatStore.getState().session) return;
    resuming = kept.login;
    const page = window.location.pathname;
    chatActions.loading(true);
    void takeUp(kept).then((outcome) => {
      resuming = null;
      if (outcome === 'over' && member) void checkRating(universalId);
      if (outcome !== 'open') return;
      // She left the page before the answer came: leaving ends the session, as it always does.
      if (window.location.pathname !== page) return void leave(kept.login);
      void navigate({ search, hash: HASH.enterChat }, { replace: true });
    });
  }, [universalId]);
}

/** Asks for the kept session; answers whether it runs (and is in the store now), ended, or is gone. */
async function takeUp(kept: RunningInTab): Promise<'open' | 'over' | 'unknown'> {
  try {
    const { session, password } = await heartbeatChatSession(kept.login);
    if (!session.open) {
      chatActions.cleared();
      return session.kind === 'private' || session.kind === 'exclusive' ? 'over' : 'unknown';
    }
    chatActions.started({
      realm: `chat:${session.id}`,
      login: session.id,
      password,
      session_type: session.kind,
      buddyaddr: session.universalId,
      session,
    });
    return 'open';
  } catch (error) {
    // Not this browser's (another login) or not known: nothing to take up. The network: a later visit tries again.
    if (error instanceof ApiError && error.status === 404) chatActions.cleared();
    else chatActions.loading(false);
    return 'unknown';
  }
}

function leave(login: string) {
  chatActions.cleared();
  stopChatSession(login).catch(() => undefined);
}
