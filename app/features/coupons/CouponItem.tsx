import CardGiftcard from '@mui/icons-material/CardGiftcard';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Euro from '@mui/icons-material/Euro';
import Movie from '@mui/icons-material/Movie';
import Percent from '@mui/icons-material/Percent';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import Toll from '@mui/icons-material/Toll';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CouponAnswer } from '#common/api/coupons.ts';
import { type CouponType, daysRemaining, isPrize, showsDuration, valueString } from '#common/domain/coupons.ts';
import { CopyCodeButton } from './CopyCodeButton.tsx';

const ICONS: Record<CouponType, ReactElement> = {
  COINS: <Toll />,
  EURO: <Euro />,
  PERCENT: <Percent />,
  FREE: <CardGiftcard />,
  VIDEO: <Movie />,
  GALLERY: <PhotoLibrary />,
};

/**
 * One coupon: type icon and label, value ("N Coins", "N EUR", "N%"), what it does, the validity
 * (days remaining only when 14 or fewer), the prize flag, the code to copy and, for a purchase
 * bonus, the way to the billing page with the code.
 */
export function CouponItem({ coupon, now }: { coupon: CouponAnswer; now: number }) {
  const { t, i18n } = useTranslation();
  const value = valueString(coupon);
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(coupon.valid_until));
  const titleId = `coupon-${coupon.code}-title`;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ display: 'flex', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, listStyle: 'none' }}
    >
      <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', display: { xs: 'none', sm: 'flex' } }}>
        {ICONS[coupon.type]}
      </Avatar>
      <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Box sx={{ display: { xs: 'flex', sm: 'none' }, color: 'primary.main' }} aria-hidden>
            {ICONS[coupon.type]}
          </Box>
          <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
            {t(`coupons.types.${coupon.type}`)}
            {value && ` · ${value}`}
          </Typography>
          {isPrize(coupon) && <Chip size="small" color="secondary" icon={<EmojiEvents />} label={t('coupons.prize')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t(`coupons.descriptions.${coupon.type}`)}
        </Typography>
        <Typography variant="body2">
          {t('coupons.valid_until', { date: until })}
          {showsDuration(coupon, now) && (
            <Typography component="span" variant="body2" color="warning.main" sx={{ fontWeight: 'bold' }}>
              {` · ${t('coupons.days_remaining', { count: daysRemaining(coupon, now) })}`}
            </Typography>
          )}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Box>
            <CopyCodeButton code={coupon.code} />
          </Box>
          {coupon.type === 'PERCENT' && (
            <Button component={RouterLink} to={`/billing/f/${encodeURIComponent(coupon.code)}`} size="small">
              {t('coupons.use_on_billing')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
