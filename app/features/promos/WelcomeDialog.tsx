import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionState } from '#app/features/session/api.ts';
import { useWelcomeShown } from './api.ts';
import { WelcomeVideo } from './WelcomeVideo.tsx';

/**
 * Greets a member whose session carries the welcome gift of the sign-up incentive: the video
 * voucher (with the way to the video) and the bonus voucher. Closing it, or following one of its
 * links, reports it shown, so it does not come back.
 */
export function WelcomeDialog() {
  const { t } = useTranslation();
  const { session, user } = useSessionState();
  const shown = useWelcomeShown();
  const [closed, setClosed] = useState(false);
  const gift = session.welcome_dialog;
  if (!user || !gift || (gift.video === null && gift.voucher === null)) return null;
  const close = () => {
    if (closed) return;
    setClosed(true);
    shown.mutate();
  };
  return (
    <Dialog open={!closed} onClose={close} aria-labelledby="welcome-title" maxWidth="xs" fullWidth>
      <DialogTitle id="welcome-title">{t('welcome.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('welcome.body')}</Typography>
        {gift.video !== null && <WelcomeVideo videoId={gift.video} onOpen={close} />}
        {gift.voucher !== null && (
          <Typography sx={{ fontWeight: 600 }}>{t('welcome.voucher', { percent: gift.voucher })}</Typography>
        )}
        <Link
          component={RouterLink}
          to="/users/profile/coupons"
          onClick={close}
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {t('welcome.vouchers')}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {t('welcome.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
