import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnackbarStore } from './snackbar.ts';

/** Shows the queued notices one after another; one with a link shows it as a button beside the text. */
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
      <Alert
        severity={snack.severity}
        variant="filled"
        onClose={close}
        sx={{ width: '100%', alignItems: 'center' }}
        action={
          snack.link ? (
            <>
              <Button
                color="inherit"
                size="small"
                component={Link}
                to={snack.link.to}
                onClick={close}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t(snack.link.labelKey, snack.params ?? {})}
              </Button>
              <IconButton color="inherit" size="small" aria-label={t('common.close')} onClick={close}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
      >
        {t(snack.messageKey, snack.params ?? {})}
      </Alert>
    </Snackbar>
  );
}
