import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '#app/features/session/api.ts';
import type { ShowTile } from '#common/api/shows.ts';
import { previewUrl } from '#common/domain/previews.ts';

const THUMB = { width: 45, height: 34 };

/** One line of a result list: a small picture, a title and a second line, linking to the item. */
export function ResultRow({
  to,
  image,
  primary,
  secondary,
  onClick,
  online,
}: {
  to: string;
  image: string | null;
  primary: string;
  secondary: string;
  onClick?: () => void;
  online?: boolean;
}) {
  const avatar = (
    <Avatar variant="rounded" src={image ?? undefined} alt="" sx={{ ...THUMB, bgcolor: 'action.selected' }}>
      {primary.slice(0, 1).toUpperCase()}
    </Avatar>
  );
  return (
    <li>
      <ListItemButton component={RouterLink} to={to} onClick={onClick} sx={{ px: 2 }}>
        <ListItemAvatar sx={{ minWidth: 58 }}>
          {online === undefined ? (
            avatar
          ) : (
            <Badge
              variant="dot"
              overlap="rectangular"
              color={online ? 'success' : 'default'}
              invisible={!online}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            >
              {avatar}
            </Badge>
          )}
        </ListItemAvatar>
        <ListItemText
          primary={primary}
          secondary={secondary}
          slotProps={{
            primary: { noWrap: true },
            secondary: { noWrap: true },
          }}
        />
      </ListItemButton>
    </li>
  );
}

/** A show in a result list: the small preview, the name, online or offline, age and city. */
export function ShowResultRow({ show, to, onClick }: { show: ShowTile; to: string; onClick?: () => void }) {
  const { t } = useTranslation();
  const { image_hosts } = usePublicConfig();
  const imageId = show.previews[0];
  const image =
    imageId === undefined
      ? null
      : previewUrl(image_hosts, {
          contentproviderId: show.contentproviderId,
          showId: show.id,
          imageId,
          size: '45x34',
        });
  const facts = [
    t(show.online ? 'navbar.search.online' : 'navbar.search.offline'),
    t('navbar.search.age', { count: show.age }),
    show.location.city,
  ].filter(Boolean);
  return (
    <ResultRow
      to={to}
      image={image}
      primary={show.showName}
      secondary={facts.join(' · ')}
      onClick={onClick}
      online={show.online}
    />
  );
}
