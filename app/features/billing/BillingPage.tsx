import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { MembersOnly } from '#app/features/accounts/MembersOnly.tsx';
import { useTitle } from '#app/platform/use-title.ts';
import { billingQuery } from './api.ts';
import { BillingChoice } from './BillingChoice.tsx';
import { ORDERS_PATH } from './order-text.ts';
import { BillingSkeleton } from './ProductList.tsx';
import { formatMoney } from './selection.ts';

/** The lists could not be loaded (error503): a message and a retry. */
function Unavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          {t('billing.error503.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('billing.error503.title')}</AlertTitle>
      {t('billing.error503.text')}
    </Alert>
  );
}

function BillingView({ code }: { code: string | null }) {
  const { t, i18n } = useTranslation();
  const billing = useQuery(billingQuery(code));
  const data = billing.data;
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  return (
    <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, pt: { xs: 2, md: 4 }, pb: { xs: 6, md: 8 }, maxWidth: 880 }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700, mb: 1 }}
      >
        {t('billing.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('billing.intro')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 3 }}>
        <Link component={RouterLink} to={ORDERS_PATH}>
          {t('orders.billing_link')}
        </Link>
      </Typography>
      {data?.campaign && (
        <Alert severity="success" sx={{ mb: 3 }}>
          <AlertTitle>
            {t('billing.campaign.active', { value: data.campaign.value, code: data.campaign.code })}
          </AlertTitle>
          {t('billing.campaign.valid_until', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
              new Date(data.campaign.valid_until),
            ),
          })}
        </Alert>
      )}
      {data && code && !data.campaign && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('billing.campaign.invalid', { code })}
        </Alert>
      )}
      {data?.limit && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('billing.limit', {
            remaining: money(Math.max(0, data.limit.remaining_cents), data.limit.currency),
            limit: money(data.limit.limit_cents, data.limit.currency),
          })}
        </Typography>
      )}
      {billing.isPending && <BillingSkeleton />}
      {billing.isError && !data && <Unavailable onRetry={() => void billing.refetch()} retrying={billing.isFetching} />}
      {data && data.paymentTypes.length === 0 && <Alert severity="info">{t('billing.types.empty')}</Alert>}
      {data && data.paymentTypes.length > 0 && <BillingChoice data={data} code={data.campaign ? code : null} />}
    </Box>
  );
}

/** /billing, /bill, /billing/f/:code? and /billing/transfer: buying coins (members only). */
export function BillingPage() {
  useTitle('billing.title');
  const code = useParams().code?.trim().slice(0, 64) || null;
  return <MembersOnly>{(user) => <BillingView key={user.id} code={code} />}</MembersOnly>;
}
