import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { FavoritesBadge } from '#app/features/favorites/FavoritesBadge.tsx';
import { MessagesBadge } from '#app/features/messages/MessagesBadge.tsx';
import { useSessionState } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { routeNames } from '#app/route-names.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';
import { BOTTOM_NAV_HEIGHT } from '#common/constants.ts';
import { type BottomNavKey, bottomNavItems } from './bottom-nav-items.ts';
import { MENU_ICONS } from './menu-icons.tsx';

/**
 * Five items share a phone's width (78 px each at 390 px): an item may shrink below MUI's 80 px
 * minimum, and a label longer than its item (a 15-character nickname) ends in an ellipsis instead
 * of being clipped at both edges; the whole text stays in the page for screen readers.
 */
const actionSx = {
  minWidth: 0,
  px: 0.5,
  '& .MuiBottomNavigationAction-label': {
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
} as const;

// The messages menu loads on first open, as in the top bar.
const MessagesMenuList = lazyPart(() =>
  import('#app/features/messages/MessagesMenuList.tsx').then((m) => m.MessagesMenuList),
);

/** The item's icon; favorites and messages carry their counts. */
function ItemIcon({ itemKey }: { itemKey: BottomNavKey }) {
  if (itemKey === 'favorites') return <FavoritesBadge>{MENU_ICONS.favorites}</FavoritesBadge>;
  if (itemKey === 'messages') return <MessagesBadge>{MENU_ICONS.messages}</MessagesBadge>;
  return MENU_ICONS[itemKey];
}

/**
 * Bottom navigation on phones; nothing during a voice call. Messages opens the messages menu
 * (unread conversations and latest contacts) above it, as the top bar's button does on wider
 * screens; the menu links the messages page.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const { session, user } = useSessionState();
  const [messagesAnchor, setMessagesAnchor] = useState<HTMLElement | null>(null);
  const menuMounted = useOpenedOnce(Boolean(messagesAnchor));
  const items = bottomNavItems({
    loggedIn: Boolean(user),
    voicecall: session.voicecall,
    routeNames,
    nickname: user?.nicknames.current_nickname?.nickname ?? null,
  });
  if (items.length === 0) return null;
  const current = items.find((i) => i.to === pathname || i.to === hash)?.key ?? false;
  return (
    <Paper
      component="nav"
      aria-label={t('bottomnav.label')}
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {items.map((item) =>
          item.key === 'messages' ? (
            <BottomNavigationAction
              key={item.key}
              value={item.key}
              label={t(item.label)}
              icon={<ItemIcon itemKey={item.key} />}
              onClick={(e) => setMessagesAnchor(e.currentTarget)}
              aria-haspopup="dialog"
              aria-expanded={messagesAnchor ? 'true' : undefined}
              aria-controls={messagesAnchor ? 'messages-menu' : undefined}
              sx={actionSx}
            />
          ) : (
            <BottomNavigationAction
              key={item.key}
              value={item.key}
              label={item.text ?? t(item.label)}
              icon={<ItemIcon itemKey={item.key} />}
              component={RouterLink}
              to={item.to}
              // The nickname's full text where the label ends in an ellipsis.
              title={item.text ?? undefined}
              sx={actionSx}
            />
          ),
        )}
      </BottomNavigation>
      {menuMounted && (
        <Suspense fallback={null}>
          <MessagesMenuList anchor={messagesAnchor} onClose={() => setMessagesAnchor(null)} above />
        </Suspense>
      )}
    </Paper>
  );
}
