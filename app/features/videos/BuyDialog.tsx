import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '#app/http.ts';

/** Whether a failed purchase was refused for want of coins (402 no_coins). */
export const isNoCoins = (error: unknown) =>
  error instanceof ApiError && (error.status === 402 || error.body?.error === 'no_coins');

/** The i18n key of a failed purchase's message (the server's key when the catalogue knows it). */
function errorKey(error: unknown, exists: (key: string) => boolean): string {
  const message = error instanceof ApiError ? error.body?.message : undefined;
  const key = message ? `errors.${message}` : '';
  return key && exists(key) ? key : 'errors.unknown_error';
}

type Props = {
  open: boolean;
  onClose: () => void;
  /** What is bought, e.g. "Part 2 of …" or the gallery's title. */
  item: string;
  price: number;
  balance: number;
  vouchers: number;
  buying: boolean;
  error: unknown;
  /** Buys; settles when the purchase has succeeded or failed. */
  onBuy: (useVoucher: boolean) => Promise<unknown>;
};

/**
 * Confirms a purchase: price and balance, buying with coins (or a link to buy coins when they do
 * not reach), or with a voucher when the member has one.
 */
export function BuyDialog({ open, onClose, item, price, balance, vouchers, buying, error, onBuy }: Props) {
  const { t, i18n } = useTranslation();
  const short = balance < price || isNoCoins(error);
  // A double click reaches here twice before `buying` is rendered: the second click must not buy.
  const sending = useRef(false);
  const pay = (useVoucher: boolean) => {
    if (sending.current || buying) return;
    sending.current = true;
    void onBuy(useVoucher).finally(() => {
      sending.current = false;
    });
  };
  return (
    <Dialog
      open={open}
      onClose={buying ? undefined : onClose}
      aria-labelledby="buy-dialog-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="buy-dialog-title">{t('media.buy.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography>{t('media.buy.confirm', { item, count: price })}</Typography>
          <Typography color="text.secondary">{t('media.buy.balance', { count: balance })}</Typography>
          {short && (
            <Alert severity="warning">
              {t('media.buy.no_coins')}{' '}
              <Link component={RouterLink} to="/billing" onClick={onClose}>
                {t('media.buy.get_coins')}
              </Link>
            </Alert>
          )}
          {vouchers > 0 && <Typography>{t('media.buy.vouchers', { count: vouchers })}</Typography>}
          {error !== null && error !== undefined && !isNoCoins(error) && (
            <Alert severity="error">{t(errorKey(error, (k) => i18n.exists(k)))}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={buying}>
          {t('media.buy.cancel')}
        </Button>
        {vouchers > 0 && (
          <Button variant="outlined" onClick={() => pay(true)} disabled={buying}>
            {t('media.buy.with_voucher')}
          </Button>
        )}
        <Button variant="contained" onClick={() => pay(false)} disabled={short || buying} loading={buying}>
          {t('media.buy.with_coins', { count: price })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
