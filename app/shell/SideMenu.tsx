import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import { routeNames } from '#app/routes.tsx';
import { DRAWER_WIDTH, HEADER_HEIGHT } from '#common/constants.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { sideMenuItems } from './side-menu-items.ts';

const LEGAL = [
  { key: 'imprint', to: '/imprint' },
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy_policy' },
  { key: 'faq', to: '/faq' },
] as const;

/** The side menu: permanent beside the content from 960 px, a temporary drawer below. */
export function SideMenu(props: { permanent: boolean; open: boolean; onClose: () => void; headerHidden: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session, user } = useSessionState();
  const { local } = usePublicConfig();
  const items = sideMenuItems({
    loggedIn: Boolean(user),
    voicecall: session.voicecall,
    agechecked: session.agechecked,
    smsCoinsDisabled: session.sms_coins_disabled,
    smsCoinsAvailable: session.sms_coins_available,
    local,
    now: new Date(),
    routeNames,
  });
  const close = props.permanent ? undefined : props.onClose;
  return (
    <Drawer
      variant={props.permanent ? 'permanent' : 'temporary'}
      open={props.permanent || props.open}
      onClose={props.onClose}
      sx={{ width: props.permanent ? DRAWER_WIDTH : 0, flexShrink: 0 }}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
      data-testid={props.permanent ? 'drawer-permanent' : 'drawer-temporary'}
    >
      {props.permanent && !props.headerHidden && <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT } }} />}
      <Box component="nav" aria-label={t('sidemenu.label')} sx={{ overflowY: 'auto', flex: 1 }}>
        <List dense={false}>
          {items.map((item) => (
            <ListItemButton
              key={item.key}
              component={RouterLink}
              to={item.to}
              selected={item.to === pathname}
              onClick={close}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {item.badge ? (
                  <Badge badgeContent={item.badge} color="secondary">
                    {MENU_ICONS[item.key]}
                  </Badge>
                ) : (
                  MENU_ICONS[item.key]
                )}
              </ListItemIcon>
              <ListItemText primary={t(item.label)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Divider />
      <Box sx={{ px: 2, py: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
        {LEGAL.map((l) => (
          <Link
            key={l.key}
            component={RouterLink}
            to={l.to}
            onClick={close}
            variant="caption"
            underline="hover"
            sx={{ color: 'text.secondary' }}
          >
            {t(`footer.links.${l.key}`)}
          </Link>
        ))}
      </Box>
    </Drawer>
  );
}
