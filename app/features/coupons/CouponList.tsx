import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import { isValid } from '#common/domain/coupons.ts';
import { useCoupons } from './api.ts';
import { CouponItem } from './CouponItem.tsx';

/** The member's coupons with loading, error and empty states. */
export function CouponList() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  if (coupons.isPending) return <LoadState kind="loading" row size={24} text={t('coupons.loading')} />;
  if (coupons.isError)
    return (
      <LoadState
        kind="error"
        text={t('coupons.error')}
        retry={{ label: t('coupons.retry'), onClick: () => void coupons.refetch() }}
      />
    );
  const now = Date.now();
  const list = coupons.data.data.filter((c) => isValid(c, now));
  if (list.length === 0) return <LoadState kind="empty" text={t('coupons.empty')} />;
  return (
    <Box component="ul" aria-label={t('coupons.list_label')} sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
      {list.map((c) => (
        <CouponItem key={c.code} coupon={c} now={now} />
      ))}
    </Box>
  );
}
