import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The price or free/unlocked state of a video, part or gallery. */
export function PriceBadge({ price, free, unlocked = false }: { price: number; free: boolean; unlocked?: boolean }) {
  const { t } = useTranslation();
  if (unlocked) return <Chip size="small" color="success" label={t('media.unlocked')} />;
  if (free && price === 0) return <Chip size="small" color="secondary" label={t('media.free')} />;
  return <Chip size="small" color="primary" label={t('media.price', { count: price })} />;
}
