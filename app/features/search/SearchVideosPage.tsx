import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VideoGrid } from '#app/features/videos/VideoTile.tsx';
import { LoadingOverlay } from '#app/ui/LoadState.tsx';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { searchVideosQuery } from './api.ts';
import { SearchFrame } from './SearchFrame.tsx';
import { SearchEmpty, SearchError, SearchTotal } from './SearchStates.tsx';
import { readSearchParams, resultHref } from './search-params.ts';

/** /search/videos: videos by text, tags and category; each opens in the search's clip route. */
export function SearchVideosPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const params = readSearchParams(query);
  const result = useQuery(searchVideosQuery(params));
  const data = result.data;
  return (
    <SearchFrame section="videos" params={params}>
      {result.isError ? (
        <SearchError error={result.error} onRetry={() => void result.refetch()} />
      ) : data && data.total === 0 ? (
        <SearchEmpty message={t('search.empty.videos')} />
      ) : (
        <>
          {data && <SearchTotal total={data.total} />}
          <LoadingOverlay loading={result.isPlaceholderData}>
            <VideoGrid videos={data?.data ?? []} loading={!data} linkTo={resultHref.video} />
          </LoadingOverlay>
          {data && <PageLinks page={data.current_page} lastPage={data.last_page} />}
        </>
      )}
    </SearchFrame>
  );
}
