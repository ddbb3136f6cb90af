import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * The price or free/unlocked state of a video, part or gallery; `unlockedPart` says which part of
 * a video of several parts was bought (the archive lists one tile per bought part).
 */
export function PriceBadge({
  price,
  free,
  unlocked = false,
  unlockedPart,
}: {
  price: number;
  free: boolean;
  unlocked?: boolean;
  unlockedPart?: { part: number; parts: number };
}) {
  const { t } = useTranslation();
  if (unlocked) {
    const label = unlockedPart && unlockedPart.parts > 1 ? t('media.part_unlocked', unlockedPart) : t('media.unlocked');
    return <Chip size="small" color="success" label={label} />;
  }
  if (free && price === 0) return <Chip size="small" color="secondary" label={t('media.free')} />;
  return <Chip size="small" color="primary" label={t('media.price', { count: price })} />;
}
