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
import { SecondFactorStep, useSecondStepState } from './SecondFactorStep.tsx';
import type { Challenge } from './second-factor-api.ts';
import { useApplySignedIn } from './signedIn.ts';
import { useGoogleSignupStore } from './store.ts';

/** An unknown Google address: the server names it so that sign-up can offer an account. */
const unknownAddress = (err: unknown) =>
  err instanceof ApiError && (err.status === 422 || err.status === 401) && err.body?.email ? err.body.email : null;

type Props = {
  onSuccess?: ((user: User) => void) | undefined;
  /** Where the second step goes when the account asks for it (without: in place of the button). */
  onChallenge?: ((challenge: Challenge) => void) | undefined;
};

/** "or" and the Google sign-in, when the site has a Google client id. */
export function GoogleSignIn(props: Props) {
  const { googleClientId } = usePublicConfig();
  if (!googleClientId) return null;
  return <GoogleArea clientId={googleClientId} {...props} />;
}

function GoogleArea({ clientId, onSuccess, onChallenge }: Props & { clientId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [consent, setConsent] = useState<GoogleConsent>(readGoogleConsent);
  const [asking, setAsking] = useState(false);
  const login = useLogin();
  const signedIn = useApplySignedIn();
  const startSignup = useGoogleSignupStore((s) => s.start);
  const { challenge, expired, ask, back } = useSecondStepState();

  const onCredential = (credential: string) =>
    login.mutate(
      { credential },
      {
        onSuccess: (answer) => {
          if ('second_factor' in answer) return (onChallenge ?? ask)(answer.second_factor);
          signedIn(answer.user);
          onSuccess?.(answer.user);
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

  if (challenge)
    return <SecondFactorStep challenge={challenge} onSignedIn={(user) => onSuccess?.(user)} onBack={back} />;
  return (
    <Stack spacing={2}>
      <Divider>{t('common.or')}</Divider>
      {expired && <FormAlert severity="warning" message="second_factor.step.expired" />}
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
