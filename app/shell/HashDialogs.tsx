import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { escapeClearsHash, HASH } from '#app/platform/hash-dialogs.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';

// The dialogs load on first use, so the index route does not carry their forms.
const SignInDialog = lazyPart(() => import('#app/features/auth/SignInDialog.tsx').then((m) => m.SignInDialog));
const SignInSuccessDialog = lazyPart(() =>
  import('#app/features/auth/SignInSuccessDialog.tsx').then((m) => m.SignInSuccessDialog),
);
const OpenConversationDialog = lazyPart(() =>
  import('#app/features/messages/OpenConversationDialog.tsx').then((m) => m.OpenConversationDialog),
);
const NicknameDialog = lazyPart(() =>
  import('#app/features/accounts/NicknameDialog.tsx').then((m) => m.NicknameDialog),
);

/** Dialogs opened by the URL hash; closing one removes the hash. */
export function HashDialogs() {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const member = Boolean(useUser());
  const clear = () => navigate({ pathname, search, hash: '' }, { replace: true });
  // A visitor asking for a conversation signs in first; the hash stays for after the sign-in.
  const signIn = !member && (hash === HASH.signIn || hash === HASH.openConversation);
  const success = hash === HASH.signInSuccess;
  const nicknames = member && hash === HASH.nicknames;
  const mountSignIn = useOpenedOnce(signIn);
  const mountSuccess = useOpenedOnce(success);
  const mountNicknames = useOpenedOnce(nicknames);
  const conversation = member && hash === HASH.openConversation;
  const mountConversation = useOpenedOnce(conversation);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && escapeClearsHash(hash)) navigate({ pathname, search, hash: '' }, { replace: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hash, pathname, search, navigate]);

  return (
    <Suspense fallback={null}>
      {mountSignIn && (
        <SignInDialog
          open={signIn}
          onClose={clear}
          // Signed in from #open-conversation, she goes on to the conversation she asked for.
          onSignedIn={hash === HASH.openConversation ? () => undefined : clear}
        />
      )}
      {mountSuccess && <SignInSuccessDialog open={success} onClose={clear} />}
      {mountNicknames && <NicknameDialog open={nicknames} onClose={clear} />}
      {mountConversation && <OpenConversationDialog open={conversation} onClose={clear} />}
    </Suspense>
  );
}
