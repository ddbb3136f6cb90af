import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { percentToStars } from '#common/domain/rating.ts';

/** A read-only average rating: five stars in half steps, the percent and how many rated, for screen readers too. */
export function RatingStars({ percent, count }: { percent: number; count: number }) {
  const { t } = useTranslation();
  if (count <= 0) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('media.not_rated')}
      </Typography>
    );
  }
  const label = t('media.rated', { percent, count });
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="img" aria-label={label}>
      <Rating value={percentToStars(percent, 5, 0.5)} precision={0.5} size="small" readOnly aria-hidden />
      <Typography variant="caption" color="text.secondary" aria-hidden>
        {percent}%
      </Typography>
    </Stack>
  );
}
