import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { StudioPayouts } from '#common/api/payouts.ts';
import { EARNING_KINDS } from '#common/domain/payouts.ts';
import { studioMeQuery } from './api.ts';
import { euros, monthName, studioPayoutsQuery } from './payouts-api.ts';
import { StudioFrame } from './StudioFrame.tsx';
import { StudioStatements } from './StudioStatements.tsx';

/** The month running now: what she has earned so far, by kind, and what earlier months left waiting. */
function Running({ data }: { data: StudioPayouts }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { current, waiting } = data;
  const coins = (n: number) => n.toLocaleString(lang);
  const kinds = EARNING_KINDS.filter((k) => current.byKind[k] > 0);
  return (
    <Box
      component="section"
      aria-labelledby="payouts-current"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2, mb: 3 }}
    >
      <Typography id="payouts-current" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('studio.payouts.current_title', { period: monthName(current.period, lang) })}
      </Typography>
      <Typography variant="h6" component="p">
        {t('studio.payouts.current_total', { coins: coins(current.earned), amount: euros(current.amountCents, lang) })}
      </Typography>
      {kinds.length > 0 && (
        <Typography variant="body2">
          {kinds.map((k) => `${t(`studio.payouts.kind_${k}`)}: ${coins(current.byKind[k])}`).join(' · ')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('studio.payouts.current_hint')}
      </Typography>
      {waiting.uncounted > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('studio.payouts.waiting', { coins: coins(waiting.uncounted) })}
        </Typography>
      )}
      {waiting.carried > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('studio.payouts.carried', { coins: coins(waiting.carried) })}
        </Typography>
      )}
    </Box>
  );
}

function Payouts() {
  const { t, i18n } = useTranslation();
  const payouts = useQuery(studioPayoutsQuery);
  if (payouts.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (payouts.isError) {
    return (
      <LoadState
        kind="error"
        text={t('studio.payouts.error')}
        retry={{ label: t('studio.payouts.retry'), onClick: () => void payouts.refetch() }}
      />
    );
  }
  const { data } = payouts;
  return (
    <>
      <Running data={data} />
      <Typography component="h2" variant="h6" gutterBottom>
        {t('studio.payouts.statements')}
      </Typography>
      {data.statements.length === 0 ? (
        <LoadState kind="empty" text={t('studio.payouts.empty')} />
      ) : (
        <StudioStatements statements={data.statements} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('studio.payouts.rules', { rate: data.centsPerCoin, minimum: euros(data.minimumCents, i18n.language) })}
      </Typography>
    </>
  );
}

/** /studio/payouts: her statements and this month's earnings so far. Needs her session. */
export function StudioPayoutsPage() {
  const { t } = useTranslation();
  const me = useQuery(studioMeQuery);
  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.payouts.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  return (
    <StudioFrame title={t('studio.payouts.title')} wide nav>
      <Payouts />
    </StudioFrame>
  );
}
