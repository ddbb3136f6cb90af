import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTitle } from '#app/platform/use-title.ts';
import { isGeo, type SearchParams, searchHref } from './search-params.ts';

export type SearchSection = 'all' | 'shows' | 'videos' | 'galleries';
const SECTIONS: readonly SearchSection[] = ['all', 'shows', 'videos', 'galleries'];
export const sectionPath = (s: SearchSection) => (s === 'all' ? '/search' : `/search/${s}`);

/**
 * The frame of every /search page: heading and tabs to the sections (same term). The field is the
 * top bar's quick search (spec part 1): a second one here would ask the same twice.
 */
export function SearchFrame({
  section,
  params,
  children,
}: {
  section: SearchSection;
  params: SearchParams;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const geo = isGeo(params);
  const heading = geo
    ? t('search.near_you')
    : params.search
      ? t('search.results_for', { term: params.search })
      : t('search.title');
  useTitle(geo ? 'search.near_you' : 'search.title');
  // Other sections keep the term (a position belongs to the shows only).
  const tabHref = (s: SearchSection) =>
    searchHref(sectionPath(s), s === 'shows' ? { ...params, page: 1 } : { search: params.search });
  return (
    <Container maxWidth={false} sx={{ py: { xs: 2, md: 3 }, px: { xs: 1, sm: 2 } }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      <Tabs
        value={section}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('search.title')}
        // Narrower tabs on phones: all four fit at 390 px in both languages, none is cut.
        sx={{
          my: 2,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } },
        }}
      >
        {SECTIONS.map((s) => (
          <Tab
            key={s}
            value={s}
            label={s === 'all' ? t('search.sections_all') : t(`navbar.search.sections.${s}`)}
            component={RouterLink}
            to={tabHref(s)}
          />
        ))}
      </Tabs>
      <Box>{children}</Box>
    </Container>
  );
}
