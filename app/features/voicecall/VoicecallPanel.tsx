import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  discardPreparedWindow,
  openPaymentWindow,
  preparePaymentWindow,
} from '#app/features/billing/payment-window.ts';
import { VOICECALL_AGECHECK_TARGET } from '#app/features/voicecall/paths.ts';
import type { PaymentType, Product } from '#common/api/billing.ts';
import { formatPrice, PHONE_CALL_MAX_MINUTES } from '#common/domain/voicecall.ts';
import { followedVoicecallQuery, useStartCall } from './api.ts';
import { CallDetails } from './CallDetails.tsx';

export type VoicecallPanelProps = { paymentType: PaymentType; product: Product };

/** The voice-call part of the billing page: the tariff, "Call now", then the call's number, PIN and state. */
export function VoicecallPanel({ paymentType, product }: VoicecallPanelProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const check = useQuery(followedVoicecallQuery);
  const start = useStartCall();
  const [blocked, setBlocked] = useState(false);
  const call = check.data?.call ?? null;
  const live = call !== null && (call.state === 'awaited' || call.state === 'active');
  const price = formatPrice(product.price_cents, product.currency, i18n.language.startsWith('de') ? 'de' : 'en');

  const onCall = () => {
    setBlocked(false);
    // Opened in the click itself: pop-up blockers allow nothing later.
    preparePaymentWindow();
    start.mutate(
      { paymenttypeid: paymentType.id, productid: product.id },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'age_check_required') {
            discardPreparedWindow();
            void navigate(VOICECALL_AGECHECK_TARGET);
            return;
          }
          const opened = openPaymentWindow(outcome.start.link, (e) => {
            if (e.result === 'closed') void check.refetch();
          });
          setBlocked(!opened);
        },
        onError: () => discardPreparedWindow(),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="voicecall-title" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
      <Typography id="voicecall-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('voicecall.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('voicecall.intro')}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {t('voicecall.tariff', { coins: product.coins + product.bonus_coins })}
        </Typography>
        <Typography variant="body2">{t('voicecall.price_announcement', { price })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('voicecall.max_minutes', { minutes: PHONE_CALL_MAX_MINUTES })}
        </Typography>
      </Box>
      {call && <CallDetails call={call} />}
      {blocked && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('voicecall.popup_blocked')}
        </Alert>
      )}
      {start.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t('voicecall.error')}
        </Alert>
      )}
      {call?.state !== 'active' && (
        <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant={live ? 'outlined' : 'contained'}
            size="large"
            startIcon={<PhoneIcon />}
            onClick={onCall}
            loading={start.isPending}
            disabled={check.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {live ? t('voicecall.open_call_page') : call ? t('voicecall.call_again') : t('voicecall.call_now')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
