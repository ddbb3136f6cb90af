import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useSnackbarStore } from './snackbar.ts';

/** Shows the queued notices one after another. */
export function SnackbarHost({ bottomOffset = 0 }: { bottomOffset?: number }) {
  const { t } = useTranslation();
  const snack = useSnackbarStore((s) => s.queue[0]);
  const dismiss = useSnackbarStore((s) => s.dismiss);
  if (!snack) return null;
  const close = () => dismiss(snack.id);
  return (
    <Snackbar
      key={snack.id}
      open
      autoHideDuration={snack.timeout}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 16 + bottomOffset } }}
    >
      <Alert severity={snack.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
        {t(snack.messageKey, snack.params ?? {})}
      </Alert>
    </Snackbar>
  );
}
