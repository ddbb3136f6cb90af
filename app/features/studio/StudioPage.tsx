import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { studioMeQuery, useStudioLogout, useStudioPresence } from './api.ts';
import { StudioFrame } from './StudioFrame.tsx';

/** /studio: her show, whether it is online, the switch to change that, and sign-out. Needs her session. */
export function StudioPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useQuery(studioMeQuery);
  const presence = useStudioPresence();
  const logout = useStudioLogout();

  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.home.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  const { show } = me.data;
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/studio/login', { replace: true }) });

  return (
    <StudioFrame title={t('studio.home.title')}>
      <Stack spacing={3}>
        <div>
          <Typography variant="body2" color="text.secondary">
            {t('studio.home.show')}
          </Typography>
          <Typography variant="h6" component="p">
            {show.showName}
          </Typography>
          {show.prices.private !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('studio.home.prices', { private: show.prices.private })}
            </Typography>
          )}
        </div>
        <div role="status" aria-live="polite">
          <Chip
            color={show.online ? 'success' : 'default'}
            label={show.online ? t('studio.home.online') : t('studio.home.offline')}
          />
        </div>
        {presence.isError && <Alert severity="error">{t('studio.home.failed')}</Alert>}
        <Button
          variant="contained"
          size="large"
          color={show.online ? 'inherit' : 'primary'}
          loading={presence.isPending}
          onClick={() => presence.mutate(!show.online)}
        >
          {show.online ? t('studio.home.goOffline') : t('studio.home.goOnline')}
        </Button>
        <Button variant="text" onClick={signOut} loading={logout.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('studio.home.signOut')}
        </Button>
      </Stack>
    </StudioFrame>
  );
}
