import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PhoneCall } from '#common/api/billing.ts';
import { formatPin, formatPrice } from '#common/domain/voicecall.ts';

const locale = (lang: string) => (lang.startsWith('de') ? 'de' : 'en');

/** The state line of a call, read out to screen readers as it changes. */
function CallState({ call }: { call: PhoneCall }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(call.expires_at));
  const text =
    call.state === 'awaited'
      ? t('voicecall.state.awaited')
      : call.state === 'active'
        ? t('voicecall.state.active', { minutes: call.minutes_billed, coins: call.coins_credited })
        : call.state === 'ended'
          ? t('voicecall.state.ended', { coins: call.coins_credited })
          : t('voicecall.state.expired');
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      <Typography sx={{ fontWeight: 600 }} color={call.state === 'expired' ? 'error' : 'text.primary'}>
        {text}
      </Typography>
      {call.state === 'awaited' && (
        <>
          <LinearProgress sx={{ my: 1 }} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('voicecall.expires', { time })}
          </Typography>
        </>
      )}
    </Box>
  );
}

/** Number, PIN and the price announcement of a call, then its state. */
export function CallDetails({ call }: { call: PhoneCall }) {
  const { t, i18n } = useTranslation();
  const live = call.state === 'awaited' || call.state === 'active';
  const price = formatPrice(call.price_per_minute_cents, call.currency, locale(i18n.language));
  return (
    <Box sx={{ mt: 2, p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="voicecall-call">
      {live && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 1,
            m: 0,
            alignItems: 'baseline',
          }}
        >
          <Typography component="dt" color="text.secondary">
            {t('voicecall.number')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700 }}>
            <Link href={`tel:${call.number.replace(/\s/g, '')}`} underline="hover" color="inherit">
              {call.number}
            </Link>
          </Typography>
          {call.pin !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('voicecall.pin')}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700, letterSpacing: '0.1em' }}
              >
                {formatPin(call.pin)}
              </Typography>
            </>
          )}
        </Box>
      )}
      {live && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('voicecall.price_announcement', { price })}
        </Typography>
      )}
      <CallState call={call} />
    </Box>
  );
}
