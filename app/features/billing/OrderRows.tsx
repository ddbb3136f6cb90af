import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OrderLine } from '#common/api/orders.ts';
import {
  creditedText,
  methodText,
  orderDate,
  orderDay,
  orderTime,
  priceText,
  productText,
  receiptPath,
  stateColour,
  stateText,
} from './order-text.ts';

function StateChip({ order }: { order: OrderLine }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={stateColour(order.state)} label={stateText(t, order.state)} />;
}

/** The receipt's link of a paid order; otherwise a dash that says "no receipt" to a screen reader. */
function ReceiptLink({ order }: { order: OrderLine }) {
  const { t } = useTranslation();
  if (!order.receipt) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        <span aria-hidden="true">–</span>
        <Box component="span" sx={visuallyHidden}>
          {t('orders.no_receipt')}
        </Box>
      </Typography>
    );
  }
  return (
    <Link
      component={RouterLink}
      to={receiptPath(order.id)}
      aria-label={t('orders.receipt_label', { number: order.number })}
    >
      {t('orders.receipt_link')}
    </Link>
  );
}

/** When the order was made: on one line, or (`stacked`, in the table) the day above the time. */
const DateCell = ({ order, stacked = false }: { order: OrderLine; stacked?: boolean }) => {
  const { i18n } = useTranslation();
  const at = order.created_at;
  if (!stacked) return <time dateTime={at}>{orderDate(at, i18n.language)}</time>;
  return (
    <Box component="time" dateTime={at} sx={{ whiteSpace: 'nowrap' }}>
      {orderDay(at, i18n.language)}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {orderTime(at, i18n.language)}
      </Box>
    </Box>
  );
};

/** Wide screens: a table with column headers, one row per order. */
export function OrdersTable({ orders }: { orders: OrderLine[] }) {
  const { t, i18n } = useTranslation();
  const columns = ['date', 'number', 'product', 'coins', 'price', 'payment', 'state', 'receipt'] as const;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('orders.list_label')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} align={c === 'price' ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {t(`orders.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.id}>
              <TableCell>
                <DateCell order={o} stacked />
              </TableCell>
              <TableCell component="th" scope="row">
                {o.number}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t('orders.product', { count: o.coins })}
                {o.bonus_coins > 0 && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {t('orders.bonus_line', { bonus: o.bonus_coins })}
                  </Box>
                )}
              </TableCell>
              <TableCell>{o.coins_credited ?? '–'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {priceText(o, i18n.language)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{methodText(t, o)}</TableCell>
              <TableCell>
                <StateChip order={o} />
              </TableCell>
              <TableCell>
                <ReceiptLink order={o} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: a list, one card per order, the facts as text lines. */
export function OrderCards({ orders }: { orders: OrderLine[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('orders.list_label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {orders.map((o) => (
        <Paper component="li" key={o.id} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography component="h3" variant="subtitle2">
              {o.number}
            </Typography>
            <StateChip order={o} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            <DateCell order={o} />
          </Typography>
          <Typography variant="body2">
            {productText(t, o)} · {priceText(o, i18n.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {methodText(t, o)} · {creditedText(t, o)}
          </Typography>
          {o.receipt && (
            <Box>
              <ReceiptLink order={o} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
