import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionState } from '#app/features/session/api.ts';
import { showQuery } from '#app/features/shows/api.ts';
import { logClientError } from '#app/platform/client-log.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';
import { CHAT_PRIVATE_GUEST_DELAY_MS, LOG_LEVELS } from '#common/constants.ts';
import type { ChatRequest } from '#common/domain/chat-session.ts';
import { useStartChat } from './api.ts';
import { type ChatAlert, startFailure } from './chat-alert.ts';
import type { ChatShow } from './offers.ts';
import { chatActions } from './store.ts';

/** The reserved nickname of a guest's free chat. */
export const GUEST_NICKNAME = 'guest';

const clientError = (message: string): ChatAlert => ({
  title: 'chatsession.alert.title',
  message,
  vars: {},
  action: null,
});

/**
 * Starting a chat with the show (spec part 2 section 4 "Chat"): a guest's free chat starts as
 * `guest` (or her temporary nickname), a guest asking for more is sent to sign-up; a member
 * without a nickname gets the nickname dialog first. On success the overlay opens (#enter_chat);
 * a refusal shows its alert (or leads to /verify, the nickname dialog, sign-up) and the show is
 * fetched again, since the refusal usually means her state changed.
 */
export function useChatStart(show: ChatShow) {
  const { session, user } = useSessionState();
  const navigate = useNavigate();
  const { search } = useLocation();
  const client = useQueryClient();
  const call = useStartChat();
  const signUpTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(signUpTimer.current), []);

  const refetchShow = () => void client.invalidateQueries({ queryKey: showQuery(show.universalId).queryKey });

  const send = (universalId: string, type: ChatRequest, nickname: string) => {
    chatActions.loading(true);
    call.mutate(
      { universalId, body: { type, nickname } },
      {
        onSuccess: (answer) => {
          chatActions.started(answer);
          void navigate({ search, hash: HASH.enterChat });
        },
        onError: (error) => {
          const failure = startFailure(error, show.showName);
          chatActions.failed(failure.kind === 'alert' ? failure.alert : null);
          if (failure.kind === 'verify') {
            void navigate('/verify');
            return;
          }
          if (failure.kind === 'hidden') logClientError(`chat start: ${String(error)}`, LOG_LEVELS.ERROR, [error]);
          if (failure.kind === 'nickname') chatActions.askNickname(true);
          if (failure.kind === 'sign_up') void navigate('/users/signup');
          refetchShow();
        },
      },
    );
  };

  /**
   * Starts `type`. `nickname` is passed by the nickname dialog after it made one (null: it made
   * none current); without it the member's current nickname counts.
   */
  const start = (type: ChatRequest, nickname?: string | null) => {
    if (call.isPending) return;
    const universalId = show.universalId;
    if (!universalId) {
      chatActions.alert(clientError('chatsession.errors.no_show'));
      return;
    }
    chatActions.request(universalId, type);
    if (!user) {
      if (type === 'free') send(universalId, type, session.temp_nickname || GUEST_NICKNAME);
      // Paid sessions are for members: sign up first (the spec's callback delay applies).
      else signUpTimer.current = setTimeout(() => void navigate('/users/signup'), CHAT_PRIVATE_GUEST_DELAY_MS);
      return;
    }
    const mine = user.nicknames.current_nickname;
    const current = nickname === undefined ? (mine && mine.id > 0 ? mine.nickname : null) : nickname;
    if (current) send(universalId, type, current);
    else if (nickname === undefined) chatActions.askNickname(true);
    else chatActions.alert(clientError('chatsession.errors.no_nickname'));
  };

  return { start, pending: call.isPending };
}
