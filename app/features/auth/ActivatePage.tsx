import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { PageCard } from '#app/ui/PageCard.tsx';
import type { User } from '#common/api/auth.ts';
import { useActivate } from './api.ts';
import { apiErrorKey, isLinkExpired } from './errors.ts';
import { LinkExpired, type NextStep } from './LinkExpired.tsx';
import { challengeOf, LinkSecondStep } from './LinkSecondStep.tsx';
import { SetPasswordForm } from './SetPasswordForm.tsx';
import type { Challenge } from './second-factor-api.ts';
import { useApplySignedIn } from './signedIn.ts';

/** An account made without a password: the server asks for one before it activates. */
const needsPassword = (err: unknown) =>
  err instanceof ApiError && err.status === 422 && 'password' in err.fieldErrors();

/** What a member does after a used or expired activation link: it depends on who opened it. */
function activationNextStep(user: User | null): { next: string; steps: NextStep[] } {
  if (!user) return { next: 'link_expired.activate_signed_out', steps: [{ to: '/login', label: 'login.title' }] };
  if (!user.is_verified) {
    return { next: 'link_expired.activate_unverified', steps: [{ to: '/verify', label: 'users.activate.to_verify' }] };
  }
  return { next: 'link_expired.activate_verified', steps: [{ to: '/', label: 'common.home' }] };
}

/**
 * /users/activate?token=: confirms the address once, on arrival; a used link never ends a session.
 * With her second factor on, the session waits for the second step (decision 071).
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const activate = useActivate();
  const user = useUser();
  const signedIn = useApplySignedIn();
  const sent = useRef(false);
  const [passwordSet, setPasswordSet] = useState(false);
  const [expiredMeanwhile, setExpiredMeanwhile] = useState(false);
  // Asked on arrival, or after the password an account without one chose.
  const [askedAfterPassword, setAskedAfterPassword] = useState<Challenge | null>(null);
  const challenge = challengeOf(activate.data) ?? askedAfterPassword;
  const [stepDone, setStepDone] = useState(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) return;
    activate.mutate(
      { token },
      {
        onSuccess: (answer) => {
          if ('user' in answer) signedIn(answer.user);
        },
      },
    );
  }, [activate, token, signedIn]);

  let body: ReactNode;
  if (challenge && !stepDone) {
    body = (
      <LinkSecondStep first={challenge} notice="users.activate.second_step" onSignedIn={() => setStepDone(true)} />
    );
  } else if (activate.isSuccess || passwordSet || stepDone) {
    body = (
      <Stack spacing={2}>
        <FormAlert severity="success" message="users.activate.done" />
        <Button component={RouterLink} to="/" variant="contained">
          {t('common.home')}
        </Button>
      </Stack>
    );
  } else if (activate.isError && needsPassword(activate.error) && !expiredMeanwhile) {
    body = (
      <SetPasswordForm
        token={token}
        onActivated={(answer) => {
          if ('second_factor' in answer) return setAskedAfterPassword(answer.second_factor);
          signedIn(answer.user);
          setPasswordSet(true);
        }}
        onExpired={() => setExpiredMeanwhile(true)}
      />
    );
  } else if (!token || expiredMeanwhile || isLinkExpired(activate.error)) {
    body = <LinkExpired {...activationNextStep(user)} />;
  } else if (activate.isError) {
    body = (
      <FormAlert message={apiErrorKey(activate.error)} link={{ to: '/verify', label: 'users.activate.to_verify' }} />
    );
  } else {
    body = <LoadState kind="loading" text={t('users.activate.checking')} sx={{ py: 2 }} />;
  }
  return (
    <PageCard title={t('users.activate.title')} width="xs">
      {body}
    </PageCard>
  );
}
