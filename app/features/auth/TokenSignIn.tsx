import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { useTokenLogin } from './api.ts';
import { apiErrorKey, isLinkExpired } from './errors.ts';
import { LinkExpired } from './LinkExpired.tsx';
import { BLOCKED_ALERT, isBlocked } from './registerErrors.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import type { Challenge } from './second-factor-api.ts';
import { useApplySignedIn } from './signedIn.ts';

/** Why a sign-in link did not sign in: kept in the history entry that replaced the link's address. */
export type TokenLoginFailure = 'expired' | 'blocked' | { message: string };

/** The way on from a link that no longer works: a new one, or the password. */
const REQUEST_NEW = { to: '/token_login', label: 'token_login.request_new' };
const STEPS = [REQUEST_NEW, { to: '/login', label: 'login.title' }];

const failureOf = (error: unknown): TokenLoginFailure => {
  if (isLinkExpired(error)) return 'expired';
  if (isBlocked(error)) return 'blocked';
  return { message: apiErrorKey(error) };
};

/**
 * A mailed sign-in link, used only when the visitor says so. Using it on arrival would let a mail
 * scanner that runs scripts use the one-time link up, and let a stranger sign a victim into the
 * stranger's account by making her open his own link (login CSRF). Signed in, the member goes
 * home; a failure, or an account that asks for its second step, replaces the address, so the
 * used token leaves the address bar and the history (the step's challenge rides in the entry).
 */
export function TokenSignIn({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useTokenLogin();
  const signedIn = useApplySignedIn();
  const home = () => void navigate('/', { replace: true });
  const submit = () =>
    login.mutate(
      { token },
      {
        onSuccess: (answer) => {
          if ('second_factor' in answer)
            return void navigate('/token_login', { replace: true, state: { challenge: answer.second_factor } });
          signedIn(answer.user);
          home();
        },
        onError: (error) => {
          const failed: TokenLoginFailure = failureOf(error);
          void navigate('/token_login', { replace: true, state: { failed } });
        },
      },
    );
  // Busy from the click until the page is left: a second click would find the link used.
  const busy = !login.isIdle;

  return (
    <Stack spacing={2}>
      <Typography>{t('token_login.confirm.text')}</Typography>
      <Button variant="contained" fullWidth onClick={submit} disabled={busy}>
        {t('token_login.confirm.submit')}
      </Button>
      {busy && (
        <LoadState
          kind="loading"
          row
          spacing={1.5}
          size={20}
          text={t('token_login.signing_in')}
          sx={{ justifyContent: 'center' }}
        />
      )}
    </Stack>
  );
}

/**
 * The second step after a good link (the link is used up either way): signed in, home; back, the
 * password form; gone (too slow, too many wrong codes), a new link is offered.
 */
export function TokenSecondStep({ challenge }: { challenge: Challenge }) {
  const navigate = useNavigate();
  return (
    <SecondFactorStep
      challenge={challenge}
      onSignedIn={() => void navigate('/', { replace: true })}
      onBack={(why) => {
        if (why === 'back') return void navigate('/login', { replace: true });
        const failed: TokenLoginFailure = { message: 'second_factor.step.expired' };
        void navigate('/token_login', { replace: true, state: { failed } });
      }}
    />
  );
}

/** What a failed sign-in link left behind, shown at the tokenless address. */
export function TokenLoginFailed({ failure }: { failure: TokenLoginFailure }) {
  if (failure === 'expired') return <LinkExpired next="link_expired.token_login" steps={STEPS} />;
  if (failure === 'blocked') return <FormAlert {...BLOCKED_ALERT} />;
  return <FormAlert message={failure.message} link={REQUEST_NEW} />;
}
