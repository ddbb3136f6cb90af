import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { VideoPart } from '#common/api/media.ts';
import { formatDuration } from './format.ts';
import { PriceBadge } from './PriceBadge.tsx';

/** The parts of a video: duration, price or free/unlocked; the selected one is marked as current. */
export function PartList({
  parts,
  selected,
  partPath,
}: {
  parts: VideoPart[];
  selected: number;
  partPath: (part: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <List dense aria-label={t('media.clip.parts')} sx={{ p: 0 }}>
      {parts.map((p) => (
        <ListItemButton
          key={p.part}
          component={RouterLink}
          to={partPath(p.part)}
          replace
          selected={p.part === selected}
          aria-current={p.part === selected ? 'true' : undefined}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            {p.unlocked ? (
              <PlayArrow titleAccess={t('media.unlocked')} />
            ) : (
              <LockOutlined titleAccess={t('media.locked')} />
            )}
          </ListItemIcon>
          <ListItemText
            primary={t('media.clip.part', { part: p.part })}
            secondary={formatDuration(p.duration)}
            sx={{ mr: 1 }}
          />
          <PriceBadge price={p.price} free={p.free} unlocked={p.unlocked && !p.free} />
        </ListItemButton>
      ))}
    </List>
  );
}
