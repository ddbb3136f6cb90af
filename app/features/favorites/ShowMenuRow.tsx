import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#app/features/session/api.ts';
import type { ShowTile } from '#common/api/shows.ts';
import { previewUrl } from '#common/domain/previews.ts';

/** The small preview picture of a show (45x34), or null when it has none. */
export function useShowThumb(show: Pick<ShowTile, 'id' | 'previews' | 'contentproviderId'>): string | null {
  const { image_hosts } = usePublicConfig();
  const imageId = show.previews[0];
  if (imageId === undefined) return null;
  return previewUrl(image_hosts, {
    contentproviderId: show.contentproviderId,
    showId: show.id,
    imageId,
    size: '45x34',
  });
}

/** A show in a top-bar menu: picture with the online dot, name, online or offline. */
export function ShowMenuRow({ show, name, online }: { show: ShowTile; name?: string; online?: boolean }) {
  const { t } = useTranslation();
  const thumb = useShowThumb(show);
  const isOnline = online ?? show.online;
  const title = name ?? show.showName;
  return (
    <>
      <ListItemAvatar sx={{ minWidth: 56 }}>
        <Badge
          variant="dot"
          color="success"
          overlap="rectangular"
          invisible={!isOnline}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          <Avatar variant="rounded" src={thumb ?? undefined} alt="" sx={{ width: 45, height: 34 }}>
            {title.slice(0, 1).toUpperCase()}
          </Avatar>
        </Badge>
      </ListItemAvatar>
      <ListItemText
        primary={title}
        secondary={
          <Box component="span" sx={{ color: isOnline ? 'success.main' : 'text.secondary' }}>
            {t(isOnline ? 'favorites.online' : 'favorites.offline')}
          </Box>
        }
        slotProps={{ primary: { noWrap: true } }}
      />
    </>
  );
}
