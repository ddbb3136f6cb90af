import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '#app/features/session/api.ts';
import { notify } from '#app/ui/snackbar.ts';
import type { Favorite } from '#common/api/favorites.ts';
import { modeOf, normalizeTime } from '#common/domain/favorite-window.ts';
import { previewUrl } from '#common/domain/previews.ts';
import { useToggleFavorite } from './api.ts';
import { showPath } from './paths.ts';

/** "Notifications off", "Notified all day" or "Notified 18:00–23:00". */
export function useWindowSummary(f: Pick<Favorite, 'info_start' | 'info_end'>): string {
  const { t } = useTranslation();
  const mode = modeOf(f);
  if (mode !== 'timespan') return t(`favorites.summary.${mode}`);
  return t('favorites.summary.timespan', {
    start: normalizeTime(f.info_start) ?? '',
    end: normalizeTime(f.info_end) ?? '',
  });
}

/** One favorite on the favorites page: picture, name, online state, window, and its two actions. */
export function FavoriteListItem({ favorite, onWindow }: { favorite: Favorite; onWindow: () => void }) {
  const { t } = useTranslation();
  const { image_hosts } = usePublicConfig();
  const remove = useToggleFavorite(favorite.universalId);
  const summary = useWindowSummary(favorite);
  const show = favorite.show;
  const imageId = show.previews[0];
  const image =
    imageId === undefined
      ? undefined
      : previewUrl(image_hosts, {
          contentproviderId: show.contentproviderId,
          showId: show.id,
          imageId,
          size: '320x240',
        });
  const off = modeOf(favorite) === 'off';
  const name = favorite.name;
  return (
    <Paper component="li" variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1 }}>
      <Badge
        variant="dot"
        color="success"
        overlap="rectangular"
        invisible={!favorite.online}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Avatar variant="rounded" src={image} alt="" sx={{ width: { xs: 64, sm: 96 }, height: { xs: 48, sm: 72 } }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </Badge>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={showPath(show)}
          underline="hover"
          aria-label={t('favorites.page.open', { name })}
          sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Link>
        <Typography variant="body2" sx={{ color: favorite.online ? 'success.main' : 'text.secondary' }}>
          {t(favorite.online ? 'favorites.online' : 'favorites.offline')}
        </Typography>
        {/* Wraps on narrow screens: the times are the point of the line and must not be cut off. */}
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
      </Box>
      <Tooltip title={t('favorites.page.notify', { name })}>
        <IconButton onClick={onWindow} aria-label={t('favorites.page.notify', { name })} aria-haspopup="dialog">
          {off ? <NotificationsOffIcon /> : <NotificationsActiveIcon color="secondary" />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('favorites.page.remove', { name })}>
        <IconButton
          onClick={() =>
            remove.mutate(false, {
              onSuccess: () => notify('favorites.page.removed', 'success', { params: { name } }),
              onError: () => notify('errors.unknown_error', 'error'),
            })
          }
          disabled={remove.isPending}
          aria-label={t('favorites.page.remove', { name })}
        >
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
