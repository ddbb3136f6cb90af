import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '#app/http.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { receiptQuery } from './api.ts';
import { ORDERS_PATH } from './order-text.ts';
import { ReceiptDetails } from './ReceiptDetails.tsx';

/** Ids as the API takes them; anything else is no order of hers, asked of nobody. */
const orderId = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * Printed, the receipt is all there is on the page (the site's frame around it stays on screen), in
 * black on white whatever the layout: printers drop dark backgrounds and would keep the light text.
 */
const printOnlyReceipt = (
  <GlobalStyles
    styles={(theme) => ({
      '@media print': {
        'body *': { visibility: 'hidden' },
        '#receipt, #receipt *': {
          visibility: 'visible',
          color: `${theme.palette.common.black} !important`,
          borderColor: `${theme.palette.grey[400]} !important`,
        },
        '#receipt': {
          position: 'absolute',
          inset: 0,
          boxShadow: 'none',
          backgroundColor: `${theme.palette.common.white} !important`,
          backgroundImage: 'none',
        },
      },
    })}
  />
);

/** /users/profile/orders/:id/receipt: the receipt of one of her paid orders, to read and print. */
export function ReceiptPage() {
  const { t } = useTranslation();
  const id = orderId(useParams().id);
  const receipt = useQuery({ ...receiptQuery(id ?? 0), enabled: id !== null });
  const number = receipt.data?.number;
  useTitle(number ? 'orders.receipt.title' : 'orders.receipt.page_title', number ? { number } : undefined);
  const missing = id === null || (receipt.error instanceof ApiError && receipt.error.status === 404);

  let body: React.ReactNode;
  if (missing) {
    body = <Alert severity="info">{t('orders.receipt.not_found')}</Alert>;
  } else if (receipt.isPending) {
    body = <LoadState kind="loading" label={t('orders.receipt.loading')} rows={{ count: 1, height: 240 }} />;
  } else if (receipt.isError) {
    body = (
      <LoadState
        kind="error"
        text={t('orders.receipt.failed')}
        retry={{ label: t('orders.retry'), onClick: () => void receipt.refetch() }}
      />
    );
  } else {
    body = (
      <>
        {printOnlyReceipt}
        <ReceiptDetails receipt={receipt.data} />
      </>
    );
  }

  return (
    <Paper component="section" id="receipt" aria-labelledby="receipt-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="receipt-title" component="h2" variant="h6" sx={{ mb: 2 }}>
        {number ? t('orders.receipt.title', { number }) : t('orders.receipt.page_title')}
      </Typography>
      {body}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3, displayPrint: 'none' }}>
        <Button component={RouterLink} to={ORDERS_PATH} variant="outlined">
          {t('orders.receipt.back')}
        </Button>
        {receipt.data && (
          <Button variant="contained" onClick={() => window.print()}>
            {t('orders.receipt.print')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
