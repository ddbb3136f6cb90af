import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { GalleryGrid } from '#app/features/galleries/GalleryTile.tsx';
import { ShowGrid } from '#app/features/shows/ShowTile.tsx';
import { VideoGrid } from '#app/features/videos/VideoTile.tsx';
import { QUICK_SEARCH_MIN_CHARS } from '#common/constants.ts';
import { searchAllQuery } from './api.ts';
import { SearchFrame } from './SearchFrame.tsx';
import { SearchEmpty, SearchError } from './SearchStates.tsx';
import { readSearchParams, resultHref, searchHref } from './search-params.ts';

type Section = 'shows' | 'videos' | 'galleries';

function ResultSection({
  section,
  total,
  term,
  children,
}: {
  section: Section;
  total: number;
  term: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `search-section-${section}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography id={id} component="h2" variant="h6">
          {t(`navbar.search.sections.${section}`)}
        </Typography>
        <Link component={RouterLink} to={searchHref(`/search/${section}`, { search: term })} underline="hover">
          {t(`navbar.search.all.${section}`, { count: total })}
        </Link>
      </Box>
      {children}
    </Box>
  );
}

/** /search: the combined result (shows, videos, galleries), each with a link to its full list. */
export function SearchPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const params = readSearchParams(query);
  const term = params.search;
  const enabled = term.length >= QUICK_SEARCH_MIN_CHARS;
  const result = useQuery({ ...searchAllQuery(term), enabled });
  const data = result.data;
  let body: ReactNode;
  if (!enabled) body = <SearchEmpty message={t('search.prompt')} />;
  else if (result.isError) body = <SearchError error={result.error} onRetry={() => void result.refetch()} />;
  else if (!data) body = <ShowGrid shows={[]} loading skeletons={6} />;
  else if (data.shows.total + data.videos.total + data.galleries.total === 0) {
    body = <SearchEmpty message={t('search.empty.all')} />;
  } else {
    body = (
      <>
        {data.shows.total > 0 && (
          <ResultSection section="shows" total={data.shows.total} term={term}>
            <ShowGrid shows={data.shows.data} label={t('navbar.search.sections.shows')} linkTo={resultHref.show} />
          </ResultSection>
        )}
        {data.videos.total > 0 && (
          <ResultSection section="videos" total={data.videos.total} term={term}>
            <VideoGrid videos={data.videos.data} linkTo={resultHref.video} />
          </ResultSection>
        )}
        {data.galleries.total > 0 && (
          <ResultSection section="galleries" total={data.galleries.total} term={term}>
            <GalleryGrid galleries={data.galleries.data} linkTo={resultHref.gallery} />
          </ResultSection>
        )}
      </>
    );
  }
  return (
    <SearchFrame section="all" params={params}>
      {body}
    </SearchFrame>
  );
}
