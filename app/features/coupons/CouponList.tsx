import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isValid } from '#common/domain/coupons.ts';
import { useCoupons } from './api.ts';
import { CouponItem } from './CouponItem.tsx';

/** The member's coupons with loading, error and empty states. */
export function CouponList() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  if (coupons.isPending)
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('coupons.loading')}</Typography>
      </Stack>
    );
  if (coupons.isError)
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void coupons.refetch()}>
            {t('coupons.retry')}
          </Button>
        }
      >
        {t('coupons.error')}
      </Alert>
    );
  const now = Date.now();
  const list = coupons.data.data.filter((c) => isValid(c, now));
  if (list.length === 0) return <Typography color="text.secondary">{t('coupons.empty')}</Typography>;
  return (
    <Box component="ul" aria-label={t('coupons.list_label')} sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
      {list.map((c) => (
        <CouponItem key={c.code} coupon={c} now={now} />
      ))}
    </Box>
  );
}
