import Badge from '@mui/material/Badge';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { studioUnreadQuery } from './inbox-api.ts';

/** The studio's pages as tabs: her live studio, her messages (with her unread count) and her content. */
export function StudioNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useQuery(studioUnreadQuery).data?.unread ?? 0;
  const current = pathname.startsWith('/studio/messages')
    ? '/studio/messages'
    : pathname.startsWith('/studio/content')
      ? '/studio/content'
      : '/studio';
  return (
    <Tabs value={current} component="nav" aria-label={t('studio.inbox.nav')} sx={{ mb: 2 }} variant="fullWidth">
      <Tab value="/studio" label={t('studio.inbox.tab_live')} component={Link} to="/studio" />
      <Tab
        value="/studio/messages"
        component={Link}
        to="/studio/messages"
        aria-label={unread > 0 ? t('studio.inbox.tab_unread', { count: unread }) : undefined}
        label={
          <Badge badgeContent={unread} color="error" max={99} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
            {t('studio.inbox.title')}
          </Badge>
        }
      />
      <Tab value="/studio/content" label={t('studio.content.tab')} component={Link} to="/studio/content" />
    </Tabs>
  );
}
