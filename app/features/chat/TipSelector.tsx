import CloseIcon from '@mui/icons-material/Close';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import { tipFailure, useSendTip } from './tip-api.ts';

/**
 * The tip button of a running chat (spec part 2 section 4: members only, never in a voice call):
 * opens the amounts of the configuration; a chosen amount is sent once. Every opening draws one
 * idempotency key, so a double click, or a retry after a lost answer, is one tip.
 */
export function TipSelector({ sessionId, showName }: { sessionId: string; showName: string }) {
  const { t } = useTranslation();
  const { session, user } = useSessionState();
  const amounts = usePublicConfig().chat.tip_amounts;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [key, setKey] = useState('');
  const tip = useSendTip(sessionId);
  // Set in the click itself: a second click before the disabled buttons render sends nothing.
  const sending = useRef(false);
  const titleId = useId();
  if (!user || session.voicecall || amounts.length === 0) return null;

  const open = (target: HTMLElement) => {
    setKey(crypto.randomUUID());
    tip.reset();
    setAnchor(target);
  };
  const send = (amount: number) => {
    if (sending.current || tip.isSuccess) return;
    sending.current = true;
    tip.mutate(
      { amount, key },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const failure = tip.isError ? tipFailure(tip.error) : null;

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        startIcon={<VolunteerActivismIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => open(e.currentTarget)}
      >
        {t('tip.button')}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, maxWidth: 320 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
            {t('tip.title', { name: showName })}
          </Typography>
          <IconButton size="small" aria-label={t('tip.close')} onClick={() => setAnchor(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        {tip.isSuccess ? (
          <Alert severity="success" role="status">
            {t('tip.thanks', { name: showName, count: tip.variables.amount })}
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('tip.intro')}
            </Typography>
            <Box
              role="group"
              aria-label={t('tip.amounts_label')}
              aria-busy={tip.isPending || undefined}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}
            >
              {amounts.map((amount) => (
                <Button key={amount} variant="contained" disabled={tip.isPending} onClick={() => send(amount)}>
                  {t('tip.amount', { count: amount })}
                </Button>
              ))}
            </Box>
            {tip.isPending && (
              <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                {t('tip.sending')}
              </Typography>
            )}
            {failure && <TipFailureNotice failure={failure} />}
          </>
        )}
      </Popover>
    </>
  );
}

function TipFailureNotice({ failure }: { failure: 'no_coins' | 'not_open' | 'failed' }) {
  const { t } = useTranslation();
  if (failure === 'no_coins') {
    return (
      <Alert severity="warning" sx={{ mt: 1.5 }}>
        {t('tip.no_coins')}{' '}
        <Link component={RouterLink} to="/billing" color="inherit" sx={{ fontWeight: 600 }}>
          {t('tip.buy_coins')}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mt: 1.5 }}>
      {t(failure === 'not_open' ? 'tip.not_open' : 'tip.failed')}
    </Alert>
  );
}
