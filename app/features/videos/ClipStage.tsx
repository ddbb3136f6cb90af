import LockOutlined from '@mui/icons-material/LockOutlined';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RatingDialog } from '#app/features/rating/RatingDialog.tsx';
import type { VideoDetail, VideoPart } from '#common/api/media.ts';
import { AgeGateNotice } from './AgeGateNotice.tsx';
import { useBuyVideo, useRateVideo } from './api.ts';
import { BuyDialog } from './BuyDialog.tsx';
import { ResponsivePicture, WIDE_SIZES } from './ResponsivePicture.tsx';
import { useMediaAgeGate, usePurchaseDialog } from './use-purchase.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import { POSTER_RATIO } from './VideoTile.tsx';

/** The selected part: the player when it is unlocked, else the poster with the buy button; rating for members. */
export function ClipStage({ video, part }: { video: VideoDetail; part: VideoPart }) {
  const { t } = useTranslation();
  const purchase = usePurchaseDialog();
  const gate = useMediaAgeGate();
  const buy = useBuyVideo(video);
  const rate = useRateVideo(video, part.part);
  const [bought, setBought] = useState<number | null>(null);
  const [rating, setRating] = useState(false);
  const item = t('media.clip.part_of', { part: part.part, title: video.title });

  return (
    <Stack spacing={1.5}>
      {part.unlocked && gate.blocked ? (
        <AgeGateNotice checkPath={gate.checkPath} />
      ) : part.unlocked ? (
        <VideoPlayer
          ccid={video.ccid}
          part={part.part}
          poster={video.image}
          title={video.title}
          autoPlay={bought === part.part}
        />
      ) : (
        <Box sx={{ position: 'relative', aspectRatio: POSTER_RATIO, borderRadius: 1, overflow: 'hidden' }}>
          <ResponsivePicture
            src={video.image}
            sources={video.imageSources}
            alt={t('media.poster_alt', { title: video.title })}
            width={320}
            height={180}
            sizes={WIDE_SIZES}
            loading="priority"
          />
          <Stack
            spacing={1}
            sx={{
              position: 'absolute',
              inset: 0,
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: (theme) => alpha(theme.palette.common.black, 0.72),
              color: 'common.white',
              textAlign: 'center',
              p: 2,
            }}
          >
            <LockOutlined aria-hidden sx={{ fontSize: 40 }} />
            <Typography>{t('media.clip.locked', { part: part.part })}</Typography>
            <Button variant="contained" onClick={purchase.start}>
              {t('media.buy.unlock', { count: part.price })}
            </Button>
          </Stack>
        </Box>
      )}
      {part.unlocked && purchase.member && (
        <Box>
          <Button startIcon={<StarBorder />} variant="outlined" onClick={() => setRating(true)}>
            {part.myRating > 0 ? t('media.rate.again', { percent: part.myRating }) : t('media.rate.button')}
          </Button>
        </Box>
      )}
      <BuyDialog
        open={purchase.open}
        onClose={() => {
          purchase.close();
          buy.reset();
        }}
        item={item}
        price={part.price}
        balance={purchase.balance}
        vouchers={video.vouchers}
        buying={buy.isPending}
        error={buy.error}
        onBuy={(useVoucher) =>
          buy.mutateAsync({ part: part.part, useVoucher }).then(
            () => {
              setBought(part.part);
              purchase.close();
            },
            // The dialog shows the failure from `buy.error`.
            () => undefined,
          )
        }
      />
      <RatingDialog
        open={rating}
        onClose={() => setRating(false)}
        onSave={(percent) => rate.mutateAsync(percent)}
        saving={rate.isPending}
        initialPercent={part.myRating}
        title={t('media.rate.title', { item })}
      />
    </Stack>
  );
}
