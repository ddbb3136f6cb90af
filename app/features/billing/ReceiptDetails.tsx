import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import type { Receipt } from '#common/api/orders.ts';
import { coinsText, methodText, orderDate, priceText, productText, stateText } from './order-text.ts';

/** The receipt's facts as a description list: label and value side by side, stacked on phones. */
function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, typography: 'body1' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/**
 * What the receipt mail says, to read again: the order, the package and coins, the price with VAT,
 * how it was paid, the waiver of withdrawal, and the seller as the imprint names it.
 */
export function ReceiptDetails({ receipt: r }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const date = (iso: string) => <time dateTime={iso}>{orderDate(iso, i18n.language)}</time>;
  const reversed = r.state === 'refunded' || r.state === 'charged_back';
  const rows: [string, React.ReactNode][] = [
    [t('orders.receipt.number'), r.number],
    [t('orders.receipt.paid_at'), date(r.paid_at)],
    [t('orders.receipt.ordered_at'), date(r.created_at)],
    ...(user ? [[t('orders.receipt.customer'), user.email] as [string, string]] : []),
    [t('orders.receipt.product'), productText(t, r)],
    [t('orders.receipt.coins'), coinsText(t, r)],
    [t('orders.receipt.price'), t('orders.receipt.price_note', { price: priceText(r, i18n.language) })],
    [t('orders.receipt.method'), methodText(t, r)],
    [t('orders.receipt.state'), stateText(t, r.state)],
  ];
  const { seller } = r;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Facts rows={rows} />
      {reversed && (
        <Typography variant="body2">{t('orders.receipt.reversed', { state: stateText(t, r.state) })}</Typography>
      )}
      <Typography variant="body2">
        {t('orders.receipt.waiver', { date: orderDate(r.withdrawal_waiver_at, i18n.language) })}
      </Typography>
      <Divider />
      <Box component="address" sx={{ fontStyle: 'normal' }}>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('orders.receipt.seller')}
        </Typography>
        {[
          seller.company,
          seller.address,
          t('orders.receipt.director', { name: seller.director }),
          t('orders.receipt.register', { register: seller.register }),
          t('orders.receipt.vat_id', { id: seller.vat_id }),
          t('orders.receipt.email', { email: seller.email }),
        ].map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('orders.receipt.support', { email: seller.email, number: r.number })}
      </Typography>
    </Box>
  );
}
