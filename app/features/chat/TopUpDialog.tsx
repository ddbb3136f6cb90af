import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingQuery } from '#app/features/billing/api.ts';
import { BillingChoice } from '#app/features/billing/BillingChoice.tsx';
import { BillingSkeleton } from '#app/features/billing/ProductList.tsx';

/**
 * Buying coins without leaving the show: the billing page's choice of payment type and package
 * in a dialog; paying opens the payment window as on the billing page, and its result dialogs.
 */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const billing = useQuery(billingQuery(null));
  const data = billing.data;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="chat-top-up-title">
      <DialogTitle id="chat-top-up-title">{t('chatsession.top_up.title')}</DialogTitle>
      <DialogContent>
        {billing.isPending && <BillingSkeleton />}
        {billing.isError && !data && (
          <Alert severity="error" role="alert">
            {t('billing.error503.text')}
          </Alert>
        )}
        {data && data.paymentTypes.length === 0 && <Alert severity="info">{t('billing.types.empty')}</Alert>}
        {data && data.paymentTypes.length > 0 && <BillingChoice data={data} code={null} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
