import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePublicConfig } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { User } from '#common/api/auth.ts';
import { useLogin } from './api.ts';
import { loginErrorKey } from './errors.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { GoogleConsentDialog } from './GoogleConsentDialog.tsx';
import { type GoogleConsent, readGoogleConsent, writeGoogleConsent } from './google.ts';
import { useApplySignedIn } from './signedIn.ts';
import { useGoogleSignupStore } from './store.ts';

/** An unknown Google address: the server names it so that sign-up can offer an account. */
const unknownAddress = (err: unknown) =>
  err instanceof ApiError && (err.status === 422 || err.status === 401) && err.body?.email ? err.body.email : null;

/** "or" and the Google sign-in, when the site has a Google client id. */
export function GoogleSignIn({ onSuccess }: { onSuccess?: ((user: User) => void) | undefined }) {
  const { googleClientId } = usePublicConfig();
  if (!googleClientId) return null;
  return <GoogleArea clientId={googleClientId} onSuccess={onSuccess} />;
}

function GoogleArea({ clientId, onSuccess }: { clientId: string; onSuccess?: ((user: User) => void) | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [consent, setConsent] = useState<GoogleConsent>(readGoogleConsent);
  const [asking, setAsking] = useState(false);
  const login = useLogin();
  const signedIn = useApplySignedIn();
  const startSignup = useGoogleSignupStore((s) => s.start);

  const onCredential = (credential: string) =>
    login.mutate(
      { credential },
      {
        onSuccess: ({ user }) => {
          signedIn(user);
          onSuccess?.(user);
        },
        onError: (err) => {
          const email = unknownAddress(err);
          if (!email) return;
          startSignup(email, credential);
          void navigate('/users/signup');
        },
      },
    );
  const answer = (value: 'accepted' | 'declined') => {
    writeGoogleConsent(value);
    setConsent(value);
    setAsking(false);
  };

  return (
    <Stack spacing={2}>
      <Divider>{t('common.or')}</Divider>
      {login.isError && !unknownAddress(login.error) && <FormAlert message={loginErrorKey(login.error)} />}
      {consent === 'accepted' ? (
        <GoogleButton clientId={clientId} onCredential={onCredential} />
      ) : (
        <Button variant="outlined" size="large" startIcon={<GoogleIcon />} onClick={() => setAsking(true)} fullWidth>
          {t('google.button')}
        </Button>
      )}
      <GoogleConsentDialog open={asking} onAnswer={answer} />
    </Stack>
  );
}
