import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { showQuery } from '#app/features/shows/api.ts';
import { ListControls } from '#app/features/videos/ListControls.tsx';
import { ListStatus } from '#app/features/videos/ListStatus.tsx';
import { pageParam, sortParam, tagsParam } from '#app/features/videos/list-params.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { GALLERY_SORTS, type GalleryListParams, type GallerySort, galleryListQuery } from './api.ts';
import { GalleryGrid } from './GalleryTile.tsx';

/** What GET /search/galleries is asked, from the page's query (search, tags, sort, page). */
export function galleryListParams(params: URLSearchParams, showid?: string): GalleryListParams {
  const tags = tagsParam(params).join(',');
  const search = params.get('search')?.trim();
  return {
    page: pageParam(params),
    sort: sortParam<GallerySort>(params, GALLERY_SORTS),
    ...(tags ? { tags } : {}),
    ...(search ? { search } : {}),
    ...(showid ? { showid } : {}),
  };
}

/** /galleries and /galleries/show/:showid/:slug?: every gallery, or a show's, with sort, tags and pages. */
export function GalleriesPage() {
  const { t } = useTranslation();
  const { showid } = useParams();
  const [params] = useSearchParams();
  const list = useQuery(galleryListQuery(galleryListParams(params, showid)));
  const galleries = list.data?.data ?? [];
  const show = useQuery({ ...showQuery(showid ?? ''), enabled: Boolean(showid) });
  const showName = showid ? (show.data?.showName ?? galleries[0]?.showName ?? null) : null;
  useTitle(showName ? 'media.galleries.of_show' : 'media.galleries.title', showName ? { name: showName } : undefined);

  return (
    <Container maxWidth={false} sx={{ py: { xs: 2, md: 3 }, px: { xs: 1, sm: 2 }, maxWidth: 1720 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {showName ? t('media.galleries.of_show', { name: showName }) : t('media.galleries.title')}
      </Typography>
      <ListControls sorts={GALLERY_SORTS} idPrefix="galleries" />
      {list.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('media.galleries.count', { count: list.data.total })}
        </Typography>
      )}
      <GalleryGrid galleries={galleries} loading={list.isFetching} priority />
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && galleries.length === 0}
        emptyText={t('media.galleries.empty')}
        onRetry={() => void list.refetch()}
      />
      {list.data && <PageLinks page={list.data.current_page} lastPage={list.data.last_page} />}
    </Container>
  );
}
