import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';

/**
 * The message of a failed search: a refused query (422) shows its first field error, e.g. the
 * unknown category's "Invalid category"; anything else the general failure.
 */
export function searchErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    const first = Object.values(error.fieldErrors())[0];
    if (first) return first;
  }
  return 'search.failed';
}

/** A failed search, with a retry unless the query itself was refused. */
export function SearchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const key = searchErrorKey(error);
  const refused = key !== 'search.failed';
  return (
    <Alert
      severity={refused ? 'warning' : 'error'}
      action={
        refused ? undefined : (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('search.retry')}
          </Button>
        )
      }
    >
      {t(key)}
    </Alert>
  );
}

/** Nothing found. */
export function SearchEmpty({ message }: { message: string }) {
  return (
    <Box role="status" sx={{ py: 6, textAlign: 'center' }}>
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}

/** How many were found (read out when it changes). */
export function SearchTotal({ total }: { total: number }) {
  const { t } = useTranslation();
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      {t('search.total', { count: total })}
    </Typography>
  );
}
