import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';

/** A media list's error (with a retry) or empty state; nothing while it has items. */
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
      <LoadState
        kind="error"
        text={t('media.load_error')}
        retry={{ label: t('media.retry'), onClick: onRetry }}
        sx={{ my: 2 }}
      />
    );
  }
  if (empty) return <LoadState kind="empty" text={emptyText} sx={{ my: 4, textAlign: 'center' }} />;
  return null;
}
