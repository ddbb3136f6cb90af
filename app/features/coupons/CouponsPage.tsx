import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '#app/ui/SectionCard.tsx';
import { CouponList } from './CouponList.tsx';
import { RedeemForm } from './RedeemForm.tsx';

/** /users/profile/coupons: redeem a code, and the member's coupons (the profile page guards members). */
export function CouponsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <SectionCard id="coupon-redeem" title={t('coupons.redeem.title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('coupons.redeem.text')}
        </Typography>
        <RedeemForm />
      </SectionCard>
      <SectionCard id="coupon-list" title={t('coupons.title')}>
        <CouponList />
      </SectionCard>
    </Stack>
  );
}
