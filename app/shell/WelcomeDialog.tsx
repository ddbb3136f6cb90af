import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '#app/features/session/api.ts';
import { useWelcomeShown } from './api.ts';

/** Greets a member whose session carries a free video or a bonus voucher; closing reports it shown. */
export function WelcomeDialog() {
  const { t } = useTranslation();
  const { session, user } = useSessionState();
  const shown = useWelcomeShown();
  const [closed, setClosed] = useState(false);
  const gift = session.welcome_dialog;
  if (!user || !gift || (gift.video === null && gift.voucher === null)) return null;
  const close = () => {
    setClosed(true);
    shown.mutate();
  };
  return (
    <Dialog open={!closed} onClose={close} aria-labelledby="welcome-title" maxWidth="xs" fullWidth>
      <DialogTitle id="welcome-title">{t('welcome.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('welcome.body')}</Typography>
        {gift.video !== null && <Typography sx={{ fontWeight: 600 }}>{t('welcome.video')}</Typography>}
        {gift.voucher !== null && (
          <Typography sx={{ fontWeight: 600 }}>{t('welcome.voucher', { percent: gift.voucher })}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {t('welcome.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
