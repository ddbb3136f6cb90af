import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Asks before anything is loaded from Google; accepting and declining weigh the same. */
export function GoogleConsentDialog({
  open,
  onAnswer,
}: {
  open: boolean;
  onAnswer: (answer: 'accepted' | 'declined') => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={() => onAnswer('declined')} aria-labelledby="google-consent-title" maxWidth="xs">
      <DialogTitle id="google-consent-title">{t('google.consent.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('google.consent.text')}</DialogContentText>
        <DialogContentText>
          {t('google.consent.privacy_hint')}{' '}
          <Link component={RouterLink} to="/privacy_policy" target="_blank" rel="noopener">
            {t('google.consent.privacy_link')}
          </Link>
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ gap: 1, px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={() => onAnswer('declined')} sx={{ flex: 1 }}>
          {t('google.consent.decline')}
        </Button>
        <Button variant="outlined" onClick={() => onAnswer('accepted')} sx={{ flex: 1 }}>
          {t('google.consent.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
