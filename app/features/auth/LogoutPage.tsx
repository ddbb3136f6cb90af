import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionQuery, useSetUser } from '#app/features/session/api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { useLogout } from './api.ts';

/** After logout the session and user are read again, a second later (spec part 2). */
export const LOGOUT_REFETCH_MS = 1_000;

/** /logout: ends the session on the server, forgets the user, and goes home. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
        void navigate('/', { replace: true });
        setTimeout(
          () => client.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined),
          LOGOUT_REFETCH_MS,
        );
      },
    });
  }, [logout, setUser, navigate, client]);
  return <LoadState kind="loading" text={t('login.logging_out')} sx={{ py: 8 }} />;
}
