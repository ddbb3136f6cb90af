import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import { studioMeQuery } from './api.ts';
import { studioReferralsQuery } from './referrals-api.ts';
import { StudioFrame } from './StudioFrame.tsx';
import { StudioReferralForm } from './StudioReferralForm.tsx';
import { StudioReferralList } from './StudioReferralList.tsx';

/** Her codes: issuing one, and the list with what each brought. */
function Referrals() {
  const { t } = useTranslation();
  const referrals = useQuery(studioReferralsQuery);
  if (referrals.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (referrals.isError) {
    return (
      <LoadState
        kind="error"
        text={t('studio.referrals.error')}
        retry={{ label: t('studio.referrals.retry'), onClick: () => void referrals.refetch() }}
      />
    );
  }
  const { codes, active, activeMax } = referrals.data;
  return (
    <Stack spacing={3}>
      <Typography>{t('studio.referrals.intro')}</Typography>
      <StudioReferralForm full={active >= activeMax} />
      <section aria-labelledby="referral-list">
        <Typography id="referral-list" component="h2" variant="h6">
          {t('studio.referrals.list')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('studio.referrals.active', { active, max: activeMax })}
        </Typography>
        {codes.length === 0 ? (
          <LoadState kind="empty" text={t('studio.referrals.empty')} />
        ) : (
          <StudioReferralList codes={codes} />
        )}
      </section>
    </Stack>
  );
}

/** /studio/codes: her referral codes. Needs her session. */
export function StudioReferralsPage() {
  const { t } = useTranslation();
  const me = useQuery(studioMeQuery);
  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.referrals.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  return (
    <StudioFrame title={t('studio.referrals.title')} wide nav>
      <Referrals />
    </StudioFrame>
  );
}
