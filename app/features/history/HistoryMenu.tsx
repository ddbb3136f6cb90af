import HistoryIcon from '@mui/icons-material/History';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';

// The list loads on first open, so the top bar stays light.
const HistoryMenuList = lazyPart(() => import('./HistoryMenuList.tsx').then((m) => m.HistoryMenuList));

/** Top-bar history menu (members): the shows visited last. */
export function HistoryMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(Boolean(anchor));
  if (!user) return null;
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('navbar.history.label')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'history-menu' : undefined}
      >
        <HistoryIcon />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <HistoryMenuList anchor={anchor} enabled={user.show_history} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
