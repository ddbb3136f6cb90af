import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { routeNames } from '#app/route-names.ts';
import { MembersOnly } from './MembersOnly.tsx';

/** The profile's tabs whose page exists in this release; /users/profile itself shows the settings. */
const TABS = [
  { key: 'settings', to: '/users/profile/settings', route: 'users-profile-settings' },
  { key: 'coupons', to: '/users/profile/coupons', route: 'users-profile-coupons' },
  { key: 'favorites', to: '/users/profile/favorites', route: 'users-profile-favorites' },
  { key: 'chats', to: '/users/profile/chats', route: 'users-profile-chats' },
  { key: 'orders', to: '/users/profile/orders', route: 'users-profile-orders' },
].filter((tab) => routeNames.has(tab.route));

/** The tab a path belongs to: its own section, else the settings. */
export function profileTab(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return TABS.find((tab) => path === tab.to || path.startsWith(`${tab.to}/`))?.key ?? 'settings';
}

/** /users/profile: the member's name, the tabs, and the chosen tab below. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = profileTab(pathname);
  return (
    <MembersOnly>
      {(user) => (
        <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1, sm: 2 } }}>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {t('profile.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user.nicknames.current_nickname?.nickname ?? user.name ?? user.email}
          </Typography>
          <Tabs
            value={current}
            aria-label={t('profile.tabs_label')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, '& .MuiTab-root': { px: { xs: 1.5, sm: 2 }, minWidth: { xs: 0, sm: 90 } } }}
          >
            {TABS.map((tab) => (
              <Tab
                key={tab.key}
                value={tab.key}
                label={t(`profile.tabs.${tab.key}`)}
                component={RouterLink}
                to={tab.to}
              />
            ))}
          </Tabs>
          <Box>
            <Outlet />
          </Box>
        </Container>
      )}
    </MembersOnly>
  );
}
