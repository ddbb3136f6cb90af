import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PaymentDialog } from './use-payment.ts';

/** The support subject of a failed payment as the spec gives it (a cancelled one names its process the same way). */
export function paymentSubject(kind: 'error' | 'cancel', billingid: number | null): string {
  const what = kind === 'error' ? 'Payment Error' : 'Payment Cancelled';
  return billingid === null ? what : `${what} (ProcessID BS${billingid})`;
}

const contactTo = (subject: string) => `/contact?${new URLSearchParams({ subject }).toString()}`;

/** Translated reasons a payment failed; unknown keys fall back to nothing (the description says enough). */
function Reasons({ keys }: { keys: string[] }) {
  const { t, i18n } = useTranslation();
  const known = [...new Set(keys)].filter((k) => k !== 'billing.error' && i18n.exists(k));
  if (known.length === 0) return null;
  return (
    <Typography component="ul" sx={{ pl: 2.5, my: 1 }}>
      {known.map((k) => (
        <li key={k}>{t(k)}</li>
      ))}
    </Typography>
  );
}

/** The three result dialogs of a payment: thank-you, cancelled, failed. */
export function PaymentDialogs({ dialog, onClose }: { dialog: PaymentDialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The last dialog stays drawn while it fades out, so its text does not change on closing.
  const [shown, setShown] = useState(dialog);
  if (dialog && dialog !== shown) setShown(dialog);
  const current = dialog ?? shown;
  const kind = current?.kind ?? 'success';
  const id = current?.billingid ?? null;
  const titleId = `payment-${kind}-title`;
  return (
    <Dialog open={dialog !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(`billing.${kind}_dialog.title`)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t(`billing.${kind}_dialog.description`)}</Typography>
        {kind === 'error' && <Reasons keys={current?.errors ?? []} />}
        {kind === 'error' && <Typography sx={{ mb: 1 }}>{t('billing.error_dialog.contact')}</Typography>}
        {id !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('billing.process_id', { id })}
          </Typography>
        )}
        {kind !== 'success' && (
          <Link
            component={RouterLink}
            to={contactTo(paymentSubject(kind, id))}
            onClick={onClose}
            sx={{ display: 'inline-block', mt: 1.5 }}
          >
            {t('billing.contact_link')}
          </Link>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant={kind === 'success' ? 'contained' : 'text'} autoFocus>
          {t('billing.dialog_close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
