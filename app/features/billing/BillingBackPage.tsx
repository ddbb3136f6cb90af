import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTitle } from '#app/platform/use-title.ts';
import { type OrderOutcome, readBillingId, useOrderOutcome } from './order-outcome.ts';

const ICONS = {
  'billing.success': <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />,
  'billing.cancel': <CancelIcon color="action" sx={{ fontSize: 56 }} />,
  'billing.error': <ErrorIcon color="error" sx={{ fontSize: 56 }} />,
};

/** The opener that started the payment, if this window has one that is still there. */
const openerWindow = (): Window | null => {
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
};

function Outcome({ outcome, hint }: { outcome: OrderOutcome; hint: string | null }) {
  const { t, i18n } = useTranslation();
  if (outcome.kind === 'waiting') {
    return (
      <>
        <CircularProgress aria-hidden />
        <Typography>{t(hint === 'cancel' ? 'billing.back.cancelling' : 'billing.back.checking')}</Typography>
      </>
    );
  }
  if (outcome.kind === 'pending') {
    return (
      <>
        <HourglassTopIcon color="action" sx={{ fontSize: 56 }} />
        <Typography>{t('billing.back.pending')}</Typography>
      </>
    );
  }
  const { result, errors, billingid } = outcome.message;
  const reasons = errors.filter((k) => k !== 'billing.error' && i18n.exists(k));
  return (
    <>
      {ICONS[result]}
      <Typography sx={{ fontWeight: 700 }}>{t(result)}</Typography>
      {reasons.map((k) => (
        <Typography key={k}>{t(k)}</Typography>
      ))}
      {billingid !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('billing.process_id', { id: billingid })}
        </Typography>
      )}
    </>
  );
}

/**
 * /billing/back, inside the payment window: the provider sends the window here when it is done.
 * Polls the order until it is final, then posts the result to the opener (same origin only); a
 * window without an opener shows the result with a link to the billing page.
 */
export function BillingBackPage() {
  const { t } = useTranslation();
  useTitle('billing.back.title');
  const [search] = useSearchParams();
  const [billingid] = useState(() => readBillingId(search.get('billingid')));
  const hint = search.get('result');
  const outcome = useOrderOutcome(billingid, hint === 'success');
  const [opener] = useState(openerWindow);
  const posted = useRef(false);

  useEffect(() => {
    if (outcome.kind !== 'final' || posted.current || !opener) return;
    posted.current = true;
    opener.postMessage(outcome.message, window.location.origin);
  }, [outcome, opener]);

  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.drawer + 1,
        bgcolor: 'background.default',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        overflowY: 'auto',
      }}
    >
      <Paper
        component="section"
        aria-labelledby="billing-back-title"
        sx={{ p: { xs: 3, sm: 4 }, maxWidth: 440, width: '100%' }}
      >
        <Typography id="billing-back-title" component="h1" variant="h6" sx={{ mb: 2, textAlign: 'center' }}>
          {t('billing.back.title')}
        </Typography>
        <Stack spacing={2} role="status" aria-live="polite" sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Outcome outcome={outcome} hint={hint} />
        </Stack>
        <Stack spacing={1} sx={{ mt: 3 }}>
          {opener && outcome.kind !== 'waiting' && (
            <Button variant="contained" onClick={() => window.close()}>
              {t('billing.back.close')}
            </Button>
          )}
          {!opener && outcome.kind !== 'waiting' && (
            <Button variant="contained" component={RouterLink} to="/billing">
              {t('billing.back.to_billing')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
