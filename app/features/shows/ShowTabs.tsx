import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ShowDetail } from '#common/api/shows.ts';

type TabKey = 'overview' | 'videos' | 'galleries';

/** Which tab the path under the show page's own path belongs to. */
export function currentTab(pathname: string, base: string): TabKey {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  if (rest.startsWith('/videos')) return 'videos';
  if (rest.startsWith('/galleries')) return 'galleries';
  return 'overview';
}

/** Links to the show page's overview, videos and galleries (child routes). */
export function ShowTabs({ show, base }: { show: ShowDetail; base: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const value = currentTab(pathname, base);
  return (
    <Tabs
      value={value}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('shows.page.sections', { name: show.showName })}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      <Tab value="overview" label={t('shows.page.tab_overview')} component={RouterLink} to={base} />
      <Tab
        value="videos"
        label={t('shows.page.tab_videos', { count: show.videoCount })}
        component={RouterLink}
        to={`${base}/videos`}
      />
      <Tab
        value="galleries"
        label={t('shows.page.tab_galleries', { count: show.galleryCount })}
        component={RouterLink}
        to={`${base}/galleries`}
      />
    </Tabs>
  );
}
