import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { LoadState } from '#app/ui/LoadState.tsx';

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
    <LoadState
      kind="error"
      severity={refused ? 'warning' : 'error'}
      text={t(key)}
      retry={refused ? undefined : { label: t('search.retry'), onClick: onRetry }}
    />
  );
}

/** Nothing found. */
export function SearchEmpty({ message }: { message: string }) {
  return <LoadState kind="empty" announce text={message} sx={{ py: 6, textAlign: 'center' }} />;
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
