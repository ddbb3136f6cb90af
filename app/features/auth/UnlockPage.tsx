import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { PageCard } from '#app/ui/PageCard.tsx';
import { useUnlock } from './api.ts';
import { apiErrorKey } from './errors.ts';
import { LoginForm } from './LoginForm.tsx';
import { SecondFactorStep, useSecondStepState } from './SecondFactorStep.tsx';

/**
 * /users/unlock?token=: the mailed unlock link, used once on arrival. It makes this browser a
 * known device of the account; the member then logs in with her password right here.
 */
export function UnlockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unlock = useUnlock();
  const sent = useRef(false);
  const { challenge, expired, ask, back } = useSecondStepState();
  const home = () => void navigate('/');
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (token) unlock.mutate({ token });
  }, [unlock, token]);

  let body: ReactNode;
  if (unlock.isSuccess && challenge) {
    body = <SecondFactorStep challenge={challenge} onSignedIn={home} onBack={back} />;
  } else if (unlock.isSuccess) {
    body = (
      <Stack spacing={2}>
        <FormAlert
          severity={expired ? 'warning' : 'success'}
          message={expired ? 'second_factor.step.expired' : 'users.unlock.done'}
        />
        <LoginForm onSuccess={home} onChallenge={ask} />
      </Stack>
    );
  } else if (unlock.isError || !token) {
    const key = unlock.isError ? apiErrorKey(unlock.error, 'errors.unlock_invalid') : 'errors.unlock_invalid';
    body = <FormAlert message={key} link={{ to: '/login', label: 'users.unlock.to_login' }} />;
  } else {
    body = <LoadState kind="loading" text={t('users.unlock.checking')} sx={{ py: 2 }} />;
  }
  return (
    <PageCard title={t('users.unlock.title')} width="xs">
      {body}
    </PageCard>
  );
}
