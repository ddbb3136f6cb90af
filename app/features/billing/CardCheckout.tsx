import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CardMarks } from '#app/ui/CardMarks.tsx';
import type { Product } from '#common/api/billing.ts';
import { formatMoney } from './selection.ts';

const WAIVER = 'withdrawal_waiver';

/** Translated keys; a key no catalog knows shows the default billing.error. */
function useMessages() {
  const { t, i18n } = useTranslation();
  return (keys: string[] = []) => [...new Set(keys.map((k) => (i18n.exists(k) ? t(k) : t('billing.error'))))];
}

/**
 * The card part of the billing page: the chosen package, the withdrawal waiver (required), the
 * Pay button and the answers of a failed init.
 */
export function CardCheckout({
  product,
  busy,
  errors,
  onPay,
  onWaiverChange,
}: {
  product: Product | null;
  busy: boolean;
  errors: Record<string, string[]>;
  onPay: () => void;
  onWaiverChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const messages = useMessages();
  const [waived, setWaived] = useState(false);
  const [missing, setMissing] = useState(false);
  const waiverErrors = missing ? ['billing.withdrawal.required'] : (errors[WAIVER] ?? []);
  const otherErrors = messages(Object.entries(errors).flatMap(([field, keys]) => (field === WAIVER ? [] : keys)));
  const price = product ? formatMoney(product.price_cents, product.currency, i18n.language) : null;

  const pay = () => {
    if (!waived) {
      setMissing(true);
      document.getElementById('billing-waiver')?.focus();
      return;
    }
    onPay();
  };

  return (
    <Box component="section" aria-labelledby="billing-checkout-title">
      <Typography id="billing-checkout-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('billing.checkout.title')}
      </Typography>
      <Stack spacing={2}>
        {otherErrors.length > 0 && (
          <Alert severity="error" role="alert">
            {otherErrors.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <Box>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mx: 0 }}
            control={
              <Checkbox
                id="billing-waiver"
                checked={waived}
                onChange={(e) => {
                  setWaived(e.target.checked);
                  if (e.target.checked) {
                    setMissing(false);
                    onWaiverChange();
                  }
                }}
                sx={{ mt: -0.75 }}
                slotProps={{
                  input: {
                    'aria-describedby': waiverErrors.length ? 'billing-waiver-error' : undefined,
                    'aria-invalid': waiverErrors.length > 0,
                  },
                }}
              />
            }
            label={
              <Typography variant="body2" component="span">
                <Trans
                  i18nKey="billing.withdrawal.label"
                  components={{
                    terms: <Link href="/terms" target="_blank" rel="noopener" />,
                    refund: <Link href="/refund" target="_blank" rel="noopener" />,
                  }}
                />
              </Typography>
            }
          />
          {waiverErrors.length > 0 && (
            <FormHelperText id="billing-waiver-error" error sx={{ ml: 4 }}>
              {messages(waiverErrors).join(' ')}
            </FormHelperText>
          )}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="contained"
            size="large"
            onClick={pay}
            disabled={!product}
            loading={busy}
            loadingPosition="start"
            startIcon={<LockIcon />}
            sx={{ minWidth: { sm: 240 } }}
          >
            {price ? t('billing.checkout.pay', { price }) : t('billing.checkout.pay_none')}
          </Button>
          <CardMarks />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('billing.checkout.secure')}
        </Typography>
      </Stack>
    </Box>
  );
}
