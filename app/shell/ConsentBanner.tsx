import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type ConsentChoice, saveConsent, useConsent } from './consent.ts';

/** Analytics consent: accept and decline side by side, equally prominent; asked until answered. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const choice = useConsent();
  if (choice) return null;
  const answer = (c: ConsentChoice) => saveConsent(c);
  return (
    <Paper
      elevation={6}
      role="region"
      aria-labelledby="consent-title"
      sx={{ p: 2, width: '100%', maxWidth: 640, alignSelf: 'center', pointerEvents: 'auto' }}
    >
      <Typography id="consent-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('consent.title')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, mb: 1.5 }}>
        {t('consent.body')}{' '}
        <Link component={RouterLink} to="/privacy_policy" color="inherit">
          {t('consent.privacy')}
        </Link>
      </Typography>
      <Stack direction="row" spacing={1.5}>
        <Button variant="contained" size="medium" sx={{ flex: 1 }} onClick={() => answer('declined')}>
          {t('consent.decline')}
        </Button>
        <Button variant="contained" size="medium" sx={{ flex: 1 }} onClick={() => answer('accepted')}>
          {t('consent.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
