import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { SectionCard } from '#app/ui/SectionCard.tsx';
import { pageFromQuery } from '#common/domain/pagination.ts';
import { ordersListQuery } from './api.ts';
import { OrderCards, OrdersTable } from './OrderRows.tsx';

/**
 * /users/profile/orders: the member's coin orders, newest first, a page at a time (terms section 7
 * promises that her purchases are listed in her account); a table on wide screens, cards on phones.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  useTitle('orders.title');
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const list = useQuery(ordersListQuery(page));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const orders = list.data?.data ?? [];

  let body: React.ReactNode;
  if (list.isPending) {
    body = <LoadState kind="loading" label={t('orders.loading')} rows={{ count: 3, height: wide ? 40 : 96 }} />;
  } else if (list.isError && !list.data) {
    body = (
      <LoadState
        kind="error"
        text={t('orders.failed')}
        retry={{ label: t('orders.retry'), onClick: () => void list.refetch() }}
      />
    );
  } else if (list.data?.total === 0) {
    body = (
      <LoadState
        kind="empty"
        prompt
        text={t('orders.empty')}
        action={{ label: t('orders.buy'), to: '/billing' }}
        sx={{ py: 3, textAlign: 'center' }}
      />
    );
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('orders.count', { count: list.data?.total ?? 0 })}
        </Typography>
        {wide ? <OrdersTable orders={orders} /> : <OrderCards orders={orders} />}
        {list.data && <PageLinks page={list.data.current_page} lastPage={list.data.last_page} />}
      </>
    );
  }

  return (
    <SectionCard id="orders" title={t('orders.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('orders.intro')}
      </Typography>
      {body}
    </SectionCard>
  );
}
