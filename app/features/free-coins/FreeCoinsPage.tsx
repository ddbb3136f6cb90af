import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { PageCard } from '#app/ui/PageCard.tsx';
import { freeCoinsQuery } from './api.ts';
import { FreeCoinsSteps } from './FreeCoinsSteps.tsx';

/**
 * /users/free_coins: a member confirms a mobile number by SMS code and receives free coins once;
 * a visitor is invited to sign up or log in first.
 */
export function FreeCoinsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const status = useQuery(freeCoinsQuery(user?.id ?? null));
  // Coins added on this visit: the done step stays while the cached status says "received".
  const [added, setAdded] = useState<number | null>(null);
  const coins = status.data?.coins ?? 0;
  const received = Boolean(status.data?.received) && added === null;
  return (
    <PageCard title={t('free_coins.title')} width="sm">
      <Stack spacing={2}>
        {status.isPending && <LoadState kind="loading" row size={24} text={t('free_coins.loading')} />}
        {status.isError && (
          <LoadState
            kind="error"
            text={t('free_coins.load_error')}
            retry={{ label: t('free_coins.retry'), onClick: () => void status.refetch() }}
          />
        )}
        {status.data?.disabled && <Alert severity="info">{t('free_coins.disabled')}</Alert>}
        {status.data && !status.data.disabled && (
          <>
            {!status.data.received && <Typography>{t('free_coins.intro', { count: coins })}</Typography>}
            {!user && <VisitorInvitation />}
            {user && received && <Received />}
            {user && !received && (
              <FreeCoinsSteps userId={user.id} pending={status.data.pending} added={added} onAdded={setAdded} />
            )}
          </>
        )}
        <Link component={RouterLink} to="/game" variant="body2">
          {t('free_coins.game_link')}
        </Link>
      </Stack>
    </PageCard>
  );
}

function VisitorInvitation() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography>{t('free_coins.visitor.text')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to="/users/signup" variant="contained">
          {t('free_coins.visitor.signup')}
        </Button>
        <Button component={RouterLink} to="/login" variant="outlined">
          {t('free_coins.visitor.login')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Received() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="success">{t('free_coins.received')}</Alert>
      <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('free_coins.to_shows')}
      </Button>
    </Stack>
  );
}
