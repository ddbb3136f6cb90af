import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTokenLogin } from './api.ts';
import { apiErrorKey, isLinkExpired } from './errors.ts';
import { FormAlert } from './FormAlert.tsx';
import { LinkExpired } from './LinkExpired.tsx';
import { BLOCKED_ALERT, isBlocked } from './registerErrors.ts';
import { useApplySignedIn } from './signedIn.ts';

/** The way on from a link that no longer works: a new one, or the password. */
const REQUEST_NEW = { to: '/token_login', label: 'token_login.request_new' };
const STEPS = [REQUEST_NEW, { to: '/login', label: 'login.title' }];

/** A mailed sign-in link, used once on arrival; signed in, the member goes home. */
export function TokenSignIn({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useTokenLogin();
  const signedIn = useApplySignedIn();
  const sent = useRef(false);
  useEffect(() => {
    // Once, even when StrictMode mounts twice: a second call would find the link used.
    if (sent.current) return;
    sent.current = true;
    login.mutate(
      { token },
      {
        onSuccess: ({ user }) => {
          signedIn(user);
          void navigate('/', { replace: true });
        },
      },
    );
  }, [login, token, signedIn, navigate]);

  if (login.isError) {
    if (isLinkExpired(login.error)) return <LinkExpired next="link_expired.token_login" steps={STEPS} />;
    if (isBlocked(login.error)) return <FormAlert {...BLOCKED_ALERT} />;
    return <FormAlert message={apiErrorKey(login.error)} link={REQUEST_NEW} />;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
      <CircularProgress aria-hidden />
      <Typography>{t('token_login.signing_in')}</Typography>
    </Stack>
  );
}
