import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { User } from '#common/api/auth.ts';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { LoginForm } from './LoginForm.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { SecondFactorStep, useSecondStepState } from './SecondFactorStep.tsx';

/**
 * The login panel: user name or e-mail and password, a forgot-password link that turns the
 * panel into the reset request, a link to sign in by a mailed link instead (/token_login), and
 * Google sign-in below "or" when the site offers it. A password or Google sign-in that asks for
 * the second factor turns the panel into the second step; its "back" (or its end) returns here.
 */
export function LoginPanel({ onSuccess }: { onSuccess?: (user: User) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const { challenge, expired, ask, back } = useSecondStepState();
  const [returned, setReturned] = useState(false);
  if (mode === 'reset') return <ResetRequestForm onBack={() => setMode('login')} />;
  if (challenge)
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={(user) => onSuccess?.(user)}
        onBack={(why) => {
          back(why);
          setReturned(true);
        }}
      />
    );
  return (
    <Stack spacing={2}>
      {expired && <FormAlert severity="warning" message="second_factor.step.expired" />}
      <LoginForm onSuccess={onSuccess} onChallenge={ask} autoFocus={returned} />
      <PasskeySignIn onSuccess={onSuccess} />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => setMode('reset')}
        sx={{ alignSelf: 'center' }}
      >
        {t('login.forgot')}
      </Link>
      <Link component={RouterLink} to="/token_login" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('login.token_link')}
      </Link>
      <GoogleSignIn onSuccess={onSuccess} onChallenge={ask} />
    </Stack>
  );
}
