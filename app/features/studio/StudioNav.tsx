import Badge from '@mui/material/Badge';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { studioUnreadQuery } from './inbox-api.ts';

/** The studio's pages as tabs: her live studio, her messages with her unread count, and her payouts. */
/** The studio's pages as tabs: her live studio, her messages (with her unread count), her statements of reasons. */
export function StudioNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useQuery(studioUnreadQuery).data?.unread ?? 0;
  const current = ['/studio/messages', '/studio/payouts'].find((p) => pathname.startsWith(p)) ?? '/studio';
  // Three tabs do not fit a phone's width side by side: there they scroll.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const current = pathname.startsWith('/studio/messages')
    ? '/studio/messages'
    : pathname.startsWith('/studio/statements')
      ? '/studio/statements'
      : '/studio';
  return (
    <Tabs
      value={current}
      component="nav"
      aria-label={t('studio.inbox.nav')}
      variant="fullWidth"
      // Three tabs share a phone's width: smaller words, so the longest German one still fits.
      sx={{
        mb: 2,
        '& .MuiTab-root': { minWidth: 0, px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.75rem', sm: '0.875rem' } },
      }}
      sx={{ mb: 2 }}
      variant={narrow ? 'scrollable' : 'fullWidth'}
      scrollButtons={narrow ? 'auto' : false}
      allowScrollButtonsMobile
    >
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
      <Tab value="/studio/payouts" label={t('studio.payouts.tab')} component={Link} to="/studio/payouts" />
      <Tab value="/studio/statements" label={t('studio.statements.tab')} component={Link} to="/studio/statements" />
    </Tabs>
  );
}
