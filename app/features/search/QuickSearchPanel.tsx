import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { SearchAllResponse } from '#common/api/search.ts';
import { ResultRow, ShowResultRow } from './ResultRows.tsx';
import { resultHref, searchHref } from './search-params.ts';
import type { QuickSection } from './use-quick-search.ts';

function Section({
  section,
  total,
  term,
  onChosen,
  children,
}: {
  section: QuickSection;
  total: number;
  term: string;
  onChosen: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `quick-search-${section}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', px: 2, gap: 1 }}>
        <Typography id={headingId} component="h2" variant="overline" sx={{ color: 'text.secondary' }}>
          {t(`navbar.search.sections.${section}`)}
        </Typography>
        <Link
          component={RouterLink}
          to={searchHref(`/search/${section}`, { search: term })}
          onClick={onChosen}
          variant="body2"
          underline="hover"
        >
          {t(`navbar.search.all.${section}`, { count: total })}
        </Link>
      </Box>
      <List dense disablePadding>
        {children}
      </List>
    </Box>
  );
}

/** The quick search's overlay content: loading, error, the no-result card, or the three sections. */
export function QuickSearchPanel({
  term,
  results,
  loading,
  error,
  onChosen,
}: {
  term: string;
  results: SearchAllResponse | undefined;
  loading: boolean;
  error: boolean;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  if (error) {
    return <LoadState kind="error" text={t('navbar.search.failed')} sx={{ m: 1 }} />;
  }
  if (loading || !results) {
    return <LoadState kind="loading" row spacing={1.5} size={20} text={t('navbar.search.searching')} sx={{ p: 2 }} />;
  }
  const { shows, videos, galleries } = results;
  if (shows.total + videos.total + galleries.total === 0) {
    return (
      <Card variant="outlined" role="status" sx={{ m: 1 }}>
        <CardContent>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('navbar.search.no_result.title')}
          </Typography>
          <Typography color="text.secondary">{t('navbar.search.no_result.text', { term })}</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Box>
      <Box role="status" sx={visuallyHidden}>
        {t('navbar.search.found', { count: shows.total + videos.total + galleries.total })}
      </Box>
      {shows.total > 0 && (
        <Section section="shows" total={shows.total} term={term} onChosen={onChosen}>
          {shows.data.map((s) => (
            <ShowResultRow key={s.universalId} show={s} to={resultHref.show(s)} onClick={onChosen} />
          ))}
        </Section>
      )}
      {videos.total > 0 && (
        <Section section="videos" total={videos.total} term={term} onChosen={onChosen}>
          {videos.data.map((v) => (
            <ResultRow
              key={v.id}
              to={resultHref.video(v)}
              image={v.image}
              primary={v.title}
              secondary={v.showName}
              onClick={onChosen}
            />
          ))}
        </Section>
      )}
      {galleries.total > 0 && (
        <Section section="galleries" total={galleries.total} term={term} onChosen={onChosen}>
          {galleries.data.map((g) => (
            <ResultRow
              key={g.id}
              to={resultHref.gallery(g)}
              image={g.cover}
              primary={g.title}
              secondary={g.showName}
              onClick={onChosen}
            />
          ))}
        </Section>
      )}
    </Box>
  );
}
