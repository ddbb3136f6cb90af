import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A list that failed to load, with a retry. */
export function ListError({ onRetry, message = 'shows.list.error' }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('shows.list.retry')}
        </Button>
      }
    >
      {t(message)}
    </Alert>
  );
}

/** An empty list: says so and offers all shows (unless this is all shows already). */
export function ListEmpty({ allShowsLink }: { allShowsLink: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{t('shows.list.empty')}</Typography>
      {allShowsLink && (
        <Button component={RouterLink} to="/shows/all-shows" variant="outlined">
          {t('shows.bar.all')}
        </Button>
      )}
    </Box>
  );
}

/** Keeps the shown list in place while the next one loads: a progress bar over dimmed tiles. */
export function LoadingOverlay({ loading, children }: { loading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative' }} aria-busy={loading || undefined}>
      {loading && (
        <LinearProgress
          aria-label={t('shows.loading')}
          sx={{ position: 'absolute', top: -8, left: 0, right: 0, zIndex: 1 }}
        />
      )}
      <Box
        sx={{ opacity: loading ? 0.5 : 1, transition: 'opacity 150ms', pointerEvents: loading ? 'none' : undefined }}
      >
        {children}
      </Box>
    </Box>
  );
}
