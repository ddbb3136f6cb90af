import Badge from '@mui/material/Badge';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { studioUnreadQuery } from './inbox-api.ts';

/**
 * The studio's pages as tabs: her live studio, her messages (with her unread count), her content,
 * her payouts, her referral codes and her statements of reasons.
 */
export function StudioNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useQuery(studioUnreadQuery).data?.unread ?? 0;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const current =
    ['/studio/messages', '/studio/content', '/studio/payouts', '/studio/codes', '/studio/statements'].find((p) =>
      pathname.startsWith(p),
    ) ?? '/studio';
  return (
    <Tabs
      value={current}
      component="nav"
      aria-label={t('studio.inbox.nav')}
      // Smaller words on a phone, and the tabs scroll there: four do not fit side by side in German.
      sx={{
        mb: 2,
        '& .MuiTab-root': { minWidth: 0, px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.75rem', sm: '0.875rem' } },
      }}
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
      <Tab value="/studio/content" label={t('studio.content.tab')} component={Link} to="/studio/content" />
      <Tab value="/studio/payouts" label={t('studio.payouts.tab')} component={Link} to="/studio/payouts" />
      <Tab value="/studio/codes" label={t('studio.referrals.tab')} component={Link} to="/studio/codes" />
      <Tab value="/studio/statements" label={t('studio.statements.tab')} component={Link} to="/studio/statements" />
    </Tabs>
  );
}
