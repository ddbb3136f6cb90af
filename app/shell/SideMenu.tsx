import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useActiveCouponCount } from '#app/features/coupons/api.ts';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import { VoicecallMenuNotice } from '#app/features/voicecall/VoicecallNotice.tsx';
import { routeNames } from '#app/route-names.ts';
import { DRAWER_WIDTH, HEADER_HEIGHT } from '#common/constants.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { sideMenuItems } from './side-menu-items.ts';

const LEGAL = [
  { key: 'imprint', to: '/imprint' },
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy_policy' },
  { key: 'faq', to: '/faq' },
] as const;

/**
 * The permanent side menu beside the content from 960 px. Drawn like MUI's docked drawer but
 * without Drawer, whose modal code only the phone's temporary drawer (SideMenuDrawer) needs.
 * `dock` (the visitor's welcome offer) sits beneath the items, in the menu's own column, so it
 * covers nothing of the page; the items scroll when it needs their room.
 */
export function PermanentSideMenu({ headerHidden, dock }: { headerHidden: boolean; dock?: ReactNode }) {
  return (
    <Box data-testid="drawer-permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
      <Paper
        square
        elevation={0}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          width: DRAWER_WIDTH,
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          zIndex: (theme) => theme.zIndex.drawer,
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        {!headerHidden && <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT } }} />}
        <SideMenuContent dock={dock} />
      </Paper>
    </Box>
  );
}

/** The side menu's items and legal links; `onNavigate` closes the temporary drawer. */
export function SideMenuContent({ onNavigate, dock }: { onNavigate?: () => void; dock?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session, user } = useSessionState();
  const { local } = usePublicConfig();
  // Logged-in members load their coupons (spec part 1, "Polling"): the billing item's badge.
  const activeCoupons = useActiveCouponCount(Boolean(user?.is_verified));
  const items = sideMenuItems({
    loggedIn: Boolean(user),
    voicecall: session.voicecall,
    agechecked: session.agechecked,
    freeCoinsDisabled: session.sms_coins_disabled,
    freeCoinsAvailable: session.sms_coins_available,
    local,
    now: new Date(),
    routeNames,
    activeCoupons,
  });
  return (
    <>
      <Box component="nav" aria-label={t('sidemenu.label')} sx={{ overflowY: 'auto', flex: 1 }}>
        {session.voicecall && <VoicecallMenuNotice onNavigate={onNavigate} />}
        <List dense={false}>
          {items.map((item) => (
            <ListItemButton
              key={item.key}
              component={RouterLink}
              to={item.to}
              selected={item.to === pathname}
              onClick={onNavigate}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {item.badge ? (
                  // The line beneath the label says what the number counts (and is what screen readers read).
                  <Badge badgeContent={item.badge} color="secondary" slotProps={{ badge: { 'aria-hidden': true } }}>
                    {MENU_ICONS[item.key]}
                  </Badge>
                ) : (
                  MENU_ICONS[item.key]
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(item.label)}
                secondary={item.badge && item.badgeText ? t(item.badgeText, { count: item.badge }) : undefined}
                slotProps={{ secondary: { variant: 'caption' } }}
              />
            </ListItemButton>
          ))}
        </List>
      </Box>
      {dock && <Box sx={{ flexShrink: 0 }}>{dock}</Box>}
      <Divider />
      <Box sx={{ px: 2, py: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
        {LEGAL.map((l) => (
          <Link
            key={l.key}
            component={RouterLink}
            to={l.to}
            onClick={onNavigate}
            variant="caption"
            underline="hover"
            sx={{ color: 'text.secondary' }}
          >
            {t(`footer.links.${l.key}`)}
          </Link>
        ))}
      </Box>
    </>
  );
}
