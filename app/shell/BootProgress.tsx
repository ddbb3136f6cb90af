import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** Shown while the first navigation loads the session (before any page can render). */
export function BootProgress() {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'fixed', inset: '0 0 auto 0' }}>
      <LinearProgress aria-label={t('common.loading')} />
    </Box>
  );
}
