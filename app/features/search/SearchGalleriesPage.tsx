import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GalleryGrid } from '#app/features/galleries/GalleryTile.tsx';
import { LoadingOverlay } from '#app/ui/LoadState.tsx';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { searchGalleriesQuery } from './api.ts';
import { SearchFrame } from './SearchFrame.tsx';
import { SearchEmpty, SearchError, SearchTotal } from './SearchStates.tsx';
import { readSearchParams, resultHref } from './search-params.ts';

/** /search/galleries: galleries by text and tags; each opens in the search's pictures route. */
export function SearchGalleriesPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const params = readSearchParams(query);
  const result = useQuery(searchGalleriesQuery(params));
  const data = result.data;
  return (
    <SearchFrame section="galleries" params={params}>
      {result.isError ? (
        <SearchError error={result.error} onRetry={() => void result.refetch()} />
      ) : data && data.total === 0 ? (
        <SearchEmpty message={t('search.empty.galleries')} />
      ) : (
        <>
          {data && <SearchTotal total={data.total} />}
          <LoadingOverlay loading={result.isPlaceholderData}>
            <GalleryGrid galleries={data?.data ?? []} loading={!data} linkTo={resultHref.gallery} />
          </LoadingOverlay>
          {data && <PageLinks page={data.current_page} lastPage={data.last_page} />}
        </>
      )}
    </SearchFrame>
  );
}
