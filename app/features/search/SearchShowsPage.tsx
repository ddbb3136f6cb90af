import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ShowGrid } from '#app/features/shows/ShowTile.tsx';
import { LoadingOverlay } from '#app/ui/LoadState.tsx';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { searchShowsQuery } from './api.ts';
import { SearchFrame } from './SearchFrame.tsx';
import { SearchEmpty, SearchError, SearchTotal } from './SearchStates.tsx';
import {
  FILTERS,
  readSearchParams,
  resultHref,
  type SearchParams,
  type ShowFilter,
  searchHref,
} from './search-params.ts';

/** The query keys a page link keeps beyond search, tags, sort and cat. */
export const SHOWS_PAGE_KEEPS = ['lat', 'lon', 'filter'] as const;

function FilterChoice({ params }: { params: SearchParams }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={params.filter ?? 'all'}
      aria-label={t('search.filters.label')}
      onChange={(_, value: ShowFilter | 'all' | null) => {
        if (value === null) return;
        const { filter: _old, ...rest } = params;
        void navigate(searchHref('/search/shows', { ...rest, page: 1, ...(value === 'all' ? {} : { filter: value }) }));
      }}
      sx={{ mb: 2, flexWrap: 'wrap' }}
    >
      {(['all', ...FILTERS] as const).map((f) => (
        <ToggleButton key={f} value={f}>
          {t(`search.filters.${f}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** /search/shows: shows by text, position (nearest first, with the distance), tags, category and filter. */
export function SearchShowsPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const params = readSearchParams(query);
  const result = useQuery(searchShowsQuery(params));
  const data = result.data;
  return (
    <SearchFrame section="shows" params={params}>
      <FilterChoice params={params} />
      {result.isError ? (
        <SearchError error={result.error} onRetry={() => void result.refetch()} />
      ) : data && data.total === 0 ? (
        <SearchEmpty message={t('search.empty.shows')} />
      ) : (
        <>
          {data && <SearchTotal total={data.total} />}
          <LoadingOverlay loading={result.isPlaceholderData}>
            <ShowGrid
              shows={data?.data ?? []}
              loading={!data}
              label={t('navbar.search.sections.shows')}
              linkTo={resultHref.show}
            />
          </LoadingOverlay>
          {data && <PageLinks page={data.current_page} lastPage={data.last_page} keep={SHOWS_PAGE_KEEPS} />}
        </>
      )}
    </SearchFrame>
  );
}
