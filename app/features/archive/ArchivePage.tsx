import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { MembersOnly } from '#app/features/accounts/MembersOnly.tsx';

const TABS = [
  { key: 'overview', to: '/users/archive' },
  { key: 'videos', to: '/users/archive/videos' },
  { key: 'galleries', to: '/users/archive/galleries' },
] as const;

/** /users/archive: what the member bought (members only; visitors are asked to log in or sign up). */
export function ArchivePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const current = TABS.find((tab) => tab.key !== 'overview' && path.startsWith(tab.to))?.key ?? 'overview';
  return (
    <MembersOnly>
      {() => (
        <Container maxWidth={false} sx={{ py: { xs: 2, md: 3 }, px: { xs: 1, sm: 2 }, maxWidth: 1720 }}>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {t('media.archive.title')}
          </Typography>
          <Tabs value={current} aria-label={t('media.archive.tabs_label')} sx={{ mb: 2 }} variant="scrollable">
            {TABS.map((tab) => (
              <Tab
                key={tab.key}
                value={tab.key}
                label={t(`media.archive.tabs.${tab.key}`)}
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
