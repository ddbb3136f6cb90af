import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { refreshSession, useSetUser } from '#app/features/session/api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { useLogout } from './api.ts';

/** After logout the session and user are read again, a second later (spec part 2). */
export const LOGOUT_REFETCH_MS = 1_000;

/**
 * /logout: ends the session on the server, forgets the user, and goes home with the route's query
 * (a partner's `webid`, a `ref`), which the session refresh a second later sends along (spec part 1,
 * session/init "with the route query after a logout").
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const client = useQueryClient();
  const setUser = useSetUser();
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Whether or not the server still knew the session, this browser is logged out.
    logout.mutate(undefined, {
      onSettled: () => {
        setUser(null);
        void navigate({ pathname: '/', search }, { replace: true });
        setTimeout(() => refreshSession(client, search).catch(() => undefined), LOGOUT_REFETCH_MS);
      },
    });
  }, [logout, setUser, navigate, client, search]);
  return <LoadState kind="loading" text={t('login.logging_out')} sx={{ py: 8 }} />;
}
