import LockOutlined from '@mui/icons-material/LockOutlined';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RatingDialog } from '#app/features/rating/RatingDialog.tsx';
import { BuyDialog } from '#app/features/videos/BuyDialog.tsx';
import { usePurchaseDialog } from '#app/features/videos/use-purchase.ts';
import type { GalleryDetail } from '#common/api/media.ts';
import { useBuyGallery, useRateGallery } from './api.ts';

/** Unlock (coins or voucher) while locked; rate once unlocked (members). */
export function GalleryActions({ gallery }: { gallery: GalleryDetail }) {
  const { t } = useTranslation();
  const purchase = usePurchaseDialog();
  const buy = useBuyGallery(gallery);
  const rate = useRateGallery(gallery);
  const [rating, setRating] = useState(false);

  if (!gallery.unlocked) {
    return (
      <>
        <Alert severity="info" icon={<LockOutlined />}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <span>{t('media.gallery.locked', { count: gallery.imageCount })}</span>
            <Button variant="contained" size="small" onClick={purchase.start} sx={{ flexShrink: 0 }}>
              {t('media.buy.unlock', { count: gallery.price })}
            </Button>
          </Stack>
        </Alert>
        <BuyDialog
          open={purchase.open}
          onClose={() => {
            purchase.close();
            buy.reset();
          }}
          item={gallery.title}
          price={gallery.price}
          balance={purchase.balance}
          vouchers={gallery.vouchers}
          buying={buy.isPending}
          error={buy.error}
          onBuy={(useVoucher) =>
            // The dialog shows a failure from `buy.error`.
            buy.mutateAsync({ useVoucher }).then(purchase.close, () => undefined)
          }
        />
      </>
    );
  }
  if (!purchase.member) return null;
  return (
    <Stack direction="row">
      <Button startIcon={<StarBorder />} variant="outlined" onClick={() => setRating(true)}>
        {gallery.myRating > 0 ? t('media.rate.again', { percent: gallery.myRating }) : t('media.rate.button')}
      </Button>
      <RatingDialog
        open={rating}
        onClose={() => setRating(false)}
        onSave={(percent) => rate.mutateAsync(percent)}
        saving={rate.isPending}
        initialPercent={gallery.myRating}
        title={t('media.rate.title', { item: gallery.title })}
      />
    </Stack>
  );
}
