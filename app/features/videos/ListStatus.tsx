import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A list's error (with a retry) or empty state; nothing while it has items. */
export function ListStatus({
  error,
  empty,
  emptyText,
  onRetry,
}: {
  error: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert
        severity="error"
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('media.retry')}
          </Button>
        }
      >
        {t('media.load_error')}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Typography color="text.secondary" sx={{ my: 4, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return null;
}
