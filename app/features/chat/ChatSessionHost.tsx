import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TipButton } from '#app/features/live/ChatOverlay.tsx';
import { lazyPart } from '#app/lazy-page.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';
import { ChatRatingPrompt } from './ChatRatingPrompt.tsx';
import type { ChatShow } from './offers.ts';
import { chatActions, useChatStore } from './store.ts';
import { useChatEnd } from './use-chat-end.ts';
import { useChatResume } from './use-chat-resume.ts';

/** The overlay's code (the player, WebRTC, the session bar) loads when a session starts. */
const ChatOverlay = lazyPart(() => import('#app/features/live/ChatOverlay.tsx').then((m) => m.ChatOverlay));

/**
 * The running session of the show page: its overlay while the hash is #enter_chat (spec part 2:
 * "Leaving it hides the chat"), so closing the overlay, the back button and leaving the page all
 * end the session the same way; and the rating prompt afterwards.
 */
export function ChatSessionHost({ show, tipButton }: { show: ChatShow; tipButton?: TipButton }) {
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const session = useChatStore((s) => s.session);
  const end = useChatEnd();
  useChatResume(show.universalId);
  const endRef = useRef(end);
  endRef.current = end;
  const open = hash === HASH.enterChat;
  const mine = session !== null && session.state.universalId === show.universalId;
  const wasOpen = useRef(open);

  useEffect(() => {
    // The overlay was left (its exit, the back button): the session ends with it.
    if (wasOpen.current && !open) void endRef.current();
    wasOpen.current = open;
    // #enter_chat without a session of this show (a shared link; a reload until it took its session up): nothing to show.
    if (open && !mine) void navigate({ search, hash: '' }, { replace: true });
  }, [open, mine, search, navigate]);

  // Another show's alert or rating prompt is not this page's; leaving the page ends a session still running.
  useEffect(() => {
    chatActions.entered();
    return () => void endRef.current();
  }, []);

  const close = () => void navigate({ search, hash: '' }, { replace: true });
  return (
    <>
      {open && mine && (
        <Suspense fallback={null}>
          <ChatOverlay show={show} session={session} onClose={close} {...(tipButton ? { tipButton } : {})} />
        </Suspense>
      )}
      <ChatRatingPrompt universalId={show.universalId} showName={show.showName} />
    </>
  );
}
