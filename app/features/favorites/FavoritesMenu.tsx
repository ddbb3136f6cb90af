import FavoriteIcon from '@mui/icons-material/Favorite';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';
import { onlineCount, useFavorites } from './api.ts';
import { FAVORITES_HASH, FAVORITES_PAGE } from './paths.ts';

// The list loads on first open, so the top bar stays light.
const FavoritesMenuList = lazyPart(() => import('./FavoritesMenuList.tsx').then((m) => m.FavoritesMenuList));

/**
 * Top-bar favorites menu (members): a heart with a badge of how many favorites are online,
 * polled every 60 s and kept live by `show:bulkupdate`; the menu lists them, online first.
 */
export function FavoritesMenu() {
  const { t } = useTranslation();
  const member = Boolean(useUser());
  const favorites = useFavorites(member);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(Boolean(anchor));
  const { hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (member && hash === FAVORITES_HASH) void navigate(FAVORITES_PAGE, { replace: true });
  }, [member, hash, navigate]);

  if (!member) return null;
  const online = onlineCount(favorites.data);
  const label = t('navbar.favorites.label', { count: online });
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'favorites-menu' : undefined}
        // Phones carry the favorites (with this badge) in the bottom navigation.
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        <Badge badgeContent={online} color="secondary" max={99}>
          <FavoriteIcon />
        </Badge>
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <FavoritesMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
