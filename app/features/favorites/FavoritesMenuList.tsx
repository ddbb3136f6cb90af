import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { Favorite } from '#common/api/favorites.ts';
import { useFavorites } from './api.ts';
import { FAVORITES_PAGE, showPath } from './paths.ts';
import { ShowMenuRow } from './ShowMenuRow.tsx';

/** Where the menu's states sit. */
const NOTE = { px: 2, py: 1.5 };

/** Online first, then by name (live updates can change who is online between polls). */
export const onlineFirst = (list: readonly Favorite[]) =>
  [...list].sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));

/** The favorites menu: each favorite links to its show; the last item opens the favorites page. */
export function FavoritesMenuList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const favorites = useFavorites(true);
  let body: React.ReactNode;
  if (favorites.isPending) {
    body = <LoadState kind="loading" label={t('navbar.favorites.loading')} size={24} sx={NOTE} />;
  } else if (favorites.isError && !favorites.data) {
    body = <LoadState kind="error" plain announce text={t('navbar.favorites.failed')} sx={NOTE} />;
  } else if (favorites.data.data.length === 0) {
    body = <LoadState kind="empty" announce text={t('navbar.favorites.empty')} sx={NOTE} />;
  } else {
    body = onlineFirst(favorites.data.data).map((f) => (
      <MenuItem key={f.universalId} component={RouterLink} to={showPath(f.show)} onClick={onClose}>
        <ShowMenuRow show={f.show} name={f.name} online={f.online} />
      </MenuItem>
    ));
  }
  return (
    <Menu
      id="favorites-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { minWidth: 240, maxWidth: 350, maxHeight: 'calc(100vh - 96px)' } },
        list: { 'aria-labelledby': 'favorites-menu-title' },
      }}
    >
      <Typography id="favorites-menu-title" component="h2" variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
        {t('navbar.favorites.title')}
      </Typography>
      <Divider />
      {body}
      <Divider />
      <MenuItem component={RouterLink} to={FAVORITES_PAGE} onClick={onClose}>
        <Typography color="primary">{t('navbar.favorites.manage')}</Typography>
      </MenuItem>
    </Menu>
  );
}
